// The two singleton documents of the about page (spec §3): about/info ("general info" tab) and
// stats/general ("stats" tab). Each is one form saved in place.
import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { defaultStats, type Stats } from "~/lib/about-page";
import { type ContentTranslations, isTranslationLanguage } from "~/lib/content-language";
import { type AboutInfoInput, aboutInfoRichTextFields, aboutInfoSchema, statsSchema } from "~/schemas/about";
import { aboutInfoTranslatableFields } from "~/schemas/about-translation";
import { FormErrors, SaveRow } from "../form-parts";
import { EditorLanguageSwitch, InfoTranslationForm, TRANSLATE_INFO_INTENT } from "./translation-form";

type LastResult = unknown;

/** The frame of a document saved in place: intro, form error, fields, and Save posting the intent. */
function DocumentForm({
  form,
  intro,
  intent,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: either document's form metadata; only its props and errors are read
  form: FormMetadata<any, string[]>;
  intro: string;
  intent: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      // The story's JSON as it is (multipart), not URL-encoded three times over (ADR 055).
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-600">{intro}</p>
      <FormErrors errors={form.errors} />
      {children}
      <SaveRow intent={intent} divided />
    </Form>
  );
}

const infoFields = ["mission", "vision", "method", "description", "commitment"] as const;

/** The general info in the language the switch above it picks (ADR 032): Vietnamese, the
 * original with every field, or English or German with only the translations. The switch offers
 * the translations once there is an original to translate. */
export function GeneralInfoForm({
  info,
  language,
  lastResult,
}: {
  info: (AboutInfoInput & { translations: ContentTranslations }) | null;
  language: Language;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-about");
  const translating = info && isTranslationLanguage(language) ? language : undefined;
  return (
    <div className="space-y-4">
      <EditorLanguageSwitch
        current={translating ?? "vi"}
        original={info}
        fields={aboutInfoTranslatableFields}
      />
      {info && translating ? (
        <InfoTranslationForm
          key={translating}
          info={info}
          language={translating}
          lastResult={lastResult}
          frame={({ form, children }) => (
            <DocumentForm form={form} intro={t("general.intro")} intent={TRANSLATE_INFO_INTENT}>
              {children}
            </DocumentForm>
          )}
        />
      ) : (
        <OriginalInfoForm info={info} lastResult={lastResult} />
      )}
    </div>
  );
}

function OriginalInfoForm({ info, lastResult }: { info: AboutInfoInput | null; lastResult: LastResult }) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useAppForm(aboutInfoSchema, {
    id: "about-info",
    lastResult,
    defaultValue: info ? Object.fromEntries(infoFields.map((name) => [name, info[name]])) : {},
  });
  return (
    <DocumentForm form={form} intro={t("general.intro")} intent="save-info">
      {infoFields.map((name) =>
        (aboutInfoRichTextFields as readonly string[]).includes(name) ? (
          <RichTextField field={fields[name]} key={name} label={t(`general.${name}`)} />
        ) : (
          <TextAreaField field={fields[name]} key={name} label={t(`general.${name}`)} />
        ),
      )}
    </DocumentForm>
  );
}

const statFields = ["yearsActive", "totalStudents", "successRate", "averageRating"] as const;

export function StatsForm({
  stats,
  lastResult,
}: {
  stats: Partial<Record<keyof Stats, string | null>> | null;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useAppForm(statsSchema, {
    id: "about-stats",
    lastResult,
    defaultValue: Object.fromEntries(statFields.map((name) => [name, stats?.[name] ?? ""])),
  });
  return (
    <DocumentForm form={form} intro={t("stats.intro")} intent="save-stats">
      <div className="grid gap-4 sm:grid-cols-2">
        {statFields.map((name) => (
          <TextField
            field={fields[name]}
            key={name}
            label={t(`stats.${name}`)}
            // spec §9: an empty field shows the default on the page; the placeholder says which.
            placeholder={defaultStats[name]}
            hint={t("stats.default", { value: defaultStats[name] })}
          />
        ))}
      </div>
    </DocumentForm>
  );
}
