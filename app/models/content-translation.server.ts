// Saving one language's version of a row's texts (ADR 032): the `translations` column with only
// that language replaced, in one SQL expression, so two admins translating the same course into
// English and German at once both keep their work, and the Vietnamese columns are not touched.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  cleanFieldTranslations,
  type TranslatableValue,
  type TranslationLanguage,
} from "~/lib/content-language";

/** The new value of `column` (a `translations` column) with `language`'s version set to
 * `version`; a version with nothing translated removes the language. Use in `.set()`. */
export function withTranslation<Field extends string>(
  column: AnyColumn,
  language: TranslationLanguage,
  version: Partial<Record<Field, TranslatableValue | undefined>>,
): SQL {
  const cleaned = cleanFieldTranslations(version);
  if (Object.keys(cleaned).length === 0) return sql`${column} - ${language}::text`;
  return sql`jsonb_set(${column}, array[${language}::text], ${JSON.stringify(cleaned)}::jsonb)`;
}

/** Rows not yet translated into `language`: their `required` field (a title) has no text there.
 * The list filter "chưa dịch sang EN/DE". */
export function untranslatedInto(column: AnyColumn, language: TranslationLanguage, required: string): SQL {
  return sql`coalesce(btrim(${column} -> ${language}::text ->> ${required}::text), '') = ''`;
}
