// Settings › Contact: the school's contact details and social links shown on the site (spec §3).
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { ContactConfig } from "~/models/contact-config.server";
import { contactConfigSchema } from "~/schemas/settings";
import { FormErrors, SaveRow } from "../form-parts";
import { SettingsSection } from "./settings-page";

const contactFields = [
  "address",
  "email",
  "phone",
  "zalo",
  "facebook",
  "instagram",
  "twitter",
  "youtube",
] as const;

export function ContactTab({ contact, lastResult }: { contact: ContactConfig | null; lastResult: unknown }) {
  const { t } = useTranslation("admin-settings");
  const [form, fields] = useAppForm(contactConfigSchema, {
    id: "contact-config",
    lastResult,
    defaultValue: contact ?? {},
  });
  const _saving = useSubmitting("save-contact");
  return (
    <SettingsSection id="contact-heading" title={t("contact.heading")} intro={t("contact.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <TextAreaField field={fields.description} label={t("contact.fields.description")} rows={3} />
        <div className="grid gap-4 md:grid-cols-2">
          {contactFields.map((name) => (
            <TextField
              key={name}
              field={fields[name]}
              label={t(`contact.fields.${name}`)}
              placeholder={t(`contact.placeholders.${name}`)}
              type={name === "email" ? "email" : name === "phone" ? "tel" : "text"}
            />
          ))}
        </div>
        <SaveRow intent="save-contact" />
      </Form>
    </SettingsSection>
  );
}
