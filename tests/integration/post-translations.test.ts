// Posts in three languages (issue 19, ADR 032): a translation stored and read per language, one
// language saved without touching the others, slugs unique across languages, the fallback to
// Vietnamese, search per language, the post page's addresses and the RSS feed per language.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { posts, user } from "~/db/schema";
import { newsletterPostMail } from "~/models/newsletter-campaign.server";
import { getPublishedPostBySlug, listLatestPublishedPosts, listPublishedPosts } from "~/models/post.server";
import { createPost, listPostsForAdmin, translatePost, updatePost } from "~/models/post-admin.server";
import { loader as rssLoader } from "~/routes/api/rss";
import { loader as postLoader } from "~/routes/site/blog-post";
import { type PostInput, postTranslationSchema } from "~/schemas/post";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const admin = { id: "post-translations-author", name: "Cô Thu Hà" };
const APP_URL = "https://lernhaus.test";

function input(overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: "Bí quyết đạt B1 tiếng Đức",
    slug: undefined,
    category: "b1-b2",
    excerpt: "Kinh nghiệm ôn thi B1.",
    content: "Học mỗi ngày.",
    tags: ["B1", "mẹo học"],
    thumbnail: undefined,
    published: true,
    featured: false,
    publishAt: undefined,
    newsletterOnPublish: false,
    ...overrides,
  };
}

const english = {
  title: "Secrets of passing B1 German",
  slug: undefined,
  excerpt: "How to prepare for the B1 exam.",
  content: "Study every day.",
  tags: ["B1", "study tips"],
};
const german = {
  title: "Geheimnisse für die B1-Prüfung",
  slug: undefined,
  excerpt: "So bereitest du dich auf B1 vor.",
  content: "Jeden Tag lernen.",
  tags: ["B1", "Lerntipps"],
};

const allPosts = { q: "", category: "all", status: "all", untranslated: "all", page: 1 } as const;
const blogFilters = { q: "", category: "all", page: 1 } as const;

