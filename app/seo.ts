// Titles, descriptions, canonical URLs and Open Graph tags, translated into the page's language.
import type { MetaDescriptor } from "react-router";
import { i18n } from "./i18n/i18n";
import { defaultLanguage, isLanguage } from "./i18n/language";

interface RootData {
  language?: string;
  appUrl?: string;
}

interface MetaArgs {
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/** `page` is the i18n key prefix of the page: `${page}.title` and `${page}.description`. */
export function pageMeta({ matches, location }: MetaArgs, page: string): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const language = isLanguage(root?.language) ? root.language : defaultLanguage;
  const t = i18n.getFixedT(language);
  const brand = t("brand.name");
  const title =
    location.pathname === "/" ? `${brand} – ${t(`${page}.title`)}` : `${t(`${page}.title`)} | ${brand}`;
  const description = t(`${page}.description`);
  const url = `${root?.appUrl ?? ""}${location.pathname}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: { vi: "vi_VN", en: "en_US", de: "de_DE" }[language] },
  ];
}
