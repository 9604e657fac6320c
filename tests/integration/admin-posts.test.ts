import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { posts, user } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { getPublishedPostBySlug, listPublishedPosts } from "~/models/post.server";
import {
  ADMIN_PAGE_SIZE,
  createPost,
  deletePost,
  getPostForAdmin,
  listPostsForAdmin,
  setPostFeatured,
  setPostPublished,
  updatePost,
} from "~/models/post-admin.server";
import type { PostInput } from "~/schemas/post";
import { createTestDatabase } from "../support/test-database";

const admin = { id: "admin-posts-author", name: "Cô Thu Hà" };
const missing = "00000000-0000-4000-8000-000000000000";

function input(overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: "Bí quyết đạt B1 tiếng Đức!",
    slug: undefined,
    category: "b1-b2",
    excerpt: "Kinh nghiệm ôn thi B1.",
    content: "Học mỗi ngày.",
    tags: ["B1", "mẹo học"],
    thumbnail: undefined,
    published: false,
    featured: false,
    publishAt: undefined,
    newsletterOnPublish: false,
    ...overrides,
  };
}

const all = { q: "", category: "all", status: "all", page: 1 } as const;

describe("admin post model", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: ChangeBus;
  const topics: ChangeTopic[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values({ id: admin.id, name: admin.name, email: "thuha@lernhaus.test" });
    bus = await startChangeBus(database.url);
    bus.subscribe((topic) => topics.push(topic));
  });
  afterAll(async () => {
    await bus.close();
  });
  beforeEach(async () => {
    await database.db.delete(posts);
    topics.length = 0;
  });

  /** Waits for the NOTIFY to come back through LISTEN. */
  async function announced(topic: ChangeTopic) {
    await expect.poll(() => topics.includes(topic), { timeout: 5_000 }).toBe(true);
    topics.length = 0;
  }

  it("creates a post by the signed-in admin with the blog's slug, read time and zero counters", async () => {
    const content = Array.from({ length: 401 }, (_, i) => `từ${i}`).join(" ");
    const result = await createPost(
      database.db,
      input({ content, thumbnail: "https://x.test/a.jpg" }),
      admin,
    );
    expect(result).toMatchObject({ ok: true, slug: "bi-quyet-dat-b1-tieng-duc" });
    await announced("posts");
    const [stored] = await database.db.select().from(posts);
    expect(stored).toMatchObject({
      title: "Bí quyết đạt B1 tiếng Đức!",
      slug: "bi-quyet-dat-b1-tieng-duc",
      author: "Cô Thu Hà",
      authorId: admin.id,
      // spec §9: 401 words / 200, rounded up.
      readTime: 3,
      views: 0,
      likes: 0,
      comments: 0,
      tags: ["B1", "mẹo học"],
      thumbnail: "https://x.test/a.jpg",
      published: false,
    });
    // A draft stays off the public blog.
    expect(await getPublishedPostBySlug(database.db, stored!.slug)).toBeUndefined();
  });

  it("keeps slugs unique: a computed slug gets a suffix, a typed one that clashes is refused", async () => {
    const first = await createPost(database.db, input(), admin);
    const second = await createPost(database.db, input(), admin);
    const third = await createPost(database.db, input({ title: "Bí quyết đạt B1 tiếng Đức" }), admin);
    expect([first, second, third].map((r) => r.ok && r.slug)).toEqual([
      "bi-quyet-dat-b1-tieng-duc",
      "bi-quyet-dat-b1-tieng-duc-2",
      "bi-quyet-dat-b1-tieng-duc-3",
    ]);
    // A slug typed by the admin is never changed behind their back.
    expect(await createPost(database.db, input({ slug: "bi-quyet-dat-b1-tieng-duc-2" }), admin)).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    // Saving a post with its own slug is no clash; taking another post's is.
    const id = first.ok ? first.id : "";
    expect(
      await updatePost(database.db, id, input({ slug: "bi-quyet-dat-b1-tieng-duc", published: true }), admin),
    ).toEqual({
      ok: true,
      id,
      slug: "bi-quyet-dat-b1-tieng-duc",
    });
    expect(await updatePost(database.db, id, input({ slug: "bi-quyet-dat-b1-tieng-duc-3" }), admin)).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    // A title with no letters or digits still gets an address.
    const symbols = await createPost(database.db, input({ title: "???" }), admin);
    expect(symbols.ok && symbols.slug).toBe("bai-viet");
  });

  it("updates the editor's fields and read time but keeps author, counters and creation date", async () => {
    const created = await createPost(database.db, input(), admin);
    const id = created.ok ? created.id : "";
    await database.db.update(posts).set({ views: 42 }).where(eq(posts.id, id));
    const [before] = await database.db.select().from(posts).where(eq(posts.id, id));
    topics.length = 0;
    const content = Array.from({ length: 250 }, () => "Wort").join(" ");
    const result = await updatePost(
      database.db,
      id,
      input({ title: "Tiêu đề mới", content, tags: [], published: true }),
      admin,
    );
    // No slug typed: computed again from the new title.
    expect(result).toEqual({ ok: true, id, slug: "tieu-de-moi" });
    await announced("posts");
    const [after] = await database.db.select().from(posts).where(eq(posts.id, id));
    expect(after).toMatchObject({
      title: "Tiêu đề mới",
      readTime: 2,
      tags: [],
      published: true,
      views: 42,
      author: before!.author,
      authorId: admin.id,
      createdAt: before!.createdAt,
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect((await getPostForAdmin(database.db, id))?.title).toBe("Tiêu đề mới");
    expect(await updatePost(database.db, missing, input(), admin)).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("publishes, features and deletes, announcing each change; a gone post answers false", async () => {
    const created = await createPost(database.db, input(), admin);
    const id = created.ok ? created.id : "";
    await announced("posts");
    expect(await setPostPublished(database.db, id, true)).toBe(true);
    await announced("posts");
    expect((await listPublishedPosts(database.db, { q: "", category: "all", page: 1 })).total).toBe(1);
    expect(await setPostFeatured(database.db, id, true)).toBe(true);
    await announced("posts");
    expect((await getPostForAdmin(database.db, id))?.featured).toBe(true);
    expect(await deletePost(database.db, id)).toBe(true);
    await announced("posts");
    expect(await getPostForAdmin(database.db, id)).toBeUndefined();
    expect(await deletePost(database.db, id)).toBe(false);
    expect(await setPostPublished(database.db, id, false)).toBe(false);
    expect(await setPostFeatured(database.db, "not-a-uuid", false)).toBe(false);
    expect(await getPostForAdmin(database.db, "not-a-uuid")).toBeUndefined();
  });

  it("lists drafts and public posts newest first, filtered and searched like the blog, a page at a time", async () => {
    const rows = Array.from({ length: ADMIN_PAGE_SIZE + 3 }, (_, i) => ({
      title: `Bài ${i}`,
      slug: `bai-${i}`,
      excerpt: "Tóm tắt.",
      content: "Nội dung.",
      category: i % 2 ? "grammar" : "tips",
      tags: i === 4 ? ["Phương pháp học"] : [],
      published: i % 3 === 0,
      author: "A",
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    rows[1]!.title = "Học tiếng Đức mỗi ngày";
    rows[2]!.excerpt = "Cách HỌC từ vựng";
    await database.db.insert(posts).values(rows);

    const first = await listPostsForAdmin(database.db, all);
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 3);
    expect(first.posts).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.posts[0]!.slug).toBe(`bai-${ADMIN_PAGE_SIZE + 2}`);
    const second = await listPostsForAdmin(database.db, { ...all, page: 2 });
    expect(second.posts.map((p) => p.slug)).toEqual(["bai-2", "bai-1", "bai-0"]);

    const drafts = await listPostsForAdmin(database.db, { ...all, status: "draft" });
    expect(drafts.posts.every((p) => !p.published)).toBe(true);
    expect(drafts.total).toBe(rows.filter((r) => !r.published).length);
    const publicOnes = await listPostsForAdmin(database.db, {
      ...all,
      status: "public",
      category: "grammar",
    });
    expect(publicOnes.posts.every((p) => p.published && p.category === "grammar")).toBe(true);
    expect(publicOnes.total).toBe(rows.filter((r) => r.published && r.category === "grammar").length);

    const search = async (q: string) =>
      (await listPostsForAdmin(database.db, { ...all, q })).posts.map((p) => p.slug).sort();
    // Accents and case do not matter; title, excerpt and tags are searched, drafts included.
    expect(await search("hoc")).toEqual(["bai-1", "bai-2", "bai-4"]);
    expect(await search("TIẾNG đức")).toEqual(["bai-1"]);
    expect(await search("phuong phap")).toEqual(["bai-4"]);
  });
});