describe("posts in three languages", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let context: AppLoadContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values({ id: admin.id, name: admin.name, email: "thuha@lernhaus.test" });
    const config = parseConfig({ DATA_DIR: "/nonexistent", APP_URL });
    context = { db: database.db, config: { ...config, authSecret: "s".repeat(32) } } as AppLoadContext;
  });
  beforeEach(async () => {
    await database.db.delete(posts);
  });

  async function newPost(overrides: Partial<PostInput> = {}) {
    const result = await createPost(database.db, input(overrides), admin);
    if (!result.ok) throw new Error(result.reason);
    return result;
  }

  async function stored(id: string) {
    const [row] = await database.db.select().from(posts).where(eq(posts.id, id));
    return row!;
  }

  it("stores a translation and reads the post in each language, the slug made from the translated title", async () => {
    const { id } = await newPost();
    expect(await translatePost(database.db, id, "en", english, admin)).toEqual({
      ok: true,
      id,
      slug: "secrets-of-passing-b1-german",
    });

    const inEnglish = await getPublishedPostBySlug(database.db, "secrets-of-passing-b1-german", "en");
    expect(inEnglish).toMatchObject({
      title: english.title,
      excerpt: english.excerpt,
      content: english.content,
      tags: english.tags,
      slug: "secrets-of-passing-b1-german",
      originalSlug: "bi-quyet-dat-b1-tieng-duc",
      fallbackFields: [],
      slugs: { vi: "bi-quyet-dat-b1-tieng-duc", en: "secrets-of-passing-b1-german" },
    });
    // The Vietnamese page of the same post, found by its English slug too.
    expect(await getPublishedPostBySlug(database.db, "secrets-of-passing-b1-german", "vi")).toMatchObject({
      title: "Bí quyết đạt B1 tiếng Đức",
      slug: "bi-quyet-dat-b1-tieng-duc",
    });
  });

  it("falls back to Vietnamese, field by field, where there is no translation", async () => {
    const { id } = await newPost();
    // Only the tags translated: not a translation of the post (no title and body).
    await translatePost(database.db, id, "de", { tags: ["Lerntipps"] }, admin);
    const inGerman = await getPublishedPostBySlug(database.db, "bi-quyet-dat-b1-tieng-duc", "de");
    expect(inGerman).toMatchObject({
      title: "Bí quyết đạt B1 tiếng Đức",
      content: "Học mỗi ngày.",
      tags: ["Lerntipps"],
      slug: "bi-quyet-dat-b1-tieng-duc",
      slugs: { vi: "bi-quyet-dat-b1-tieng-duc" },
    });
    expect(inGerman?.fallbackFields.sort()).toEqual(["content", "excerpt", "title"]);
  });

  it("saving German leaves the English version and the Vietnamese columns as they were", async () => {
    const { id } = await newPost();
    await translatePost(database.db, id, "en", english, admin);
    const before = await stored(id);
    await translatePost(database.db, id, "de", german, admin);
    const after = await stored(id);

    expect(after.translations.en).toEqual(before.translations.en);
    expect(after.translations.de).toMatchObject({
      title: german.title,
      slug: "geheimnisse-fuer-die-b1-pruefung",
    });
    const { translations: _a, updatedAt: _b, ...vietnameseAfter } = after;
    const { translations: _c, updatedAt: _d, ...vietnameseBefore } = before;
    expect(vietnameseAfter).toEqual(vietnameseBefore);

    // Saving Vietnamese keeps both translations.
    await updatePost(database.db, id, input({ title: "Bí quyết mới" }), admin);
    expect((await stored(id)).translations).toEqual(after.translations);
    // Emptying German removes that language only.
    await translatePost(database.db, id, "de", {}, admin);
    expect((await stored(id)).translations).toEqual({ en: before.translations.en });
  });

  it("refuses a slug another post uses in any language, and numbers a generated one", async () => {
    const first = await newPost();
    await translatePost(database.db, first.id, "en", { ...english, slug: "learn-german" }, admin);
    const second = await newPost({ title: "Học tiếng Đức" });

    // Typed: refused, whether the clash is English-German, English-Vietnamese or Vietnamese-English.
    expect(
      await translatePost(database.db, second.id, "de", { ...german, slug: "learn-german" }, admin),
    ).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect(
      await translatePost(
        database.db,
        second.id,
        "en",
        { ...english, slug: "bi-quyet-dat-b1-tieng-duc" },
        admin,
      ),
    ).toEqual({ ok: false, reason: "slug-taken" });
    expect(await updatePost(database.db, second.id, input({ slug: "learn-german" }), admin)).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    // Generated from a title whose slug is taken: the next free one.
    expect(
      await translatePost(database.db, second.id, "de", { ...german, title: "Learn German" }, admin),
    ).toMatchObject({
      ok: true,
      slug: "learn-german-2",
    });
    // A post may use its own slug in two languages.
    expect(
      await translatePost(
        database.db,
        first.id,
        "de",
        { ...german, slug: "bi-quyet-dat-b1-tieng-duc" },
        admin,
      ),
    ).toMatchObject({ ok: true, slug: "bi-quyet-dat-b1-tieng-duc" });
  });

  it("requires a translation's title and body together", () => {
    const parse = (value: Record<string, string>) =>
      postTranslationSchema.safeParse({ language: "de", ...value });
    expect(parse({ title: "Titel" }).error?.issues.map((issue) => issue.path)).toEqual([["content"]]);
    expect(parse({ content: bodyOf("Inhalt") }).error?.issues.map((issue) => issue.path)).toEqual([
      ["title"],
    ]);
    expect(parse({ title: "Titel", content: bodyOf("Inhalt") }).success).toBe(true);
    expect(parse({ excerpt: "Nur die Zusammenfassung" }).success).toBe(true);
    expect(parse({}).success).toBe(true);
    // A typed slug follows the blog's rule in the translation's language.
    expect(parse({ title: "Titel", content: bodyOf("Inhalt"), slug: "Übungen für B1" }).data?.slug).toBe(
      "uebungen-fuer-b1",
    );
    expect(
      postTranslationSchema.safeParse({
        language: "en",
        title: "T",
        content: bodyOf("C"),
        slug: "Übungen für B1",
      }).data?.slug,
    ).toBe("ubungen-fur-b1");
    expect(parse({ title: "Titel", content: bodyOf("Inhalt"), slug: "!!!" }).error?.issues[0]).toMatchObject({
      path: ["slug"],
      message: "admin-posts:validation.slug",
    });
  });

  it("searches what a page in each language shows, accent-insensitively", async () => {
    const translated = await newPost();
    await translatePost(database.db, translated.id, "en", english, admin);
    await newPost({ title: "Ngữ pháp tiếng Đức cơ bản", excerpt: "Cách chia động từ.", tags: ["ngữ pháp"] });
    const titles = async (q: string, language: "vi" | "en" | "de") =>
      (await listPublishedPosts(database.db, { ...blogFilters, q }, language)).posts.map(
        (post) => post.title,
      );

    // English: the English title, excerpt and tags…
    expect(await titles("secrets", "en")).toEqual([english.title]);
    expect(await titles("prepare", "en")).toEqual([english.title]);
    expect(await titles("study tips", "en")).toEqual([english.title]);
    // …and the Vietnamese text of a post not translated into English, without accents too.
    expect(await titles("ngu phap", "en")).toEqual(["Ngữ pháp tiếng Đức cơ bản"]);
    // The Vietnamese title of a translated post is not what the English page shows.
    expect(await titles("bí quyết", "en")).toEqual([]);
    // German: nothing translated, every post by its Vietnamese text.
    expect(await titles("bi quyet", "de")).toEqual(["Bí quyết đạt B1 tiếng Đức"]);
    // Vietnamese unchanged.
    expect(await titles("BÍ QUYẾT", "vi")).toEqual(["Bí quyết đạt B1 tiếng Đức"]);
    expect(await titles("secrets", "vi")).toEqual([]);

    // The list in English: the translated card in English, the other in Vietnamese, marked.
    const list = await listPublishedPosts(database.db, blogFilters, "en");
    const cards = Object.fromEntries(list.posts.map((post) => [post.title, post]));
    expect(cards[english.title]).toMatchObject({ slug: "secrets-of-passing-b1-german", fallbackFields: [] });
    expect(cards["Ngữ pháp tiếng Đức cơ bản"]?.fallbackFields.sort()).toEqual(["excerpt", "tags", "title"]);
  });

  it("lists each post's languages for the admin, finds it by any language's title and filters the untranslated", async () => {
    const translated = await newPost();
    await translatePost(database.db, translated.id, "de", german, admin);
    await newPost({ title: "Ngữ pháp tiếng Đức cơ bản" });

    const list = await listPostsForAdmin(database.db, allPosts);
    expect(Object.fromEntries(list.posts.map((post) => [post.title, post.translated]))).toEqual({
      "Bí quyết đạt B1 tiếng Đức": ["de"],
      "Ngữ pháp tiếng Đức cơ bản": [],
    });
    const found = await listPostsForAdmin(database.db, { ...allPosts, q: "geheimnisse fur" });
    expect(found.posts.map((post) => post.title)).toEqual(["Bí quyết đạt B1 tiếng Đức"]);
    const untranslated = await listPostsForAdmin(database.db, { ...allPosts, untranslated: "de" });
    expect(untranslated.posts.map((post) => post.title)).toEqual(["Ngữ pháp tiếng Đức cơ bản"]);
    expect((await listPostsForAdmin(database.db, { ...allPosts, untranslated: "en" })).total).toBe(2);
  });

  describe("the post page's addresses", () => {
    async function load(path: string, cookie?: string) {
      const request = new Request(`${APP_URL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      const slug = decodeURIComponent(path.split("/").pop()!);
      try {
        return await postLoader({ request, params: { slug }, context } as unknown as Parameters<
          typeof postLoader
        >[0]);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    it("shows a translated post at its own address and moves other slugs there (301)", async () => {
      const { id } = await newPost();
      await translatePost(database.db, id, "de", german, admin);

      const page = (await load("/de/blog/geheimnisse-fuer-die-b1-pruefung")) as unknown as {
        data: { post: { title: string }; alternates: unknown; onlyVietnamese: boolean };
      };
      expect(page.data.post.title).toBe(german.title);
      expect(page.data.onlyVietnamese).toBe(false);
      expect(page.data.alternates).toEqual({
        vi: "/blog/bi-quyet-dat-b1-tieng-duc",
        de: "/de/blog/geheimnisse-fuer-die-b1-pruefung",
      });

      const moved = (await load("/de/blog/bi-quyet-dat-b1-tieng-duc")) as Response;
      expect(moved.status).toBe(301);
      expect(moved.headers.get("Location")).toBe("/de/blog/geheimnisse-fuer-die-b1-pruefung");
      const back = (await load("/blog/geheimnisse-fuer-die-b1-pruefung")) as Response;
      expect(back.status).toBe(301);
      expect(back.headers.get("Location")).toBe("/blog/bi-quyet-dat-b1-tieng-duc");
    });

    it("shows an untranslated post at the Vietnamese slug with the only-Vietnamese note", async () => {
      const { id } = await newPost();
      await translatePost(database.db, id, "de", german, admin);

      const english = (await load("/en/blog/bi-quyet-dat-b1-tieng-duc")) as unknown as {
        data: { post: { title: string; fallbackFields: string[] }; onlyVietnamese: boolean };
      };
      expect(english.data.post.title).toBe("Bí quyết đạt B1 tiếng Đức");
      expect(english.data.post.fallbackFields).toContain("content");
      expect(english.data.onlyVietnamese).toBe(true);
      // Its German slug on the English site: the English (fallback) address.
      const moved = (await load("/en/blog/geheimnisse-fuer-die-b1-pruefung")) as Response;
      expect(moved.headers.get("Location")).toBe("/en/blog/bi-quyet-dat-b1-tieng-duc");
      // The cookie picks the content language at the Vietnamese address.
      const byCookie = (await load("/blog/bi-quyet-dat-b1-tieng-duc", "lng=de")) as unknown as {
        data: { post: { title: string } };
      };
      expect(byCookie.data.post.title).toBe(german.title);
    });
  });

  it("has a feed per language: the translated posts at their addresses there", async () => {
    const translated = await newPost();
    await translatePost(database.db, translated.id, "en", english, admin);
    await newPost({ title: "Ngữ pháp tiếng Đức cơ bản" });
    const feed = async (path: string) => {
      const response = await rssLoader({
        request: new Request(`${APP_URL}${path}`),
        context,
        params: {},
      } as unknown as Parameters<typeof rssLoader>[0]);
      return response.text();
    };

    const englishFeed = await feed("/en/blog/rss.xml");
    expect(englishFeed).toContain("<language>en</language>");
    expect(englishFeed).toContain(`<title>${english.title}</title>`);
    expect(englishFeed).toContain(`<link>${APP_URL}/en/blog/secrets-of-passing-b1-german</link>`);
    expect(englishFeed).toContain(`<description>${english.excerpt}</description>`);
    expect(englishFeed).toContain(`href="${APP_URL}/en/blog/rss.xml"`);
    expect(englishFeed).not.toContain("Ngữ pháp");

    expect(await feed("/de/blog/rss.xml")).not.toContain("<item>");
    const vietnameseFeed = await feed("/blog/rss.xml");
    expect(vietnameseFeed).toContain("<language>vi</language>");
    expect(vietnameseFeed).toContain("<title>Bí quyết đạt B1 tiếng Đức</title>");
    expect(vietnameseFeed).toContain("<title>Ngữ pháp tiếng Đức cơ bản</title>");
    expect((await listLatestPublishedPosts(database.db, 20, "de")).length).toBe(0);
  });

  it("mails a subscriber the post in their language when it is translated", async () => {
    const { id } = await newPost();
    await translatePost(database.db, id, "en", english, admin);
    const post = await stored(id);
    const mail = (language: "vi" | "en" | "de") => newsletterPostMail(language, post, APP_URL, "token");
    expect(mail("en").subject).toContain(english.title);
    expect(mail("en").text).toContain(`${APP_URL}/en/blog/secrets-of-passing-b1-german`);
    expect(mail("de").subject).toContain("Bí quyết đạt B1 tiếng Đức");
    expect(mail("de").text).toContain(`${APP_URL}/blog/bi-quyet-dat-b1-tieng-duc`);
  });
});
