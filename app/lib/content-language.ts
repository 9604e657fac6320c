// Content the school writes in three languages (ADR 032). The Vietnamese original lives in the
// row's own columns and is required; English and German versions are optional and live in the
// row's `translations` jsonb, one object per language, holding only the fields translated so far:
//
//   translations = { "en": { "title": "…", "features": ["…"] }, "de": { "title": "…" } }
//
// A page in English or German shows each field in its language when there is one, else the
// Vietnamese original, and says so (`lang="vi"` on that element, see langAttribute).
import { defaultLanguage, type Language } from "~/i18n/language";

/** The languages a translation can be written in: every language but the original's. */
export const translationLanguages = ["en", "de"] as const satisfies readonly Language[];
export type TranslationLanguage = (typeof translationLanguages)[number];

export function isTranslationLanguage(value: unknown): value is TranslationLanguage {
  return typeof value === "string" && (translationLanguages as readonly string[]).includes(value);
}

/** A translatable field holds text, or a list of texts (a course's features, a post's tags). */
export type TranslatableValue = string | readonly string[];

/** One language's version of a row's translatable fields; a field absent or empty is not
 * translated yet. */
export type FieldTranslations<Field extends string> = Partial<Record<Field, TranslatableValue>>;

/** What the `translations` column holds. */
export type ContentTranslations<Field extends string = string> = Partial<
  Record<TranslationLanguage, FieldTranslations<Field>>
>;

function hasText(value: unknown): value is TranslatableValue {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.some((entry) => typeof entry === "string" && entry.trim() !== "");
}

/** A row as a page in `language` shows it: each of `fields` in that language when translated,
 * else the original; `fallbackFields` names the fields shown in Vietnamese although the page is
 * not. For Vietnamese the row is returned as it is, with no fallback. */
export function localizeContent<
  Row extends { translations: ContentTranslations },
  Field extends keyof Row & string,
>(
  row: Row,
  language: Language,
  fields: readonly Field[],
): Omit<Row, "translations"> & { fallbackFields: Field[] } {
  const { translations, ...original } = row;
  if (language === defaultLanguage) return { ...original, fallbackFields: [] };
  const version = (translations as ContentTranslations)[language as TranslationLanguage] ?? {};
  const localized: Record<string, unknown> = { ...original };
  const fallbackFields: Field[] = [];
  for (const field of fields) {
    const translated = version[field];
    if (hasText(translated)) localized[field] = translated;
    else if (hasText((original as Record<string, unknown>)[field])) fallbackFields.push(field);
  }
  return { ...(localized as Omit<Row, "translations">), fallbackFields };
}

/** The attributes of an element showing `field`: `lang="vi"` when it fell back to the original,
 * so screen readers pronounce it and search engines index it as Vietnamese. */
export function langAttribute(
  item: { fallbackFields: readonly string[] },
  field: string,
): { lang?: Language } {
  return item.fallbackFields.includes(field) ? { lang: defaultLanguage } : {};
}

/** The languages a row is written in: always Vietnamese, and each translation language whose
 * `required` fields are all translated (for a course its title, for a post title and body). */
export function contentLanguages(translations: ContentTranslations, required: readonly string[]): Language[] {
  return [
    defaultLanguage,
    ...translationLanguages.filter((language) => {
      const version = translations[language];
      return version !== undefined && required.every((field) => hasText(version[field]));
    }),
  ];
}

/** How far one language's version of a row is: every field translated, some, or none. Drives
 * the badge on the editor's language switch. */
export function translationProgress(
  translations: ContentTranslations,
  language: TranslationLanguage,
  fields: readonly string[],
): "complete" | "partial" | "missing" {
  const version = translations[language] ?? {};
  const done = fields.filter((field) => hasText(version[field])).length;
  if (done === 0) return "missing";
  return done === fields.length ? "complete" : "partial";
}

/** One language's version as it is stored: trimmed texts, empty lists and texts left out, so an
 * untranslated field is absent rather than "". */
export function cleanFieldTranslations<Field extends string>(
  version: Partial<Record<Field, TranslatableValue | undefined>>,
): FieldTranslations<Field> {
  const cleaned: FieldTranslations<Field> = {};
  for (const [field, value] of Object.entries(version) as [Field, TranslatableValue | undefined][]) {
    if (typeof value === "string" && value.trim() !== "") cleaned[field] = value.trim();
    else if (Array.isArray(value)) {
      const entries = value.map((entry) => entry.trim()).filter((entry) => entry !== "");
      if (entries.length > 0) cleaned[field] = entries;
    }
  }
  return cleaned;
}

/** The URL parameter of the language an admin editor shows (`?lang=en`); absent: Vietnamese. */
export const EDIT_LANGUAGE_PARAM = "lang";

/** The language an editor shows, from its URL: English or German when asked, else Vietnamese. */
export function editLanguageFromUrl(url: URL | string): Language {
  const value = new URL(url, "http://x").searchParams.get(EDIT_LANGUAGE_PARAM);
  return isTranslationLanguage(value) ? value : defaultLanguage;
}

/** The list filter "not translated into EN/DE" (`?untranslated=en`). */
export const UNTRANSLATED_PARAM = "untranslated";

export function untranslatedFilterFromUrl(url: URL | string): TranslationLanguage | undefined {
  const value = new URL(url, "http://x").searchParams.get(UNTRANSLATED_PARAM);
  return isTranslationLanguage(value) ? value : undefined;
}
