// The SQL pieces the post modules share: the published filter, the popular order and the
// accent-insensitive search (public blog and admin list alike).
import { asc, desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { posts } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { FOLD_FROM, FOLD_TO, normalizeSearchQuery } from "~/lib/blog-rules";
import {
  type ContentTranslations,
  type TranslationLanguage,
  translationLanguages,
} from "~/lib/content-language";

/** foldAccents() of app/lib/blog-rules.ts in SQL: NFC, the same translate() table, then ASCII
 * lower-casing (the "C" collation lower-cases ASCII only, whatever the database's locale). The
 * embedded server has no unaccent extension; this needs nothing but core PostgreSQL. */
function foldSql(expression: SQLWrapper) {
  return sql`lower(translate(normalize(${expression}::text, NFC), ${FOLD_FROM}::text, ${FOLD_TO}::text) collate "C")`;
}

/** A post's translated text field in `language`, null when it has none (absent or blank). */
function translatedText(language: TranslationLanguage, field: "title" | "excerpt") {
  return sql`nullif(btrim(${posts.translations} -> ${language}::text ->> ${field}::text), '')`;
}

/** A post's translated tags in `language`, one a line; null when it has none. */
function translatedTags(language: TranslationLanguage) {
  return sql`nullif((select string_agg(tag, chr(10)) from jsonb_array_elements_text(
    case when jsonb_typeof(${posts.translations} -> ${language}::text -> 'tags') = 'array'
      then ${posts.translations} -> ${language}::text -> 'tags' else '[]'::jsonb end) as tag), '')`;
}

const originalTags = sql`array_to_string(${posts.tags}, chr(10))`;

/** The searchable texts of a post as a page in `language` shows them (ADR 032): each field in
 * that language when translated, else the Vietnamese original — so an English search finds the
 * English title and, of a post not translated into English, the Vietnamese one. */
function shownTexts(language: Language): SQLWrapper[] {
  if (language === defaultLanguage) return [posts.title, posts.excerpt, originalTags];
  const translation = language as TranslationLanguage;
  return [
    sql`coalesce(${translatedText(translation, "title")}, ${posts.title})`,
    sql`coalesce(${translatedText(translation, "excerpt")}, ${posts.excerpt})`,
    sql`coalesce(${translatedTags(translation)}, ${originalTags})`,
  ];
}

/** Every version's texts: what the admin list searches, so a post is found by any language's
 * title (translations that do not exist add nothing). */
function allTexts(): SQLWrapper[] {
  return [
    ...shownTexts(defaultLanguage),
    ...translationLanguages.flatMap((language) => [
      sql`coalesce(${translatedText(language, "title")}, '')`,
      sql`coalesce(${translatedText(language, "excerpt")}, '')`,
      sql`coalesce(${translatedTags(language)}, '')`,
    ]),
  ];
}

/** matchesSearch() of app/lib/blog-rules.ts: the folded query inside the folded title, excerpt or
 * one of the tags (joined by a line break, which a normalized query never contains) — as a page
 * in `language` shows them, or in any language for the admin list ("any"). */
export function searchCondition(
  query: string,
  language: Language | "any" = defaultLanguage,
): SQL | undefined {
  const needle = normalizeSearchQuery(query);
  if (!needle) return undefined;
  const texts = language === "any" ? allTexts() : shownTexts(language);
  return sql`(${sql.join(
    texts.map((text) => sql`strpos(${foldSql(text)}, ${needle}) > 0`),
    sql` or `,
  )})`;
}

/** The translation languages a post is written in (ADR 032: its title and body translated), as
 * a text array: the list's badges without reading the bodies. */
export const translatedLanguagesSql = sql<TranslationLanguage[]>`array_remove(array[${sql.join(
  translationLanguages.map(
    (language) =>
      sql`case when ${translatedText(language, "title")} is not null and nullif(btrim(${posts.translations} -> ${language}::text ->> 'content'), '') is not null then ${language}::text end`,
  ),
  sql`, `,
)}]::text[], null)`;

/** The `translations` column without the bodies: what lists need (titles, slugs, excerpts,
 * tags) without reading every article. */
export const translationsWithoutBodies = sql<
  ContentTranslations<"title" | "slug" | "excerpt" | "tags">
>`(${posts.translations} #- '{en,content}' #- '{de,content}')`;

/** Public now (ADR 053): published, and its publish time, if it has one, has come — the SQL of
 * isPublicNow in app/lib/post-schedule.ts. Every public read (lists, the post page, feeds, the
 * sitemap, share cards, view counts, the newsletter) filters through this one condition, so a
 * scheduled post stays unseen until its time even before the scheduled job has run. */
export const isPublished = sql<boolean>`(${posts.published} and (${posts.publishAt} is null or ${posts.publishAt} <= now()))`;

/** Published with a publish time still ahead: "Đã lên lịch" in the admin. */
export const isScheduled = sql<boolean>`(${posts.published} and ${posts.publishAt} > now())`;

/** spec §9: popular posts by views; the newest first among equals. */
export const popularOrder = [desc(posts.views), desc(posts.createdAt), asc(posts.id)];
