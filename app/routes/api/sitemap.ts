import { escapeXml } from "~/lib/xml";
import { listSitemapEntries } from "~/models/sitemap.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page and published post with its last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const appUrl = context.config.APP_URL;
  const entries = await listSitemapEntries(context.db);
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(`${appUrl}${entry.path}`)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
