// Blog posts for the admin: every post, drafts included, listed, saved, switched and
// deleted. Each write announces the "posts" topic.
import { and, asc, count, desc, eq, like, ne, or } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import { readTime, slugify, uniqueSlug } from "~/lib/blog-rules";
import { isUuid } from "~/schemas/course";
import type { BlogCategory } from "~/schemas/domain";
import type { PostInput, PostStatus } from "~/schemas/post";
import { searchCondition } from "./post-query.server";

/** Rows per page of the admin list (server-side: the blog may hold thousands of posts). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminPostFilters {
  /** Search text as typed; "" for none. Matches title, excerpt and tags like the public blog. */
  q: string;
  category: BlogCategory | "all";
  status: PostStatus | "all";
  /** 1-based. */
  page: number;
}

const adminRowColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  category: posts.category,
  thumbnail: posts.thumbnail,
  published: posts.published,
  featured: posts.featured,
  views: posts.views,
  createdAt: posts.createdAt,
};

export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  thumbnail: string | null;
  published: boolean;
  featured: boolean;
  views: number;
  createdAt: Date;
};

/** One page of every post, drafts included, newest first, with the total for the pager. */
export async function listPostsForAdmin(
  db: Db,
  filters: AdminPostFilters,
): Promise<{ posts: AdminPostRow[]; total: number }> {
  const where = and(
    filters.category === "all" ? undefined : eq(posts.category, filters.category),
    filters.status === "all" ? undefined : eq(posts.published, filters.status === "public"),
    searchCondition(filters.q),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(adminRowColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), asc(posts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((filters.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { posts: rows, total: totals?.total ?? 0 };
}

/** What the editor needs of one post; undefined when it is gone or `id` is no uuid. */
export async function getPostForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      category: posts.category,
      excerpt: posts.excerpt,
      content: posts.content,
      tags: posts.tags,
      thumbnail: posts.thumbnail,
      published: posts.published,
      featured: posts.featured,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  return row;
}

export type AdminPost = NonNullable<Awaited<ReturnType<typeof getPostForAdmin>>>;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The slug a save stores (spec §9), unique among the other posts. A slug the admin typed is kept
 * as typed: a clash is reported (null), never silently changed. A slug computed from the title
 * gets the first free suffix (-2, -3…) instead. */
async function chooseSlug(tx: Tx, input: PostInput, exceptId?: string): Promise<string | null> {
  const base = input.slug ?? (slugify(input.title) || "bai-viet");
  // Slugs hold only a-z, 0-9 and "-": no LIKE wildcard can appear in `base`.
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        or(eq(posts.slug, base), like(posts.slug, `${base}-%`)),
        exceptId ? ne(posts.id, exceptId) : undefined,
      ),
    );
  const taken = rows.map((row) => row.slug);
  if (input.slug !== undefined) return taken.includes(base) ? null : base;
  return uniqueSlug(base, taken);
}

function postValues(input: PostInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    category: input.category,
    tags: input.tags,
    thumbnail: input.thumbnail ?? null,
    published: input.published,
    featured: input.featured,
    // spec §9: words / 200, rounded up, minimum 1.
    readTime: readTime(input.content),
  };
}

export type PostSaveResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; reason: "slug-taken" | "not-found" };

/** A new post by the signed-in admin (author and authorId); counters start at 0 (spec §9). */
export async function createPost(
  db: Db,
  input: PostInput,
  author: { id: string; name: string },
): Promise<PostSaveResult> {
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input);
    if (slug === null) return { ok: false, reason: "slug-taken" };
    const [row] = await tx
      .insert(posts)
      .values({
        ...postValues(input),
        slug,
        author: author.name,
        authorId: author.id,
        views: 0,
        likes: 0,
        comments: 0,
      })
      .returning({ id: posts.id });
    await notifyChange(tx, "posts");
    return { ok: true, id: row!.id, slug };
  });
}

/** Saves the editor's fields; the author, counters and creation date stay as they were. */
export async function updatePost(db: Db, id: string, input: PostInput): Promise<PostSaveResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input, id);
    if (slug === null) return { ok: false, reason: "slug-taken" };
    const updated = await tx
      .update(posts)
      .set({ ...postValues(input), slug })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    if (updated.length === 0) return { ok: false, reason: "not-found" };
    await notifyChange(tx, "posts");
    return { ok: true, id, slug };
  });
}

async function setPostFlag(db: Db, id: string, values: { published: boolean } | { featured: boolean }) {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx.update(posts).set(values).where(eq(posts.id, id)).returning({ id: posts.id });
    if (updated.length === 0) return false;
    await notifyChange(tx, "posts");
    return true;
  });
}

/** spec §4: draft ("Nháp") or public ("Công khai"), switched from the list. false when gone. */
export function setPostPublished(db: Db, id: string, published: boolean) {
  return setPostFlag(db, id, { published });
}

/** spec §4: featured is a separate flag (the blog shows at most 2, spec §9). false when gone. */
export function setPostFeatured(db: Db, id: string, featured: boolean) {
  return setPostFlag(db, id, { featured });
}

/** false when the post was already gone. Its view records go with it (foreign key cascade). */
export async function deletePost(db: Db, id: string) {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    if (deleted.length === 0) return false;
    await notifyChange(tx, "posts");
    return true;
  });
}
