import { eq } from "drizzle-orm";
import { posts } from "~/db/schema";
import { DEMO_DRAFT_SLUG, DEMO_PUBLISHED } from "./blog-support";
import { expect, test } from "./fixtures";

/** Parses XML in the browser; fails on anything that is not well-formed. */
async function parseXml(
  page: import("@playwright/test").Page,
  xml: string,
  selector: string,
  attribute?: string,
) {
  return page.evaluate(
    ({ xml, selector, attribute }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const error = doc.querySelector("parsererror");
      if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
      return [...doc.querySelectorAll(selector)].map((node) =>
        attribute ? (node.getAttribute(attribute) ?? "") : (node.textContent ?? ""),
      );
    },
    { xml, selector, attribute },
  );
}

test.describe("feeds and search engines", () => {
  test("/blog/rss.xml is RSS 2.0 listing only published posts", async ({ page, database, baseURL }) => {
    const response = await page.request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(await parseXml(page, xml, "rss", "version")).toEqual(["2.0"]);
    const links = await parseXml(page, xml, "item > link");
    const published = await database.db
      .select({ slug: posts.slug })
      .from(posts)
      .where(eq(posts.published, true));
    expect(links.sort()).toEqual(published.map((p) => `${baseURL}/blog/${p.slug}`).sort());
    expect(links.length).toBeGreaterThanOrEqual(DEMO_PUBLISHED);
    expect(xml).not.toContain(DEMO_DRAFT_SLUG);
    const titles = await parseXml(page, xml, "item > title");
    expect(titles).toContain("Du hay Sie? Cách xưng hô đúng mực với người Đức");
    for (const date of await parseXml(page, xml, "item > pubDate"))
      expect(Number.isNaN(Date.parse(date))).toBe(false);
  });

  test("/sitemap.xml lists every public page and published post with lastmod", async ({ page, baseURL }) => {
    const response = await page.request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locations = await parseXml(page, xml, "url > loc");
    for (const path of ["/", "/about", "/courses", "/schedule", "/enroll", "/blog", "/contact", "/privacy"]) {
      expect(locations).toContain(`${baseURL}${path}`);
    }
    // Four open courses, each in Vietnamese, English and German (ADR 032), at their slugs (ADR 052).
    expect(locations.filter((loc) => /\/courses\/[a-z0-9]+(-[a-z0-9]+)*$/.test(loc))).toHaveLength(12);
    expect(locations).toContain(`${baseURL}/en/courses/german-for-beginners-a1`);
    expect(locations.filter((loc) => loc.startsWith(`${baseURL}/courses/`))).toHaveLength(4);
    expect(locations).toContain(`${baseURL}/blog/du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc`);
    expect(locations.filter((loc) => loc.startsWith(`${baseURL}/blog/`)).length).toBeGreaterThanOrEqual(
      DEMO_PUBLISHED,
    );
    expect(locations).not.toContain(`${baseURL}/blog/${DEMO_DRAFT_SLUG}`);
    const lastmods = await parseXml(page, xml, "url > lastmod");
    expect(lastmods).toHaveLength(locations.length);
    for (const lastmod of lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test("/robots.txt keeps admin and account pages out and names the sitemap", async ({ page, baseURL }) => {
    const response = await page.request.get("/robots.txt");
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    for (const path of [
      "/admin",
      "/login",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/profile",
      "/api/",
    ]) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
