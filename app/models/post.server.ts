// Blog posts as the public sees them. spec §4: the public blog shows only published posts, so
// every read here filters on `published` — except getPostBySlugForPreview, which the post page
// calls only for an admin. Views are counted in post-view.server.ts; the admin reads and writes
// every post through post-admin.server.ts.
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { type BlogFilters, FEATURED_LIMIT, isBlogCategory, PAGE_SIZE, POPULAR_LIMIT } from "~/lib/blog-rules";
import {
  type ContentTranslations,
  contentLanguages,
  localizeContent,
  type TranslationLanguage,
  translationLanguages,
} from "~/lib/content-language";
import { bodyReadTime } from "~/lib/rich-text/read-time";
import type { BlogCategory } from "~/schemas/domain";
import { POST_TRANSLATION_REQUIRED, type PostTranslatableField } from "~/schemas/post";
import {
  isPublished,
  popularOrder,
  searchCondition,
  translatedLanguagesSql,
  translationsWithoutBodies,
} from "./post-query.server";

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
  translations: translationsWithoutBodies,
  translated: translatedLanguagesSql,
};

/** A post as a page in some language shows it (ADR 032): `fallbackFields` names the fields shown
 * in Vietnamese on an English or German page (`lang="vi"` on them); `slug` is the post's slug in
 * that language — its own when translated, else the Vietnamese one. */
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
  fallbackFields: PostTranslatableField[];
};

type SummaryRow = Omit<PostSummary, "fallbackFields"> & {
  translations: ContentTranslations<"title" | "slug" | "excerpt" | "tags">;
  translated: TranslationLanguage[];
};

/** The fields a card shows, in the page's language where translated. */
const summaryFields = ["title", "excerpt", "tags"] as const;

/** A post's slug in `language`: the translated one when the post is translated into it (its
 * own address there), else the Vietnamese one (the fallback page). */
function slugIn(
  row: { slug: string; translations: ContentTranslations },
  translated: readonly Language[],
  language: Language,
) {
  if (language === defaultLanguage || !translated.includes(language)) return row.slug;
  const slug = row.translations[language as TranslationLanguage]?.slug;
  return typeof slug === "string" && slug.trim() !== "" ? slug : row.slug;
}

function localizeSummary(row: SummaryRow, language: Language): PostSummary {
  const { translated, ...rest } = row;
  const localized = localizeContent(rest, language, summaryFields);
  return { ...localized, slug: slugIn(row, translated, language) };
}

/** Where a post is translated into `language` (title and body): the posts of that language's feed. */
function translatedInto(language: TranslationLanguage): SQL {
  return sql`(nullif(btrim(${posts.translations} -> ${language}::text ->> 'title'), '') is not null
    and nullif(btrim(${posts.translations} -> ${language}::text ->> 'content'), '') is not null)`;
}

/** One page of the article list, newest first, filtered by search text and category. */
export async function listPublishedPosts(
  db: Db,
  filters: BlogFilters,
  language: Language = defaultLanguage,
): Promise<{ posts: PostSummary[]; total: number; hasMore: boolean }> {
  const where = and(
    isPublished,
    filters.category === "all" ? undefined : eq(posts.category, filters.category),
    searchCondition(filters.q, language),
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
  return {
    posts: rows.map((row) => localizeSummary(row, language)),
    total,
    hasMore: offset + rows.length < total,
  };
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
export async function listFeaturedPosts(
  db: Db,
  language: Language = defaultLanguage,
): Promise<PostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .where(and(isPublished, eq(posts.featured, true)))
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(FEATURED_LIMIT);
  return rows.map((row) => localizeSummary(row, language));
}

/** spec §9: popular posts 4, by views. */
export async function listPopularPosts(db: Db, language: Language = defaultLanguage): Promise<PostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .where(isPublished)
    .orderBy(...popularOrder)
    .limit(POPULAR_LIMIT);
  return rows.map((row) => localizeSummary(row, language));
}

