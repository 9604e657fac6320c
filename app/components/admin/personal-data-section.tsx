// The privacy page's promises in an enrolment's panel and a message's pane:
// correct the person's name, email and phone; delete this one record (spam) after a ticked
// confirmation; or go to erasing everything of this person. Plain forms: they work without
// JavaScript.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { enrollmentPersonalSchema, messagePersonalSchema } from "~/schemas/personal-data";
import { FormErrors } from "./form-parts";

export const EDIT_PERSONAL_INTENT = "edit-personal";
export const DELETE_RECORD_INTENT = "delete-record";

type NameField = "fullName" | "name";

export function PersonalDataSection({
  record,
  nameField,
  lastResult,
}: {
  record: { id: string; name: string; email: string; phone: string };
  nameField: NameField;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("personal-data");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === record.id;
  const schema = nameField === "fullName" ? enrollmentPersonalSchema : messagePersonalSchema;
  const intentOf = (result: typeof lastResult) =>
    (result?.initialValue as Record<string, unknown> | undefined)?.intent;
  const editResult = intentOf(lastResult) === EDIT_PERSONAL_INTENT ? lastResult : undefined;
  const deleteResult = intentOf(lastResult) === DELETE_RECORD_INTENT ? lastResult : undefined;
  const [form, fields] = useAppForm(schema, {
    id: `personal-${record.id}`,
    lastResult: editResult,
    defaultValue: { [nameField]: record.name, email: record.email, phone: record.phone },
  });
  const nameMeta = nameField === "fullName" ? fields.fullName : fields.name;
  const eraseHref = `/admin/settings/erase?${new URLSearchParams({ email: record.email, phone: record.phone })}`;
  return (
    <section
      aria-labelledby={`personal-${record.id}-heading`}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id={`personal-${record.id}-heading`} className="font-semibold text-slate-900">
        {t("record.title")}
      </h3>
      <details open={Boolean(editResult)} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <summary className="cursor-pointer font-medium text-slate-800">{t("record.edit")}</summary>
        <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={EDIT_PERSONAL_INTENT} />
          <input type="hidden" name="id" value={record.id} />
          <FormErrors errors={form.errors} />
          <TextField field={nameMeta} label={t("record.name")} />
          <TextField field={fields.email} label={t("record.email")} type="email" />
          <TextField field={fields.phone} label={t("record.phone")} type="tel" />
          <SubmitButton pending={busy}>{t("record.save")}</SubmitButton>
        </Form>
      </details>
      <details open={Boolean(deleteResult)} className="rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
        <summary className="cursor-pointer font-medium text-red-800">{t("record.delete")}</summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={DELETE_RECORD_INTENT} />
          <input type="hidden" name="id" value={record.id} />
          <p className="text-sm text-slate-800">{t("record.deleteText")}</p>
          <CheckboxField
            variant="confirm"
            name="confirm"
            label={<span>{t("record.deleteConfirm")}</span>}
            errors={deleteResult?.error?.confirm ? ["personal-data:errors.confirmDelete"] : undefined}
          />
          <SubmitButton variant="danger" pending={busy}>
            {t("record.deleteSubmit")}
          </SubmitButton>
        </Form>
      </details>
      <Link to={eraseHref} className={buttonClass("secondary", "text-sm text-red-700")}>
        {t("record.erasePerson")}
      </Link>
    </section>
  );
}
