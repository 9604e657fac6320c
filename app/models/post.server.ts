// Blog posts as the public sees them. spec §4: the public blog shows only published posts, so
// every read here filters on `published` — except getPostBySlugForPreview, which the post page
// calls only for an admin. Views are counted in post-view.server.ts; the admin reads and writes
// every post through post-admin.server.ts.
import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import { type BlogFilters, FEATURED_LIMIT, isBlogCategory, PAGE_SIZE, POPULAR_LIMIT } from "~/lib/blog-rules";
import type { BlogCategory } from "~/schemas/domain";
import { isPublished, popularOrder, searchCondition } from "./post-query.server";

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