/** Up to `limit` other published posts of the same category, newest first. */
export async function listRelatedPosts(
  db: Db,
  post: { id: string; category: string },
  language: Language = defaultLanguage,
  limit = 3,
): Promise<PostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .where(and(isPublished, eq(posts.category, post.category), ne(posts.id, post.id)))
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(limit);
  return rows.map((row) => localizeSummary(row, language));
}

/** The newest published posts for the RSS feed of `language`: in Vietnamese every post; in
 * English or German the posts translated into it (ADR 032: only they have an address there),
 * with their translated title, excerpt, tags and slug. */
/** The newest published posts in `language`: for a feed only those translated into it (they
 * have an address there); for the home page every post, untranslated ones in Vietnamese. */
export async function listLatestPublishedPosts(
  db: Db,
  limit = 20,
  language: Language = defaultLanguage,
  which: "translated" | "all" = "translated",
) {
  const rows = await db
    .select({ ...summaryColumns, updatedAt: posts.updatedAt })
    .from(posts)
    .where(
      and(
        isPublished,
        language === defaultLanguage || which === "all"
          ? undefined
          : translatedInto(language as TranslationLanguage),
      ),
    )
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(limit);
  return rows.map((row) => ({ ...localizeSummary(row, language), updatedAt: row.updatedAt }));
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
  translations: posts.translations,
  content: posts.content,
  // Public now (a scheduled post previewed by an admin is not yet).
  published: isPublished,
  updatedAt: posts.updatedAt,
};

/** The post page's fields, in the page's language where translated. */
const detailFields = ["title", "excerpt", "content", "tags"] as const;

export type PostDetail = PostSummary & {
  content: string;
  published: boolean;
  updatedAt: Date;
  /** The Vietnamese slug: the post's address at /blog/…. */
  originalSlug: string;
  /** The languages the post is written in (Vietnamese and each translation with title and body),
   * each with its slug there: the post's addresses. */
  slugs: Partial<Record<Language, string>>;
};

/** The post whose slug in any language is `slug` (ADR 032: /de/blog/<German slug>, and an old
 * or shared link in another language is still found), as a page in `language` shows it. Drafts
 * only when `drafts` (an admin previewing). */
export async function getPostBySlug(
  db: Db,
  slug: string,
  language: Language,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<PostDetail | undefined> {
  const bySlug = or(
    eq(posts.slug, slug),
    ...translationLanguages.map((other) => sql`${posts.translations} -> ${other}::text ->> 'slug' = ${slug}`),
  );
  // The Vietnamese slug first: a slug is unique across languages, but should two posts ever
  // share one (written before the check), the Vietnamese address wins.
  const [row] = await db
    .select(detailColumns)
    .from(posts)
    .where(and(bySlug, drafts ? undefined : isPublished))
    .orderBy(sql`${posts.slug} = ${slug} desc`)
    .limit(1);
  if (!row) return undefined;
  const { translated: _, ...rest } = row;
  const languages = contentLanguages(row.translations, POST_TRANSLATION_REQUIRED);
  const localized = localizeContent(rest, language, detailFields);
  const ownBody = language !== defaultLanguage && !localized.fallbackFields.includes("content");
  return {
    ...localized,
    // spec §9's read time, of the body shown.
    readTime: ownBody ? bodyReadTime(localized.content) : row.readTime,
    originalSlug: row.slug,
    slug: slugIn(row, languages, language),
    slugs: Object.fromEntries(languages.map((each) => [each, slugIn(row, languages, each)])),
  };
}

/** The post at /blog/:slug for the public: undefined when unknown or a draft. */
export function getPublishedPostBySlug(db: Db, slug: string, language: Language = defaultLanguage) {
  return getPostBySlug(db, slug, language);
}

/** Any post, draft or not. Only for an admin previewing a draft. */
export function getPostBySlugForPreview(db: Db, slug: string, language: Language = defaultLanguage) {
  return getPostBySlug(db, slug, language, { drafts: true });
}
