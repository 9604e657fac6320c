// Blog posts. spec §4: the public blog shows only published posts, so every public read here
// filters on `published` — except getPostBySlugForPreview, which the post page calls only for an
// admin. The admin section at the end reads and writes every post.
import { createHmac } from "node:crypto";
import { and, asc, count, desc, eq, like, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import {
  type BlogFilters,
  FEATURED_LIMIT,
  FOLD_FROM,
  FOLD_TO,
  isBlogCategory,
  normalizeSearchQuery,
  PAGE_SIZE,
  POPULAR_LIMIT,
  readTime,
  slugify,
  uniqueSlug,
} from "~/lib/blog-rules";
import { isUuid } from "~/schemas/course";
import type { BlogCategory } from "~/schemas/domain";
import type { PostInput, PostStatus } from "~/schemas/post";

/* ---------------------------------------------------------------- search in SQL */

/** foldAccents() of app/lib/blog-rules.ts in SQL: NFC, the same translate() table, then ASCII
 * lower-casing (the "C" collation lower-cases ASCII only, whatever the database's locale). The
 * embedded server has no unaccent extension; this needs nothing but core PostgreSQL. */
function foldSql(expression: SQLWrapper) {
  return sql`lower(translate(normalize(${expression}::text, NFC), ${FOLD_FROM}::text, ${FOLD_TO}::text) collate "C")`;
}

/** matchesSearch() of app/lib/blog-rules.ts: the folded query inside the folded title, excerpt or
 * one of the tags (joined by a line break, which a normalized query never contains). */
function searchCondition(query: string): SQL | undefined {
  const needle = normalizeSearchQuery(query);
  if (!needle) return undefined;
  return sql`(strpos(${foldSql(posts.title)}, ${needle}) > 0
    or strpos(${foldSql(posts.excerpt)}, ${needle}) > 0
    or strpos(${foldSql(sql`array_to_string(${posts.tags}, chr(10))`)}, ${needle}) > 0)`;
}

const isPublished = eq(posts.published, true);

/* ---------------------------------------------------------------- lists */

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  category: posts.category,
  tags: posts.tags,
  thumbnail: posts.thumbnail,
  author: posts.author,
  readTime: posts.readTime,
  createdAt: posts.createdAt,
};

export type PostSummary = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string[];
  thumbnail: string | null;
  author: string;
  readTime: number;
  createdAt: Date;
};

/** One page of the article list, newest first, filtered by search text and category. */
export async function listPublishedPosts(
  db: Db,
  filters: BlogFilters,
): Promise<{ posts: PostSummary[]; total: number; hasMore: boolean }> {
  const where = and(
    isPublished,
    filters.category === "all" ? undefined : eq(posts.category, filters.category),
    searchCondition(filters.q),
  );
  const offset = (filters.page - 1) * PAGE_SIZE;
  const limit = Math.max(1, (filters.through ?? filters.page) - filters.page + 1) * PAGE_SIZE;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), asc(posts.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { posts: rows, total, hasMore: offset + rows.length < total };
}

/** Published posts per category (spec §2: the sidebar hides categories with none), and in all. */
export async function countPublishedPostsByCategory(
  db: Db,
): Promise<{ all: number; byCategory: Partial<Record<BlogCategory, number>> }> {
  const rows = await db
    .select({ category: posts.category, count: count() })
    .from(posts)
    .where(isPublished)
    .groupBy(posts.category);
  const byCategory: Partial<Record<BlogCategory, number>> = {};
  let all = 0;
  for (const row of rows) {
    all += row.count;
    if (isBlogCategory(row.category)) byCategory[row.category] = row.count;
  }
  return { all, byCategory };
}

/** spec §9: featured posts at most 2, the newest first. */
export async function listFeaturedPosts(db: Db): Promise<PostSummary[]> {
  return db
    .select(summaryColumns)
    .from(posts)
    .where(and(isPublished, eq(posts.featured, true)))
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(FEATURED_LIMIT);
}

const popularOrder = [desc(posts.views), desc(posts.createdAt), asc(posts.id)];

