import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { posts } from "~/db/schema";
import { matchesSearch, PAGE_SIZE, readTime } from "~/lib/blog-rules";
import type { ChangeTopic } from "~/lib/change-topics";
import {
  countPublishedPostsByCategory,
  getPostBySlugForPreview,
  getPublishedPostBySlug,
  listFeaturedPosts,
  listLatestPublishedPosts,
  listPopularPosts,
  listPublishedPostSlugs,
  listPublishedPosts,
  listRelatedPosts,
} from "~/models/post.server";
import { postViewVisitor, recordPostView, viewDay } from "~/models/post-view.server";
import { listSitemapEntries } from "~/models/sitemap.server";
import { createTestDatabase } from "../support/test-database";

type NewPost = typeof posts.$inferInsert;
let counter = 0;

function post(overrides: Partial<NewPost> = {}): NewPost {
  counter++;
  const content = overrides.content ?? "Nội dung bài viết.";
  return {
    title: `Bài viết ${counter}`,
    slug: `bai-viet-${counter}`,
    excerpt: "Tóm tắt ngắn.",
    content,
    category: "tips",
    tags: [],
    published: true,
    author: "Nguyễn Thị Thu Hà",
    readTime: readTime(content),
    createdAt: new Date(Date.UTC(2025, 0, 1) + counter * 60_000),
    ...overrides,
  };
}

const all = { q: "", category: "all" as const, page: 1 };

