// Settings › Contact: the school's contact details and social links shown on the site (spec §3).
// Once a Vietnamese description is saved, a language switch (ADR 032) offers its English and
// German versions: in those languages the tab shows the description alone and saves that
// language's version only.
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import {
  type ContentTranslations,
  isTranslationLanguage,
  type TranslationLanguage,
  translationProgress,
} from "~/lib/content-language";
import type { ContactConfig } from "~/models/contact-config.server";
import { contactConfigSchema, contactDescriptionTranslationSchema } from "~/schemas/settings";
import { ContentLanguageSwitch, OriginalTextHint } from "../content-language/content-language-switch";
import { FormErrors, SaveRow } from "../form-parts";
import { SettingsSection } from "./settings-page";

/** The intent of the description's English or German save. */
export const SAVE_CONTACT_TRANSLATION_INTENT = "save-contact-translation";

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

export function ContactTab({
  contact,
  translations,
  language,
  lastResult,
}: {
  contact: ContactConfig | null;
  translations: ContentTranslations<"description">;
  /** The language the tab edits (`?lang=`). */
  language: Language;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  // Only a saved Vietnamese description has something to translate.
  const original = contact?.description.trim() ? contact.description : undefined;
  const progress = original
    ? {
        en: translationProgress(translations, "en", ["description"]),
        de: translationProgress(translations, "de", ["description"]),
      }
    : undefined;
  return (
    <SettingsSection id="contact-heading" title={t("contact.heading")} intro={t("contact.intro")}>
      <div className="space-y-4">
        {original && <ContentLanguageSwitch current={language} progress={progress} />}
        {original && isTranslationLanguage(language) ? (
          <DescriptionTranslationForm
            key={language}
            original={original}
            translated={translations[language]?.description}
            language={language}
            lastResult={lastResult}
          />
        ) : (
          <VietnameseContactForm contact={contact} lastResult={lastResult} />
        )}
      </div>
    </SettingsSection>
  );
}

function VietnameseContactForm({
  contact,
  lastResult,
}: {
  contact: ContactConfig | null;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  const [form, fields] = useAppForm(contactConfigSchema, {
    id: "contact-config",
    lastResult,
    defaultValue: contact ?? {},
  });
  return (
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
  );
}

function DescriptionTranslationForm({
  original,
  translated,
  language,
  lastResult,
}: {
  original: string;
  translated: unknown;
  language: TranslationLanguage;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  const { t: tl } = useTranslation("content-language");
  const [form, fields] = useAppForm(contactDescriptionTranslationSchema, {
    id: `contact-config-${language}`,
    lastResult,
    defaultValue: { language, description: typeof translated === "string" ? translated : "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="language" value={language} />
      <p className="text-sm text-slate-700">{tl("translatingInto", { language: tl(`names.${language}`) })}</p>
      <FormErrors errors={form.errors} />
      <TextAreaField
        field={fields.description}
        label={t("contact.fields.description")}
        rows={3}
        lang={language}
        hint={<OriginalTextHint text={original} />}
      />
      <SaveRow intent={SAVE_CONTACT_TRANSLATION_INTENT} />
    </Form>
  );
}
