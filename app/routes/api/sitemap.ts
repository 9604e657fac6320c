import { languages } from "~/i18n/language";
import { escapeXml } from "~/lib/xml";
import { listSitemapEntries } from "~/models/sitemap.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page and published post with its last change, once per language
 * it has an address in, each listing all its languages' addresses (Google's hreflang sitemap:
 * every <url> of a page names every alternate, itself included, and x-default, the Vietnamese). */
export async function loader({ context }: Route.LoaderArgs) {
  const appUrl = context.config.APP_URL;
  const entries = await listSitemapEntries(context.db);
  const link = (hreflang: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${appUrl}${path}`)}"/>`;
  const urls = entries.flatMap((entry) => {
    const present = languages.filter((language) => entry.alternates[language] !== undefined);
    const links = [
      ...present.map((language) => link(language, entry.alternates[language] ?? entry.path)),
      link("x-default", entry.path),
    ].join("");
    return present.map(
      (language) =>
        `  <url><loc>${escapeXml(`${appUrl}${entry.alternates[language]}`)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod>${links}</url>`,
    );
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
