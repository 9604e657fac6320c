// The /contact question form (spec §2 Contact, §4 Contact form, §5): a public form whose
// pending label is "Đang gửi...", leading to the thank-you screen.
import { Phone } from "lucide-react";
import { Form } from "react-router";
import { optionsOf, RadioGroupField, SelectField, TextAreaField } from "~/components/forms/fields";
import {
  PublicForm,
  type PublicFormProps,
  PublicFormSuccess,
  usePublicForm,
} from "~/components/site/public-form";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { contactMethods, contactSubjects, DEFAULT_CONTACT_METHOD } from "~/schemas/domain";
import { LONG_TEXT_MAX_LENGTH } from "~/schemas/field-limits";

/** What the thank-you screen recaps: how the visitor asked to be answered, and where. */
export type ContactRecap = {
  email: string;
  phone: string;
  contactMethod: string;
};

/** The form's schema, loaded on the form's first use (ADR 058). */
const contactSchema = () => import("~/schemas/contact-message").then((module) => module.contactMessageSchema);

export function ContactForm(props: PublicFormProps<ContactRecap>) {
  const { t } = useTranslation("contact");
  const state = usePublicForm(contactSchema, "contact", props, {
    recap: ["email", "phone", "contactMethod"],
    defaultValue: {
      contactMethod: DEFAULT_CONTACT_METHOD,
      name: props.prefill?.name,
      email: props.prefill?.email,
    },
  });
  const { fields } = state;
  const method = fields.contactMethod;
  const checkedMethod = method.initialValue ?? DEFAULT_CONTACT_METHOD;

  return (
    <PublicForm
      state={state}
      person={{ name: fields.name, phone: fields.phone, email: fields.email, emailFirst: true }}
    >
      <SelectField
        label={t("fields.subject")}
        field={fields.subject}
        placeholder={t("form.subjectPlaceholder")}
        options={optionsOf(contactSubjects, (value) => t(`subjects.${value}`))}
        required
      />
      <TextAreaField
        label={t("fields.message")}
        field={fields.message}
        placeholder={t("form.messagePlaceholder")}
        rows={5}
        maxLength={LONG_TEXT_MAX_LENGTH}
        required
      />
      <RadioGroupField
        field={method}
        legend={t("fields.contactMethod")}
        values={contactMethods}
        checked={checkedMethod}
      >
        {(value) => t(`methods.${value}`)}
      </RadioGroupField>
    </PublicForm>
  );
}

/** spec §2 Contact: a thank-you screen that says how the school will answer (the contact
 * method chosen) and where (the entered email, or phone for a call or Zalo), a "send another
 * question" button (a GET of /contact: a blank form, with or without JavaScript) and a call link
 * while the school publishes a phone number. */
export function ContactSuccess({
  sent,
  phone,
  onAgain,
}: {
  sent: ContactRecap;
  /** The school's phone number ("" when it publishes none). */
  phone: string;
  onAgain: () => void;
}) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("contact");
  const method = contactMethods.find((value) => value === sent.contactMethod) ?? DEFAULT_CONTACT_METHOD;
  const answerByEmail = method === "email" || method === "all";
  const answerByPhone = method !== "email";
  return (
    <PublicFormSuccess
      titleId="contact-success-title"
      title={t("success.title")}
      text={t(`success.text.${method}`)}
    >
      {answerByEmail && (
        <p className="mt-2 text-lg font-semibold break-all text-blue-800" data-testid="contact-success-email">
          {sent.email}
        </p>
      )}
      {answerByPhone && (
        <p className="mt-2 text-lg font-semibold break-all text-blue-800" data-testid="contact-success-phone">
          {sent.phone}
        </p>
      )}
      <p className="mx-auto mt-4 max-w-lg text-slate-600">{t("success.responseTime")}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Form method="get" action={localize("/contact")} onSubmit={onAgain}>
          <button type="submit" className={buttonClass("primary", "px-6 py-3")}>
            {t("success.again")}
          </button>
        </Form>
        {phone && (
          <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={buttonClass("secondary", "px-6 py-3")}>
            <Phone aria-hidden="true" className="size-5" />
            {t("success.call", { phone })}
          </a>
        )}
      </div>
    </PublicFormSuccess>
  );
}
