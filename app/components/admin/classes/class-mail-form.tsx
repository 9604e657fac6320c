// "Gửi thư cho cả lớp": a subject and a message to every learner holding a seat. "Preview" asks
// the server for the mail exactly as the first learner will receive it (their language, the
// greeting, the class's details and meeting link); "Send" queues one mail per learner. Works
// without JavaScript: both are posts of the same form.
import { getFormProps } from "@conform-to/react";
import { Eye, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { MailPreview, type PreviewedMail } from "~/components/admin/mail-preview";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { CLASS_MAIL_SUBJECT_MAX_LENGTH, classMessageSchema } from "~/schemas/course-class";
import { LONG_TEXT_MAX_LENGTH } from "~/schemas/field-limits";

export interface ClassMailPreview extends PreviewedMail {
  recipients: number;
}

export function ClassMailForm({
  classId,
  recipients,
  lastResult,
  preview,
}: {
  classId: string;
  recipients: number;
  lastResult: unknown;
  preview: ClassMailPreview | undefined;
}) {
  const { t } = useTranslation("admin-classes");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(classMessageSchema, { id: `class-mail-${classId}`, lastResult });
  const pending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <section
      aria-labelledby="class-mail-heading"
      className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="class-mail-heading" className="text-lg font-bold text-slate-900">
        {t("roster.mail.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("roster.mail.hint", { count: recipients })}</p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
        <FormErrors errors={form.errors} />
        <TextField
          field={fields.subject}
          label={t("roster.mail.subject")}
          required
          maxLength={CLASS_MAIL_SUBJECT_MAX_LENGTH}
        />
        <TextAreaField
          field={fields.body}
          label={t("roster.mail.body")}
          required
          rows={6}
          maxLength={LONG_TEXT_MAX_LENGTH}
        />
        {preview && (
          <MailPreview
            id="class-mail-preview"
            title={t("roster.mail.previewTitle", { count: preview.recipients })}
            labels={{ to: t("roster.mail.to"), subject: t("roster.mail.subject") }}
            mail={preview}
            heading="h3"
            testId="class-mail-preview-text"
          />
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <SubmitButton
            name="intent"
            value="preview"
            variant="secondary"
            pending={pending("preview")}
            icon={<Eye aria-hidden="true" className="size-4" />}
          >
            {t("roster.mail.preview")}
          </SubmitButton>
          <SubmitButton
            name="intent"
            value="send-mail"
            pending={pending("send-mail")}
            pendingLabel={t("roster.mail.sending")}
            disabled={recipients === 0}
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            {t("roster.mail.send", { count: recipients })}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
