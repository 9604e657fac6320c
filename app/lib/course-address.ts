// A course's readable addresses (ADR 052): /courses/<slug> in Vietnamese, /en/courses/<its English
// slug> and /de/courses/<its German slug>. A course whose title is not translated into a language
// keeps its Vietnamese slug there: its page shows the Vietnamese texts. The database makes the
// slugs from the titles (migration 0019); these helpers read and link them. Browser-safe.
import { defaultLanguage, type Language, languages } from "~/i18n/language";
import type { ContentTranslations, TranslationLanguage } from "./content-language";
import { localizePath, type PageAlternates } from "./localized-path";

/** A course's page, unprefixed: /courses/<slug> (localizePath gives another language's). */
export function courseHref(slug: string) {
  return `/courses/${slug}`;
}

/** A course's slug in `language`: its translation's own when the title is translated, else the
 * Vietnamese one. */
export function courseSlugIn(
  course: { slug: string; translations: ContentTranslations },
  language: Language,
): string {
  if (language === defaultLanguage) return course.slug;
  const own = course.translations[language as TranslationLanguage]?.slug;
  return typeof own === "string" && own !== "" ? own : course.slug;
}

/** A course's slug in every language: its addresses. */
export type CourseSlugs = Record<Language, string>;

export function courseSlugs(course: { slug: string; translations: ContentTranslations }): CourseSlugs {
  return Object.fromEntries(
    languages.map((language) => [language, courseSlugIn(course, language)]),
  ) as CourseSlugs;
}

/** The course's page in every language, with prefix: hreflang, the language switcher, the sitemap. */
export function courseAlternates(slugs: CourseSlugs): PageAlternates {
  return Object.fromEntries(
    languages.map((language) => [language, localizePath(courseHref(slugs[language]), language)]),
  );
}

/** The headers of a course address's 301: a browser keeps it a day, not for ever as it would
 * without a limit — a course may take back an address it had, and a kept redirect away from it
 * would then loop. */
export const COURSE_MOVED_HEADERS = { "Cache-Control": `max-age=${24 * 60 * 60}` };

/** Where /courses/<requested> (under `language`'s prefix, with `search`) moves for good: undefined
 * when it is the course's address in that language; else its address there — a uuid (the old
 * addresses), a former slug, or another language's slug all lead to the one page. */
export function courseRedirect(
  requested: string,
  slugs: CourseSlugs,
  language: Language,
  search = "",
): string | undefined {
  if (requested === slugs[language]) return undefined;
  return `${localizePath(courseHref(slugs[language]), language)}${search}`;
}
