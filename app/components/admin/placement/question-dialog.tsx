// The add/edit dialog of a placement-test question (issue 29): level, skill and type, the German
// prompt, then what the type needs — a choice question's options (one per line) and its right
// answer typed again, or a gap's accepted answers (one per line) — and the explanation in
// Vietnamese, with its English and German versions if the school has them.
//
// Without JavaScript both groups show, each headed by the type it belongs to, and the action
// says which one to leave empty. Once the page runs, only the chosen type's group shows; the
// other is disabled, so it is not sent (and keeps what was typed, should the type change back).
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { optionsOf, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";
import {
  type PlacementKind,
  type PlacementLevel,
  placementKinds,
  placementLevels,
  placementSkills,
} from "~/lib/placement-test";
import type { AdminPlacementQuestion } from "~/models/placement-bank.server";
import {
  linesOf,
  PLACEMENT_ACCEPTED_MAX,
  PLACEMENT_OPTIONS_MAX,
  PLACEMENT_OPTIONS_MIN,
  placementQuestionSchema,
} from "~/schemas/placement-question";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";

/** What the dialog's fields start with: the question's values, options and answers as lines. */
function formValues(question: AdminPlacementQuestion | undefined, level: PlacementLevel) {
  if (!question) return { level, skill: "grammar", kind: "choice" };
  return {
    level: question.level,
    skill: question.skill,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.join("\n"),
    answer: question.kind === "choice" ? (question.answers[0] ?? "") : "",
    accepted: question.kind === "cloze" ? question.answers.join("\n") : "",
    explanation: question.explanation,
    explanationEn: question.explanationEn,
    explanationDe: question.explanationDe,
  };
}

export function PlacementQuestionDialog({
  question,
  level,
  lastResult,
}: {
  question: AdminPlacementQuestion | undefined;
  /** A new question's level: the one the list shows, else A1. */
  level: PlacementLevel;
  lastResult: unknown;
}) {
  // Before useTranslation, which may suspend (see use-hydrated.ts).
  const hydrated = useHydrated();
  const { t } = useTranslation("admin-placement");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(placementQuestionSchema, {
    id: `placement-question-${question?.id ?? "new"}`,
    lastResult,
    defaultValue: formValues(question, level),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const kind = (fields.kind.value ?? question?.kind ?? "choice") as PlacementKind;
  const shows = (group: PlacementKind) => !hydrated || kind === group;
  const typedOptions = linesOf(typeof fields.options.value === "string" ? fields.options.value : "");
  const optionListId = `${form.id}-typed-options`;
  return (
    <AdminDialog title={question ? t("editTitle") : t("addTitle")} wide>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {question && <input type="hidden" name="id" value={question.id} />}
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            field={fields.level}
            label={t("fields.level")}
            required
            options={optionsOf(placementLevels, (value) => value)}
          />
          <SelectField
            field={fields.skill}
            label={t("fields.skill")}
            required
            options={optionsOf(placementSkills, (value) => t(`skills.${value}`))}
          />
          <SelectField
            field={fields.kind}
            label={t("fields.kind")}
            required
            options={optionsOf(placementKinds, (value) => t(`kinds.${value}`))}
          />
        </div>
        <TextAreaField
          field={fields.prompt}
          label={t("fields.prompt")}
          hint={t("fields.promptHint")}
          required
          lang="de"
          rows={4}
        />
        <fieldset
          hidden={!shows("choice")}
          disabled={!shows("choice")}
          className="space-y-4 rounded-xl border border-slate-200 p-4"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("fields.choiceGroup")}</legend>
          <TextAreaField
            field={fields.options}
            label={t("fields.options")}
            hint={t("fields.optionsHint", { min: PLACEMENT_OPTIONS_MIN, max: PLACEMENT_OPTIONS_MAX })}
            lang="de"
            rows={4}
          />
          <TextField
            field={fields.answer}
            label={t("fields.answer")}
            hint={t("fields.answerHint")}
            lang="de"
            autoComplete="off"
            list={hydrated ? optionListId : undefined}
          />
          {/* Once the page runs, the answer field suggests the options as typed. */}
          {hydrated && (
            <datalist id={optionListId}>
              {/* Options being typed may repeat: keyed by their place. */}
              {typedOptions.map((option, index) => (
                <option key={index} value={option} />
              ))}
            </datalist>
          )}
        </fieldset>
        <fieldset
          hidden={!shows("cloze")}
          disabled={!shows("cloze")}
          className="space-y-4 rounded-xl border border-slate-200 p-4"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("fields.clozeGroup")}</legend>
          <TextAreaField
            field={fields.accepted}
            label={t("fields.accepted")}
            hint={t("fields.acceptedHint", { max: PLACEMENT_ACCEPTED_MAX })}
            lang="de"
            rows={3}
          />
        </fieldset>
        <TextAreaField
          field={fields.explanation}
          label={t("fields.explanation")}
          hint={t("fields.explanationHint")}
          rows={3}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            field={fields.explanationEn}
            label={t("fields.explanationEn")}
            hint={t("fields.optional")}
            lang="en"
            rows={3}
          />
          <TextAreaField
            field={fields.explanationDe}
            label={t("fields.explanationDe")}
            hint={t("fields.optional")}
            lang="de"
            rows={3}
          />
        </div>
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}
