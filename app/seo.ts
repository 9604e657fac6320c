// Titles, descriptions, canonical URLs and Open Graph tags, translated into the page's language.
import type { MetaDescriptor } from "react-router";
import { i18n } from "./i18n/i18n";
import { defaultLanguage, isLanguage } from "./i18n/language";

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
  /** The site-relative path of the page's preview card (/og/…png, ADR 030); the school's
   * default card when unset. */
  image?: string;
  type?: "website" | "article";
}

/** The page's interface language, from the root loader's data. */
export function metaLanguage(matches: MetaArgs["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return isLanguage(root?.language) ? root.language : defaultLanguage;
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
  const title = location.pathname === "/" ? `${brand} – ${text.title}` : `${text.title} | ${brand}`;
  const appUrl = root?.appUrl ?? "";
  const url = `${appUrl}${location.pathname}`;
  const image = `${appUrl}${text.image ?? DEFAULT_PREVIEW_IMAGE}`;
  return [
    { title },
    { name: "description", content: text.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: text.type ?? "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: text.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: { vi: "vi_VN", en: "en_US", de: "de_DE" }[language] },
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