/** spec §9: popular posts 4, by views. */
export async function listPopularPosts(db: Db): Promise<PostSummary[]> {
  return db
    .select(summaryColumns)
    .from(posts)
    .where(isPublished)
    .orderBy(...popularOrder)
    .limit(POPULAR_LIMIT);
}

/** Up to `limit` other published posts of the same category, newest first. */
export async function listRelatedPosts(
  db: Db,
  post: { id: string; category: string },
  limit = 3,
): Promise<PostSummary[]> {
  return db
    .select(summaryColumns)
    .from(posts)
    .where(and(isPublished, eq(posts.category, post.category), ne(posts.id, post.id)))
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

/** The newest published posts for the RSS feed. */
export async function listLatestPublishedPosts(db: Db, limit = 20) {
  return db
    .select({ ...summaryColumns, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

/** Every published post's address and last change, for the sitemap. */
export async function listPublishedPostSlugs(db: Db) {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt), asc(posts.id));
}

/* ---------------------------------------------------------------- one post */

const detailColumns = {
  ...summaryColumns,
  content: posts.content,
  published: posts.published,
  updatedAt: posts.updatedAt,
};

export type PostDetail = PostSummary & { content: string; published: boolean; updatedAt: Date };

/** The post at /blog/:slug for the public: undefined when unknown or a draft. */
export async function getPublishedPostBySlug(db: Db, slug: string): Promise<PostDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(posts)
    .where(and(eq(posts.slug, slug), isPublished))
    .limit(1);
  return row;
}

/** Any post, draft or not. Only for an admin previewing a draft. */
export async function getPostBySlugForPreview(db: Db, slug: string): Promise<PostDetail | undefined> {
  const [row] = await db.select(detailColumns).from(posts).where(eq(posts.slug, slug)).limit(1);
  return row;
}

/* ---------------------------------------------------------------- views */

/** The calendar day in Vietnam (the school's day), YYYY-MM-DD: views count once per day. */
export function viewDay(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(now);
}

/** Who viewed, without keeping who: a keyed SHA-256 (HMAC) of the client IP and the day. The raw
 * IP is never stored, and the day in the hash means a visitor cannot be followed from one day to
 * the next. Nothing the client chooses is in it (with the User-Agent in the hash,
 * every new User-Agent string counted again; a visitor cookie would be the same, since a client
 * that drops it gets a fresh one). People sharing one IP count once a day (ADR 013). */
export function postViewVisitor(input: { ip: string; day: string; secret: string }) {
  return createHmac("sha256", input.secret).update(`post-view\n${input.day}\n${input.ip}`).digest("hex");
}

async function popularPostIds(db: Pick<Db, "select">) {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(isPublished)
    .orderBy(...popularOrder)
    .limit(POPULAR_LIMIT);
  return rows.map((row) => row.id).join(",");
}

/** Counts one view of a published post per visitor per day. `countable` is false for
 * bots and admins: nothing is recorded then. Returns whether the view was counted.
 *
 * A view changes no page but the popular list: announcing every view would empty the page
 * cache and reload every open blog page on each read, so the "posts" topic is announced only
 * when the popular list (its posts or their order) changed. */
export async function recordPostView(
  db: Db,
  postId: string,
  visitor: { hash: string; day: string },
  { countable }: { countable: boolean },
): Promise<boolean> {
  if (!countable) return false;
  return db.transaction(async (tx) => {
    const before = await popularPostIds(tx);
    const { rows } = await tx.execute<{ views: number }>(sql`
      with inserted as (
        insert into post_views (post_id, visitor, day)
        select ${posts.id}, ${visitor.hash}, ${visitor.day} from ${posts}
        where ${posts.id} = ${postId} and ${posts.published}
        on conflict do nothing
        returning post_id
      )
      update ${posts} set views = views + 1
      where ${posts.id} in (select post_id from inserted)
      returning views`);
    if (rows.length === 0) return false;
    if ((await popularPostIds(tx)) !== before) await notifyChange(tx, "posts");
    return true;
  });
}

/* ---------------------------------------------------------------- admin (topic "posts") */

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
