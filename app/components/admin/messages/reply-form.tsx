// The reply form of the reading pane: validated with the same zod schema as the action
// (schemas/message-reply.ts); works without JavaScript. Its text starts as the greeting and the
// signature, and the mail is that text as the admin leaves it; the preview below shows the whole
// mail, updated as the admin types (and, without JavaScript, as the page was rendered).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { MailPreview } from "~/components/admin/mail-preview";
import { TextAreaField } from "~/components/forms/fields";
import { SubmitRow } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { ReplyDraft } from "~/mail/templates/message-reply.server";
import type { AdminMessage } from "~/models/contact-message.server";
import { messageReplySchema, REPLY_MAX_LENGTH, replyMailText } from "~/schemas/message-reply";

export function ReplyForm({
  message,
  draft,
  lastResult,
}: {
  message: AdminMessage;
  draft: ReplyDraft;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("admin-messages");
  const { t: tcommon } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useAppForm(messageReplySchema, {
    id: `reply-${message.id}`,
    lastResult,
    defaultValue: { id: message.id, body: draft.text },
  });
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "reply" &&
    navigation.formData.get("id") === message.id;
  // After a reply went out (the action redirected, no error came back) the form starts again from
  // the greeting and signature; a reply another admin sends meanwhile leaves what this one is
  // typing alone.
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (navigation.state === "idle" && wasSending.current) {
      wasSending.current = false;
      if (!lastResult) form.reset();
    }
  }, [sending, navigation.state, lastResult, form]);
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby={`${form.id}-title`}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id={`${form.id}-title`} className="text-base font-bold text-slate-900">
        {t("reply.title")}
      </h3>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="id" value={message.id} />
      <TextAreaField
        field={fields.body}
        label={t("reply.label")}
        required
        rows={6}
        maxLength={REPLY_MAX_LENGTH}
        hint={t("reply.hint", {
          email: message.email,
          language: tcommon(`language.${message.language}`, { defaultValue: message.language }),
          replyTo: draft.replyTo,
        })}
      />
      <ReplyPreview formId={form.id} draft={draft} body={fields.body.value ?? ""} />
      <SubmitRow
        name="intent"
        value="reply"
        pending={sending}
        pendingLabel={t("reply.sending")}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        {t("reply.submit")}
      </SubmitRow>
    </Form>
  );
}

/** The mail as it will be sent. Its text is in the question's language, whatever the admin's. */
function ReplyPreview({ formId, draft, body }: { formId: string; draft: ReplyDraft; body: string }) {
  const { t } = useTranslation("admin-messages");
  return (
    <MailPreview
      id={`${formId}-preview`}
      title={t("reply.preview.title")}
      labels={{ to: t("reply.preview.to"), subject: t("reply.preview.subject") }}
      mail={{ ...draft, text: replyMailText(body, draft.after) }}
      testId="reply-preview-text"
    />
  );
}
