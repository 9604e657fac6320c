// The sitemap's language alternates (ADR 032): every public page in Vietnamese, English and
// German; a post in English or German only once its title and body are translated, under its
// translated slug; each <url> names all of its page's addresses and x-default.
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "~/db/schema";
import { readTime } from "~/lib/blog-rules";
import { listSitemapEntries } from "~/models/sitemap.server";
import { loader as sitemapLoader } from "~/routes/api/sitemap";
import { loaderArgs } from "../support/loader-args";
import { createTestDatabase } from "../support/test-database";

const APP = "https://lernhaus.test";

function post(slug: string, translations: (typeof posts.$inferInsert)["translations"] = {}) {
  const content = "Nội dung bài viết.";
  return {
    title: `Bài ${slug}`,
    slug,
    excerpt: "Tóm tắt.",
    content,
    category: "tips",
    tags: [],
    published: true,
    author: "Nguyễn Thị Thu Hà",
    readTime: readTime(content),
    translations,
  };
}

/** The <url> blocks of the sitemap, each as its <loc> and its alternates by hreflang. */
function parse(xml: string) {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, block = ""]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(block)?.[1],
    alternates: Object.fromEntries(
      [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => [lang, href],
      ),
    ),
  }));
}

describe("sitemap alternates", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let urls: ReturnType<typeof parse>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.delete(posts);
    await database.db.insert(posts).values([
      post("nguoi-duc-chao-hoi", {
        de: { title: "Wie Deutsche grüßen", content: "Inhalt.", slug: "wie-deutsche-gruessen" },
        // A title alone is no English version: the body is still Vietnamese.
        en: { title: "How Germans greet" },
      }),
      post("chi-tieng-viet"),
      post("bai-khong-slug-duc", { de: { title: "Entwurf", content: "Inhalt." } }),
    ]);
    const response = await sitemapLoader(loaderArgs<typeof sitemapLoader>(database));
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    urls = parse(xml);
  });

  it("lists a post translated into German with its German address, and no English one", () => {
    const german = urls.find((url) => url.loc === `${APP}/de/blog/wie-deutsche-gruessen`);
    expect(german?.alternates).toEqual({
      vi: `${APP}/blog/nguoi-duc-chao-hoi`,
      de: `${APP}/de/blog/wie-deutsche-gruessen`,
      "x-default": `${APP}/blog/nguoi-duc-chao-hoi`,
    });
    const vietnamese = urls.find((url) => url.loc === `${APP}/blog/nguoi-duc-chao-hoi`);
    expect(vietnamese?.alternates).toEqual(german?.alternates);
    expect(urls.some((url) => url.loc?.startsWith(`${APP}/en/blog/nguoi-duc`))).toBe(false);
  });

  it("lists an untranslated post in Vietnamese only, without alternates of other languages", () => {
    const entries = urls.filter((url) => url.loc?.includes("chi-tieng-viet"));
    expect(entries.map((url) => url.loc)).toEqual([`${APP}/blog/chi-tieng-viet`]);
    expect(entries[0]?.alternates).toEqual({
      vi: `${APP}/blog/chi-tieng-viet`,
      "x-default": `${APP}/blog/chi-tieng-viet`,
    });
  });

  it("uses the Vietnamese slug under /de for a German version without a slug of its own", () => {
    expect(urls.map((url) => url.loc)).toContain(`${APP}/de/blog/bai-khong-slug-duc`);
  });

  it("lists every public page in the three languages", async () => {
    for (const path of [
      "/courses",
      "/about",
      "/blog",
      "/contact",
      "/privacy",
      "/placement-test",
      "/trial",
      "/schedule",
      "/enroll",
    ]) {
      const entry = urls.find((url) => url.loc === `${APP}/en${path}`);
      expect(entry?.alternates, path).toEqual({
        vi: `${APP}${path}`,
        en: `${APP}/en${path}`,
        de: `${APP}/de${path}`,
        "x-default": `${APP}${path}`,
      });
    }
    expect(urls.map((url) => url.loc)).toEqual(expect.arrayContaining([`${APP}/`, `${APP}/en`, `${APP}/de`]));
    const home = (await listSitemapEntries(database.db)).find((entry) => entry.path === "/");
    expect(home?.alternates).toEqual({ vi: "/", en: "/en", de: "/de" });
  });
});
