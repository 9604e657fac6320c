import { defaultLanguage, languageFromPath } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { localizePath } from "~/lib/localized-path";
import { escapeXml } from "~/lib/xml";
import { listLatestPublishedPosts } from "~/models/post.server";
import type { Route } from "./+types/rss";

const FEED_SIZE = 20;

/** RSS 2.0 of the newest published posts, one feed per language (ADR 032): /blog/rss.xml in
 * Vietnamese with every post; /en/blog/rss.xml and /de/blog/rss.xml with the posts translated
 * into that language, at their addresses there. The feed's language is its address's, not the
 * cookie's: a feed reader sends none, and one address must always answer the same feed (it is
 * cached publicly). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const appUrl = context.config.APP_URL;
  const language = languageFromPath(new URL(request.url).pathname) ?? defaultLanguage;
  const t = i18n.getFixedT(language, "blog");
  const posts = await listLatestPublishedPosts(context.db, FEED_SIZE, language);
  const items = posts.map((post) => {
    const url = `${appUrl}${localizePath(`/blog/${encodeURIComponent(post.slug)}`, language)}`;
    return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(url)}</link>
      <guid isPermaLink="true">${escapeXml(url)}</guid>
      <description>${escapeXml(post.excerpt)}</description>
      <category>${escapeXml(t(`categories.${post.category}`, { defaultValue: post.category }))}</category>
      <dc:creator>${escapeXml(post.author)}</dc:creator>
      <pubDate>${post.createdAt.toUTCString()}</pubDate>
    </item>`;
  });
  const lastBuild = posts.reduce((latest, post) => Math.max(latest, post.updatedAt.getTime()), 0);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(t("feed.title"))}</title>
    <link>${escapeXml(`${appUrl}${localizePath("/blog", language)}`)}</link>
    <description>${escapeXml(t("feed.description"))}</description>
    <language>${language}</language>
    <atom:link href="${escapeXml(`${appUrl}${localizePath("/blog/rss.xml", language)}`)}" rel="self" type="application/rss+xml"/>
${lastBuild ? `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Short: an unpublished post leaves readers' feeds within minutes.
      "Cache-Control": "public, max-age=300",
    },
  });
}
