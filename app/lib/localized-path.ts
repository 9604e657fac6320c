// Public pages have an address per language (ADR 032): Vietnamese unprefixed, English under
// /en, German under /de. Browser-safe.
import { defaultLanguage, type Language, languageFromPath } from "~/i18n/language";

/** `path` (a Vietnamese, unprefixed address, with or without query) in `language`:
 * "/courses" → "/en/courses", "/" → "/en". */
export function localizePath(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === "/" || path.startsWith("/?") || path.startsWith("/#")
    ? `/${language}${path.slice(1)}`
    : `/${language}${path}`;
}

/** The Vietnamese address of a localized one: "/de/blog/x" → "/blog/x", "/en" → "/". */
export function unlocalizedPath(pathname: string): string {
  const language = languageFromPath(pathname);
  if (!language) return pathname;
  return pathname.slice(language.length + 1) || "/";
}

/** The addresses of one page in each language that has its own (paths, with prefix). A page
 * whose loader returns none has every language at the same path; a post returns only the
 * languages it is translated into, with their own slugs. */
export type PageAlternates = Partial<Record<Language, string>>;
