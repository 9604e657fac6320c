// Links on a page stay in the page's language (ADR 032): one hook for every public component.
import { useCallback } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { defaultLanguage, isLanguage, type Language, languages } from "~/i18n/language";
import { localizeLink, type PageAlternates, switchLanguagePath } from "~/lib/localized-path";
import type { loader as rootLoader } from "~/root";

/** The language the page is shown in: its address's, else the stored preference (root loader). */
export function usePageLanguage(): Language {
  const language = useRouteLoaderData<typeof rootLoader>("root")?.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/** `localize("/courses")` → "/en/courses" on an English page; sign-in, account and API paths stay
 * as they are. Use it for every site-relative link a public component renders. */
export function useLocalizedPath(): (path: string) => string {
  const language = usePageLanguage();
  return useCallback((path: string) => localizeLink(path, language), [language]);
}

/** Where the language switcher leads for each language: the page's own address in it when its
 * loader names them (`alternates`: a post's translated slugs), else the same path under that
 * language's prefix; the query string is kept. Pages with one address for all stay. */
export function useLanguageTargets(): Record<Language, string> {
  const location = useLocation();
  const matches = useMatches();
  const current = location.pathname + location.search;
  let alternates: PageAlternates | undefined;
  for (const match of [...matches].reverse()) {
    alternates = (match.loaderData as { alternates?: PageAlternates } | undefined)?.alternates;
    if (alternates) break;
  }
  return Object.fromEntries(
    languages.map((language) => {
      const own = alternates?.[language];
      return [language, own ? own + location.search : switchLanguagePath(current, language)];
    }),
  ) as Record<Language, string>;
}
