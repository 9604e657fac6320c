// Titles, descriptions, canonical URLs and Open Graph tags, translated into the page's language.
import type { MetaDescriptor } from "react-router";
import { i18n } from "./i18n/i18n";
import { defaultLanguage, isLanguage, type Language, languages } from "./i18n/language";
import { isLocalizedPage, localizePath, type PageAlternates, unlocalizedPath } from "./lib/localized-path";

const DEFAULT_PREVIEW_IMAGE = "/og/default.png";
// Every preview card is drawn at this size (app/lib/preview-card.server.ts), the one Facebook,
// Zalo and X show uncropped.
const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 };

interface RootData {
  language?: string;
  appUrl?: string;
}

interface MetaArgs {
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

interface PageText {
  title: string;
  description: string;
  /** The site-relative, unprefixed path of the page's preview card (/og/…png, ADR 030), drawn
   * in the page's language; the school's default card when unset. */
  image?: string;
  type?: "website" | "article";
}

/** The page's interface language, from the root loader's data. */
export function metaLanguage(matches: MetaArgs["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return isLanguage(root?.language) ? root.language : defaultLanguage;
}

const OPEN_GRAPH_LOCALES: Record<Language, string> = { vi: "vi_VN", en: "en_US", de: "de_DE" };

/** The addresses of the page at `pathname` in each language that has one (ADR 032): what its
 * loader names (`alternates`, a post translated into some languages), else the public page's
 * address in every language; a page with one address for all (sign-in, account) has none. */
export function pageAlternates(matches: MetaArgs["matches"], pathname: string): PageAlternates {
  for (const match of [...matches].reverse()) {
    const alternates = (match?.data as { alternates?: PageAlternates } | undefined)?.alternates;
    if (alternates) return alternates;
  }
  if (!isLocalizedPage(pathname)) return {};
  const path = unlocalizedPath(pathname);
  return Object.fromEntries(languages.map((language) => [language, localizePath(path, language)]));
}

/** `page` is either the i18n key prefix of the page (`${page}.title`, `${page}.description`;
 * it may name a namespace: "courses:meta"), or literal texts for data-driven pages. */
export function pageMeta({ matches, location }: MetaArgs, page: string | PageText): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const language = metaLanguage(matches);
  const t = i18n.getFixedT(language);
  const brand = t("brand.name");
  const text: PageText =
    typeof page === "string" ? { title: t(`${page}.title`), description: t(`${page}.description`) } : page;
  const home = unlocalizedPath(location.pathname) === "/";
  const title = home ? `${brand} – ${text.title}` : `${text.title} | ${brand}`;
  const appUrl = root?.appUrl ?? "";
  const alternates = pageAlternates(matches, location.pathname);
  // The page's own address in its language; a page without one in this language (an
  // untranslated post read in English) points to its Vietnamese original.
  const url = `${appUrl}${alternates[language] ?? alternates.vi ?? location.pathname}`;
  const translations = languages.filter((other) => alternates[other] !== undefined);
  // The card in the page's language (/en/og/…, /de/og/…).
  const image = `${appUrl}${localizePath(text.image ?? DEFAULT_PREVIEW_IMAGE, language)}`;
  return [
    { title },
    { name: "description", content: text.description },
    { tagName: "link", rel: "canonical", href: url },
    ...translations.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: other,
      href: `${appUrl}${alternates[other]}`,
    })),
    // Whoever's language has no version of its own gets the Vietnamese one.
    ...(alternates.vi
      ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${appUrl}${alternates.vi}` }]
      : []),
    { property: "og:type", content: text.type ?? "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: text.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OPEN_GRAPH_LOCALES[language] },
    ...translations
      .filter((other) => other !== language)
      .map((other) => ({ property: "og:locale:alternate", content: OPEN_GRAPH_LOCALES[other] })),
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(PREVIEW_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(PREVIEW_IMAGE_SIZE.height) },
    // The card shows the page's title and the school's name: so does its description.
    { property: "og:image:alt", content: title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: title },
  ];
}
