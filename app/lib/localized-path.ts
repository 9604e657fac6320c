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

/** Unprefixed paths of the pages that have an address per language (app/routes.ts): the public
 * site. Sign-in, account, admin, the newsletter's token pages and the API have one address. */
const PUBLIC_PAGE =
  /^\/(?:|about|courses|courses\/[^/]+|schedule|enroll|contact|privacy|placement-test|placement-test\/[^/]+|trial|blog|blog\/[^/]+)$/;

/** Whether `pathname` (with or without language prefix) is a public page with an address per
 * language. The feed, /blog/rss.xml, is a file, not a page. */
export function isLocalizedPage(pathname: string): boolean {
  const path = unlocalizedPath(pathname);
  return PUBLIC_PAGE.test(path) && path !== "/blog/rss.xml";
}

/** `path` (a site-relative link: path, query, hash) as a page in `language` links to it: a
 * public page gets the language's address, anything else (sign-in, account, API) stays. */
export function localizeLink(path: string, language: Language): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  return isLocalizedPage(pathname) && !languageFromPath(pathname) ? localizePath(path, language) : path;
}

/** Where a visitor who prefers `preferred` (the language cookie) is sent when they open the
 * Vietnamese address `url` (path and query): the page's address in their language, or
 * undefined when they stay (a prefixed or non-public address, or a Vietnamese preference). */
export function preferredLanguageRedirect(url: string, preferred: Language): string | undefined {
  if (preferred === defaultLanguage) return undefined;
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (languageFromPath(pathname) || !isLocalizedPage(pathname)) return undefined;
  return localizePath(url, preferred);
}

/** `url` (path and query of the page shown) as the same page in `language`: a public page (or a
 * prefixed "not found") moves to that language's address, keeping its query; any other page has
 * one address for all. */
export function switchLanguagePath(url: string, language: Language): string {
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (!isLocalizedPage(pathname) && !languageFromPath(pathname)) return url;
  return localizePath(unlocalizedPath(pathname) + (end === -1 ? "" : url.slice(end)), language);
}
