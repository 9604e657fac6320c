// Blog posts as the public sees them. spec §4: the public blog shows only published posts, so
// every read here filters on `published` — except getPostBySlugForPreview, which the post page
// calls only for an admin.
import { createHmac } from "node:crypto";
import { and, asc, count, desc, eq, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
} from "~/lib/blog-rules";
import type { BlogCategory } from "~/schemas/domain";

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
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), asc(posts.id))
      .limit(PAGE_SIZE)
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

/** Any post, draft or not. Only for an admin previewing a draft (issue 6). */
export async function getPostBySlugForPreview(db: Db, slug: string): Promise<PostDetail | undefined> {
  const [row] = await db.select(detailColumns).from(posts).where(eq(posts.slug, slug)).limit(1);
  return row;
}

/* ---------------------------------------------------------------- views */

/** The calendar day in Vietnam (the school's day), YYYY-MM-DD: views count once per day. */
export function viewDay(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(now);
}

/** Who viewed, without keeping who: a keyed SHA-256 (HMAC) of the client IP, user agent and
 * day. The raw IP is never stored, and the day in the hash means a visitor cannot be followed
 * from one day to the next. */
export function postViewVisitor(input: { ip: string; userAgent: string; day: string; secret: string }) {
  return createHmac("sha256", input.secret)
    .update(`${input.day}\n${input.ip}\n${input.userAgent}`)
    .digest("hex");
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

/** Counts one view of a published post per visitor per day (issue 6). `countable` is false for
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