describe("public blog queries", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: ChangeBus;
  const topics: ChangeTopic[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = await startChangeBus(database.url);
    bus.subscribe((topic) => topics.push(topic));
  });
  afterAll(async () => {
    await bus.close();
  });
  beforeEach(async () => {
    await database.db.delete(posts);
  });

  const insert = async (...rows: NewPost[]) =>
    database.db.insert(posts).values(rows).returning({ id: posts.id, slug: posts.slug });

  it("never returns a draft from any public query", async () => {
    const [draft] = await insert(
      post({
        title: "Bản nháp học tiếng Đức",
        slug: "ban-nhap",
        published: false,
        featured: true,
        views: 9999,
      }),
      post({ title: "Bài công khai", slug: "cong-khai" }),
    );
    const published = ["cong-khai"];
    expect((await listPublishedPosts(database.db, all)).posts.map((p) => p.slug)).toEqual(published);
    expect((await listPublishedPosts(database.db, { ...all, q: "nháp" })).posts).toEqual([]);
    expect((await listFeaturedPosts(database.db)).map((p) => p.slug)).toEqual([]);
    expect((await listPopularPosts(database.db)).map((p) => p.slug)).toEqual(published);
    expect((await listLatestPublishedPosts(database.db)).map((p) => p.slug)).toEqual(published);
    expect((await listPublishedPostSlugs(database.db)).map((p) => p.slug)).toEqual(published);
    expect(await countPublishedPostsByCategory(database.db)).toEqual({ all: 1, byCategory: { tips: 1 } });
    expect(await getPublishedPostBySlug(database.db, "ban-nhap")).toBeUndefined();
    expect(
      await listRelatedPosts(database.db, { id: "00000000-0000-0000-0000-000000000000", category: "tips" }),
    ).toHaveLength(1);
    const sitemap = (await listSitemapEntries(database.db)).map((entry) => entry.path);
    expect(sitemap).toContain("/blog/cong-khai");
    expect(sitemap).not.toContain("/blog/ban-nhap");
    // Only an admin's preview reads a draft.
    expect((await getPostBySlugForPreview(database.db, "ban-nhap"))?.id).toBe(draft!.id);
  });

  it("lists the newest first, one page of 9 at a time", async () => {
    await insert(...Array.from({ length: PAGE_SIZE + 2 }, () => post()));
    const first = await listPublishedPosts(database.db, all);
    expect(first.posts).toHaveLength(PAGE_SIZE);
    expect(first.total).toBe(PAGE_SIZE + 2);
    expect(first.hasMore).toBe(true);
    const dates = first.posts.map((p) => p.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await listPublishedPosts(database.db, { ...all, page: 2 });
    expect(second.posts).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.posts, ...second.posts].map((p) => p.id)).size).toBe(PAGE_SIZE + 2);
    // "Load more" lists pages 1…2 in one query: the same posts in the same order.
    const both = await listPublishedPosts(database.db, { ...all, through: 2 });
    expect(both.posts.map((p) => p.id)).toEqual([...first.posts, ...second.posts].map((p) => p.id));
    expect(both.hasMore).toBe(false);
  });

  it("filters by category and counts published posts per category, zero counts left out", async () => {
    await insert(
      post({ category: "grammar" }),
      post({ category: "grammar" }),
      post({ category: "culture" }),
      post({ category: "culture", published: false }),
    );
    expect(await countPublishedPostsByCategory(database.db)).toEqual({
      all: 3,
      byCategory: { grammar: 2, culture: 1 },
    });
    const grammar = await listPublishedPosts(database.db, { ...all, category: "grammar" });
    expect(grammar.posts.map((p) => p.category)).toEqual(["grammar", "grammar"]);
    expect((await listPublishedPosts(database.db, { ...all, category: "vocabulary" })).posts).toEqual([]);
  });

  it("searches title, excerpt and tags without regard to case or Vietnamese accents", async () => {
    await insert(
      post({ slug: "title", title: "Học tiếng Đức mỗi ngày" }),
      post({ slug: "excerpt", excerpt: "Cách HỌC từ vựng hiệu quả" }),
      post({ slug: "tag", tags: ["Phương pháp học"] }),
      post({ slug: "content-only", content: "Bài này nói về việc học." }),
      post({ slug: "other", title: "Văn hóa Đức", tags: ["du lịch"] }),
    );
    const search = async (q: string) =>
      (await listPublishedPosts(database.db, { ...all, q })).posts.map((p) => p.slug).sort();
    expect(await search("hoc")).toEqual(["excerpt", "tag", "title"]);
    expect(await search("HỌC")).toEqual(["excerpt", "tag", "title"]);
    expect(await search("tiếng đức")).toEqual(["title"]);
    expect(await search("TIENG DUC")).toEqual(["title"]);
    expect(await search("phuong phap")).toEqual(["tag"]);
    expect(await search("100%_")).toEqual([]);
    expect((await listPublishedPosts(database.db, { ...all, q: "hoc" })).total).toBe(3);
  });

  it("agrees with the browser's matchesSearch on every query", async () => {
    const rows = [
      post({ title: "Bí quyết đạt B1 tiếng Đức!", tags: ["Goethe", "ôn thi"] }),
      post({ title: "ĐẶT LỊCH HỌC THỬ", excerpt: "Ưu đãi 10% cho khóa đầu tiên" }),
      post({ title: "Prüfung für Anfänger", tags: ["Ärger", "Übung"] }),
      post({ title: "Tiếng Đức".normalize("NFD"), excerpt: "Chữ tổ hợp (NFD)" }),
      post({ title: "Ngữ pháp: der, die, das", tags: ["A1", "mạo từ"] }),
    ];
    await insert(...rows);
    const queries = [
      "dat",
      "ĐẠT",
      "hoc thu",
      "uu dai",
      "10%",
      "prufung",
      "UBUNG",
      "tieng duc",
      "mao tu",
      "on thi",
      "goethe ôn",
      "der, die",
      "a1",
      "ä",
      "xyz",
    ];
    for (const q of queries) {
      const sqlSlugs = (await listPublishedPosts(database.db, { ...all, q })).posts.map((p) => p.slug).sort();
      const jsSlugs = rows
        .filter((row) => matchesSearch({ ...row, tags: row.tags ?? [] }, q))
        .map((row) => row.slug)
        .sort();
      expect(sqlSlugs, q).toEqual(jsSlugs);
    }
  });

  it("features at most 2 published posts, the newest first", async () => {
    await insert(
      post({ slug: "f1", featured: true }),
      post({ slug: "f2", featured: true }),
      post({ slug: "f3", featured: true }),
      post({ slug: "f-draft", featured: true, published: false }),
      post({ slug: "plain" }),
    );
    expect((await listFeaturedPosts(database.db)).map((p) => p.slug)).toEqual(["f3", "f2"]);
  });

  it("lists the 4 most viewed published posts", async () => {
    await insert(
      post({ slug: "v10", views: 10 }),
      post({ slug: "v500", views: 500 }),
      post({ slug: "v20", views: 20 }),
      post({ slug: "v300", views: 300 }),
      post({ slug: "v0", views: 0 }),
      post({ slug: "v-draft", views: 10_000, published: false }),
    );
    expect((await listPopularPosts(database.db)).map((p) => p.slug)).toEqual(["v500", "v300", "v20", "v10"]);
  });

  it("relates other published posts of the same category", async () => {
    const [current] = await insert(
      post({ slug: "current", category: "grammar" }),
      post({ slug: "same", category: "grammar" }),
      post({ slug: "same-draft", category: "grammar", published: false }),
      post({ slug: "other", category: "culture" }),
    );
    const related = await listRelatedPosts(database.db, { id: current!.id, category: "grammar" });
    expect(related.map((p) => p.slug)).toEqual(["same"]);
  });

  describe("views", () => {
    const visitor = (ip: string, day = "2025-06-01") => ({
      hash: postViewVisitor({ ip, day, secret: "test-secret" }),
      day,
    });
    const viewsOf = async (id: string) =>
      (await database.db.execute<{ views: number }>(sql`select views from posts where id = ${id}`)).rows[0]!
        .views;

    it("count once per visitor per post per day", async () => {
      const [a, b] = await insert(post({ slug: "a" }), post({ slug: "b" }));
      expect(await recordPostView(database.db, a!.id, visitor("1.2.3.4"), { countable: true })).toBe(true);
      expect(await recordPostView(database.db, a!.id, visitor("1.2.3.4"), { countable: true })).toBe(false);
      expect(await viewsOf(a!.id)).toBe(1);
      // Another visitor, another post, another day: each counts.
      expect(await recordPostView(database.db, a!.id, visitor("5.6.7.8"), { countable: true })).toBe(true);
      expect(await recordPostView(database.db, b!.id, visitor("1.2.3.4"), { countable: true })).toBe(true);
      expect(
        await recordPostView(database.db, a!.id, visitor("1.2.3.4", "2025-06-02"), { countable: true }),
      ).toBe(true);
      expect(await viewsOf(a!.id)).toBe(3);
      expect(await viewsOf(b!.id)).toBe(1);
    });

    it("count at once under concurrent requests from one visitor", async () => {
      const [a] = await insert(post());
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          recordPostView(database.db, a!.id, visitor("9.9.9.9"), { countable: true }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await viewsOf(a!.id)).toBe(1);
    });

    it("are not counted for bots and admins (not countable), nor for drafts", async () => {
      const [a, draft] = await insert(post(), post({ published: false }));
      expect(await recordPostView(database.db, a!.id, visitor("1.1.1.1"), { countable: false })).toBe(false);
      expect(await recordPostView(database.db, draft!.id, visitor("1.1.1.1"), { countable: true })).toBe(
        false,
      );
      expect(await viewsOf(a!.id)).toBe(0);
      expect(await viewsOf(draft!.id)).toBe(0);
      const { rows } = await database.db.execute(sql`select * from post_views`);
      expect(rows).toEqual([]);
    });

    it("store a salted hash, never the visitor's IP", async () => {
      const [a] = await insert(post());
      await recordPostView(database.db, a!.id, visitor("203.0.113.7"), { countable: true });
      const { rows } = await database.db.execute<{ visitor: string }>(sql`select visitor from post_views`);
      expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.visitor).not.toContain("203.0.113.7");
      // The same visitor on another day, or with another secret, cannot be linked.
      const base = { ip: "203.0.113.7", userAgent: "UA", day: "2025-06-01", secret: "s1" };
      expect(postViewVisitor(base)).not.toBe(postViewVisitor({ ...base, day: "2025-06-02" }));
      expect(postViewVisitor(base)).not.toBe(postViewVisitor({ ...base, secret: "s2" }));
    });

    it("move the popular list, announcing a change only when its order changes", async () => {
      const [low, , , , fifth] = await insert(
        post({ slug: "p1", views: 3 }),
        post({ slug: "p2", views: 50 }),
        post({ slug: "p3", views: 40 }),
        post({ slug: "p4", views: 30 }),
        post({ slug: "p5", views: 3 }),
      );
      // p1 and p5 tie at 3 views: the newer (p5) is fourth.
      expect((await listPopularPosts(database.db)).map((p) => p.slug)).toEqual(["p2", "p3", "p4", "p5"]);
      topics.length = 0;
      await recordPostView(database.db, fifth!.id, visitor("10.0.0.1"), { countable: true });
      await recordPostView(database.db, low!.id, visitor("10.0.0.1"), { countable: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(topics).toEqual([]); // p5 (4) stays ahead of p1 (4, older): the list is unchanged
      await recordPostView(database.db, low!.id, visitor("10.0.0.2"), { countable: true });
      expect((await listPopularPosts(database.db)).map((p) => p.slug)).toEqual(["p2", "p3", "p4", "p1"]);
      const deadline = Date.now() + 5_000;
      while (!topics.includes("posts") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(topics).toEqual(["posts"]);
    });

    it("are counted per day in Vietnam's time zone", () => {
      // 18:00 UTC on the 31st is already the 1st in Hà Nội (UTC+7).
      expect(viewDay(new Date("2025-12-31T18:00:00Z"))).toBe("2026-01-01");
      expect(viewDay(new Date("2025-12-31T16:00:00Z"))).toBe("2025-12-31");
    });
  });
});
