// The English and German editors of the about page's texts (ADR 032): the same dialog or tab as
// the Vietnamese form, reached with the language switch at its top, showing only the texts that
// translate, each prefilled with its translation so far and with the Vietnamese original under
// it. Every field is optional: one left blank shows the original on the page.
import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  ContentLanguageSwitch,
  OriginalTextHint,
} from "~/components/admin/content-language/content-language-switch";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { type FieldBinding, TextAreaField, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import {
  type ContentTranslations,
  type TranslatableValue,
  type TranslationLanguage,
  translationLanguages,
  translationProgress,
} from "~/lib/content-language";
import { storedBodyText } from "~/lib/rich-text/document";
import { textSummary } from "~/lib/text-summary";
import type { AboutListKind } from "~/schemas/about";
import { aboutInfoRichTextFields } from "~/schemas/about";
import {
  aboutEntryTranslatableFields,
  aboutEntryTranslationSchemas,
  aboutInfoTranslatableFields,
  aboutInfoTranslationSchema,
} from "~/schemas/about-translation";
import { AdminDialog, CancelLink } from "../dialog";
import { FormErrors } from "../form-parts";

/** The intents the translation forms post; the Vietnamese forms keep theirs. */
export const TRANSLATE_ENTRY_INTENT = "translate";
export const TRANSLATE_INFO_INTENT = "translate-info";

/** Texts edited in a text area: long ones, and lists one entry per line. */
const multiline = new Set([
  "description",
  "content",
  "education",
  "achievements",
  "certifications",
  "specialties",
  "mission",
  "vision",
  "method",
  "commitment",
]);
const lists = new Set(["certifications", "specialties"]);

type Original = Record<string, unknown> & { translations: ContentTranslations };

function hasText(value: unknown) {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.length > 0;
}

/** How far each language is, counting only the texts the original has (an empty education or
 * result has nothing to translate). Feeds the badges of the language switch. */
export function progressOf(original: Original, fields: readonly string[]) {
  const written = fields.filter((field) => hasText(original[field]));
  return Object.fromEntries(
    translationLanguages.map((language) => [
      language,
      translationProgress(original.translations, language, written),
    ]),
  ) as Record<TranslationLanguage, ReturnType<typeof translationProgress>>;
}

/** A field's value as its control shows it: a list one entry per line. */
function asText(value: TranslatableValue | unknown) {
  if (Array.isArray(value)) return value.join("\n");
  return typeof value === "string" ? value : "";
}

/** The translated fields, each with the Vietnamese original under it; `richText` names the ones
 * written in the visual editor (ADR 056), whose original is shown as its words. */
function TranslatedFields({
  fields,
  names,
  original,
  label,
  language,
  richText = [],
}: {
  fields: Record<string, FieldBinding>;
  names: readonly string[];
  original: Original;
  label: (name: string) => string;
  language: TranslationLanguage;
  richText?: readonly string[];
}) {
  const { t } = useTranslation("admin-about");
  return names.map((name) => {
    const source = original[name];
    if (richText.includes(name)) {
      const words = textSummary(storedBodyText(asText(source)), 300);
      return (
        <RichTextField
          key={name}
          field={fields[name]!}
          label={label(name)}
          lang={language}
          hint={<OriginalTextHint text={words} />}
        />
      );
    }
    const hint: ReactNode = lists.has(name) ? (
      <>
        {t("fields.onePerLine")} <OriginalTextHint text={Array.isArray(source) ? source.join("; ") : ""} />
      </>
    ) : (
      <OriginalTextHint text={asText(source)} />
    );
    const Field = multiline.has(name) ? TextAreaField : TextField;
    return <Field key={name} field={fields[name]} label={label(name)} hint={hint} />;
  });
}

/** The values a translation form starts from: the language's version so far. */
function translationDefaults(original: Original, names: readonly string[], language: TranslationLanguage) {
  const version = original.translations[language] ?? {};
  return Object.fromEntries([
    ["language", language],
    ...names.map((name) => [name, asText(version[name])]),
  ]) as Record<string, string>;
}

/** "Đang dịch sang tiếng Anh…": says which language the form writes and what a blank field does. */
function TranslatingInto({ language }: { language: TranslationLanguage }) {
  const { t } = useTranslation("content-language");
  return (
    <p className="text-sm text-slate-600">
      {t("content-language:translatingInto", { language: t(`names.${language}`) })}
    </p>
  );
}

/** An entry of one of the four lists in English or German: its dialog with only the texts. */
export function EntryTranslationDialog({
  kind,
  entry,
  language,
  lastResult,
}: {
  kind: AboutListKind;
  entry: Original & { id: string };
  language: TranslationLanguage;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-about");
  const names = aboutEntryTranslatableFields[kind];
  const [form, fields] = useAppForm(aboutEntryTranslationSchemas[kind], {
    id: `about-${kind}-${entry.id}-${language}`,
    lastResult,
    defaultValue: translationDefaults(entry, names, language),
  });
  const saving = useSubmitting(TRANSLATE_ENTRY_INTENT);
  return (
    <AdminDialog title={t(`${kind}.editTitle`)}>
      <div className="space-y-4">
        <ContentLanguageSwitch current={language} progress={progressOf(entry, names)} />
        <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={entry.id} />
          <input type="hidden" name="language" value={language} />
          <TranslatingInto language={language} />
          <FormErrors errors={form.errors} />
          <TranslatedFields
            fields={fields as unknown as Record<string, FieldBinding>}
            names={names}
            original={entry}
            label={(name) => t(`fields.${name}`)}
            language={language}
          />
          <DialogFooter>
            <CancelLink />
            <SaveButton saving={saving} />
          </DialogFooter>
        </Form>
      </div>
    </AdminDialog>
  );
}

function SaveButton({ saving }: { saving: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Button type="submit" name="intent" value={TRANSLATE_ENTRY_INTENT} disabled={saving}>
      {saving ? t("admin:dialog.saving") : t("admin:dialog.save")}
    </Button>
  );
}

/** The general info tab in English or German. */
export function InfoTranslationForm({
  info,
  language,
  lastResult,
  frame,
}: {
  info: Original;
  language: TranslationLanguage;
  lastResult: unknown;
  /** The tab's frame (intro, form error, save row) shared with the Vietnamese form. */
  frame: (props: {
    // biome-ignore lint/suspicious/noExplicitAny: the form's metadata; only its props and errors are read
    form: FormMetadata<any, string[]>;
    children: ReactNode;
  }) => ReactNode;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useAppForm(aboutInfoTranslationSchema, {
    id: `about-info-${language}`,
    lastResult,
    defaultValue: translationDefaults(info, aboutInfoTranslatableFields, language),
  });
  return frame({
    form,
    children: (
      <>
        <input type="hidden" name="language" value={language} />
        <TranslatingInto language={language} />
        <TranslatedFields
          fields={fields as unknown as Record<string, FieldBinding>}
          names={aboutInfoTranslatableFields}
          original={info}
          label={(name) => t(`general.${name}`)}
          language={language}
          richText={aboutInfoRichTextFields}
        />
      </>
    ),
  });
}

/** The switch at the top of an editor: every language once the original exists, else only
 * Vietnamese (a new entry has nothing to translate yet). */
export function EditorLanguageSwitch({
  current,
  original,
  fields,
}: {
  current: Language;
  original: Original | undefined | null;
  fields: readonly string[];
}) {
  return (
    <ContentLanguageSwitch current={current} progress={original ? progressOf(original, fields) : undefined} />
  );
}
