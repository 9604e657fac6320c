// The /contact question form (spec §2 Contact, §4 Contact form, §5): idle → sending (fields
// and button disabled, "Đang gửi...") → thank-you screen, or a red error banner.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Phone } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import {
  distinctMessages,
  FormError,
  FormTokenField,
  HoneypotField,
  PrivacyNotice,
  postSubmission,
  SubmitButton,
  shownFormToken,
  useFocusOnMount,
  useMinimumFillTime,
} from "~/components/site/public-form";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { contactMessageSchema, DEFAULT_CONTACT_METHOD } from "~/schemas/contact-message";
import { contactMethods, contactSubjects } from "~/schemas/domain";
import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/fields";

export function ContactForm({
  lastResult,
  formToken,
  onSent,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** issueFormToken's token, from the page's loader. */
  formToken: string;
  onSent: (email: string) => void;
}) {
  const { t, i18n } = useTranslation("contact");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const token = shownFormToken(formToken, lastResult);
  const waitForMinimumFillTime = useMinimumFillTime(token);

  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    defaultValue: { contactMethod: DEFAULT_CONTACT_METHOD },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: contactMessageSchema, formatError: distinctMessages }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSending(true);
      setFailure(undefined);
      await waitForMinimumFillTime();
      const result = await postSubmission("/api/email/contact", submission.value, i18n.language);
      if (result.ok) return onSent(submission.value.email);
      setSending(false);
      // spec §8: the server's text, or "Lỗi gửi email"; the generic red banner when the server
      // could not be reached.
      setFailure(result.reached ? (result.error ?? t("errors.sendFailed")) : t("errors.generic"));
    },
  });

  const formError = failure ?? form.errors?.map((key) => t(key)).join(" ");
  const method = fields.contactMethod;
  const checkedMethod = method.initialValue ?? DEFAULT_CONTACT_METHOD;

  return (
    <form method="post" {...getFormProps(form)} className="relative space-y-5">
      <FormError message={formError || undefined} />
      <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
      <fieldset disabled={sending} className="space-y-5">
        <TextField
          label={t("fields.name")}
          id={fields.name.id}
          key={fields.name.key}
          name={fields.name.name}
          defaultValue={fields.name.initialValue}
          errors={fields.name.errors}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          required
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("fields.email")}
            type="email"
            id={fields.email.id}
            key={fields.email.key}
            name={fields.email.name}
            defaultValue={fields.email.initialValue}
            errors={fields.email.errors}
            autoComplete="email"
            required
          />
          <TextField
            label={t("fields.phone")}
            type="tel"
            id={fields.phone.id}
            key={fields.phone.key}
            name={fields.phone.name}
            defaultValue={fields.phone.initialValue}
            errors={fields.phone.errors}
            autoComplete="tel"
            maxLength={PHONE_MAX_LENGTH}
            required
          />
        </div>
        <SelectField
          label={t("fields.subject")}
          id={fields.subject.id}
          key={fields.subject.key}
          name={fields.subject.name}
          defaultValue={fields.subject.initialValue ?? ""}
          errors={fields.subject.errors}
          placeholder={t("form.subjectPlaceholder")}
          options={contactSubjects.map((value) => ({ value, label: t(`subjects.${value}`) }))}
          required
        />
        <TextAreaField
          label={t("fields.message")}
          id={fields.message.id}
          key={fields.message.key}
          name={fields.message.name}
          defaultValue={fields.message.initialValue}
          errors={fields.message.errors}
          placeholder={t("form.messagePlaceholder")}
          rows={5}
          maxLength={LONG_TEXT_MAX_LENGTH}
          required
        />
        <fieldset key={method.key} aria-describedby={method.errors ? method.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("fields.contactMethod")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {contactMethods.map((value) => (
              <label key={value} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name={method.name}
                  value={value}
                  defaultChecked={checkedMethod === value}
                  className="size-4 accent-blue-700"
                />
                {t(`methods.${value}`)}
              </label>
            ))}
          </div>
          {method.errors && (
            <p id={method.errorId} className="mt-1 text-sm font-medium text-red-700">
              {method.errors.map((error) => t(error, { ns: "common" })).join(" ")}
            </p>
          )}
        </fieldset>
        <HoneypotField />
        <FormTokenField token={token} />
        <SubmitButton pending={sending} pendingLabel={t("form.submitting")}>
          {t("form.submit")}
        </SubmitButton>
      </fieldset>
      <PrivacyNotice />
    </form>
  );
}

/** spec §2 Contact: a thank-you screen with the entered email, a "send another question"
 * button (a GET of /contact: a blank form, with or without JavaScript) and a call link. */
export function ContactSuccess({
  email,
  phone,
  onAgain,
}: {
  email: string;
  phone: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation("contact");
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="py-8 text-center" role="status">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-green-600" />
      <h2
        id="contact-success-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-3xl font-bold outline-none"
      >
        {t("success.title")}
      </h2>
      <p className="mx-auto mt-4 max-w-lg text-lg text-slate-700">{t("success.text")}</p>
      <p className="mt-2 text-lg font-semibold break-all text-blue-800" data-testid="contact-success-email">
        {email}
      </p>
      <p className="mx-auto mt-4 max-w-lg text-slate-600">{t("success.responseTime")}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Form method="get" action="/contact" onSubmit={onAgain}>
          <button type="submit" className={buttonClass("primary", "px-6 py-3")}>
            {t("success.again")}
          </button>
        </Form>
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={buttonClass("secondary", "px-6 py-3")}>
          <Phone aria-hidden="true" className="size-5" />
          {t("success.call", { phone })}
        </a>
      </div>
    </div>
  );
}
