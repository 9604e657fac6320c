// The privacy page's promises in an enrolment's panel and a message's pane:
// correct the person's name, email and phone; delete this one record (spam) after a ticked
// confirmation; or go to erasing everything of this person. Plain forms: they work without
// JavaScript.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
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
  const [form, fields] = useForm({
    id: `personal-${record.id}`,
    lastResult: editResult,
    defaultValue: { [nameField]: record.name, email: record.email, phone: record.phone },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
          <TextField
            label={t("record.name")}
            errors={nameMeta?.errors}
            {...getInputProps(nameMeta!, { type: "text" })}
            key={nameMeta?.key}
          />
          <TextField
            label={t("record.email")}
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
          />
          <TextField
            label={t("record.phone")}
            errors={fields.phone.errors}
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
          />
          <Button type="submit" disabled={busy}>
            {t("record.save")}
          </Button>
        </Form>
      </details>
      <details open={Boolean(deleteResult)} className="rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
        <summary className="cursor-pointer font-medium text-red-800">{t("record.delete")}</summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={DELETE_RECORD_INTENT} />
          <input type="hidden" name="id" value={record.id} />
          <p className="text-sm text-slate-800">{t("record.deleteText")}</p>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" className="mt-0.5 size-4" />
            <span>{t("record.deleteConfirm")}</span>
          </label>
          {deleteResult?.error?.confirm && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t("errors.confirmDelete")}
            </p>
          )}
          <Button type="submit" variant="danger" disabled={busy}>
            {t("record.deleteSubmit")}
          </Button>
        </Form>
      </details>
      <Link to={eraseHref} className={buttonClass("secondary", "text-sm text-red-700")}>
        {t("record.erasePerson")}
      </Link>
    </section>
  );
}
