// /og/…png: the pictures a shared link shows (ADR 030). The routes find the course or post; this
// module says what its card shows and answers with the cached PNG.
import { defaultLanguage, type Language, languageFromPath } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { ifNoneMatchNames } from "~/lib/entity-tag";
import { log } from "~/lib/log.server";
import { PreviewImageCache, PreviewTimeoutError } from "~/lib/preview-cache.server";
import type { PreviewCard } from "~/lib/preview-card.server";
import { renderPreviewPng } from "~/lib/preview-render.server";

// A card is about 50 KB: 200 of them (every course and the newest posts) stay well under 16 MB.
// A character no font covers is drawn as nothing: said in the log, so that a title in a script
// the fonts lack is noticed.
const renderLogged = (card: PreviewCard) =>
  renderPreviewPng(card, {
    onMissingGlyphs: (text) =>
      log().warn({ text, heading: card.heading }, "preview card: no glyph for some text"),
  });

export const previewImages = new PreviewImageCache(renderLogged, {
  maxEntries: 200,
  maxBytes: 16 * 1024 * 1024,
  timeoutMs: 15_000,
});

// A card is in the language of the page that links to it (/og/… Vietnamese, /en/og/… English,
// /de/og/… German): the course's or post's title as that page shows it, the labels translated.

/** The language a card's address names (its /en or /de prefix); never the visitor's cookie,
 * since a card is cached publicly and fetched by crawlers that send none. */
export function previewLanguage(request: Request): Language {
  return languageFromPath(new URL(request.url).pathname) ?? defaultLanguage;
}

export function courseCard(course: { title: string; level: string }, language: Language): PreviewCard {
  const t = i18n.getFixedT(language);
  const level = t(`courses:levels.${course.level}`, { defaultValue: "" });
  return {
    heading: course.title,
    badge: course.level,
    label: level ? `${t("courses:card.level")} · ${level}` : t("courses:card.level"),
    brand: t("brand.name"),
  };
}

export function postCard(post: { title: string; category: string }, language: Language): PreviewCard {
  const t = i18n.getFixedT(language);
  return {
    heading: post.title,
    badge: "",
    label: `${t("pages.blog.title")} · ${t(`blog:categories.${post.category}`, { defaultValue: post.category })}`,
    brand: t("brand.name"),
  };
}

/** Every other page: the school's name, its slogan and where the site is. */
export function defaultCard(appUrl: string, language: Language): PreviewCard {
  const t = i18n.getFixedT(language);
  return { heading: t("pages.home.title"), badge: "", label: new URL(appUrl).host, brand: t("brand.name") };
}

// The URL stays when a title is edited, so the picture is kept an hour, then revalidated.
const CACHE_CONTROL = "public, max-age=3600";

export async function previewImageResponse(request: Request, card: PreviewCard) {
  let image: Awaited<ReturnType<PreviewImageCache["get"]>>;
  try {
    image = await previewImages.get(card);
  } catch (error) {
    if (!(error instanceof PreviewTimeoutError)) throw error;
    return new Response("Busy, try again", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "10" },
    });
  }
  const headers = { ETag: image.etag, "Cache-Control": CACHE_CONTROL };
  if (ifNoneMatchNames(request.headers.get("If-None-Match") ?? undefined, image.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(image.png), {
    headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(image.png.length) },
  });
}
