// Blog posts for the admin: every post, drafts and scheduled ones included, listed, saved,
// switched, restored from a revision and deleted. Each write announces the "posts" topic; each
// save of a text keeps a revision (post-revision.server.ts, ADR 053).
import { and, asc, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { postRevisions, posts } from "~/db/schema";
import { slugify, uniqueSlug } from "~/lib/blog-rules";
import { type TranslationLanguage, translationLanguages } from "~/lib/content-language";
import type { PostState } from "~/lib/post-schedule";
import { bodyReadTime } from "~/lib/rich-text/read-time";
import { isUuid } from "~/schemas/course";
import type { BlogCategory } from "~/schemas/domain";
import type { PostInput, PostStatus, PostTranslationInput } from "~/schemas/post";
import { untranslatedInto, withTranslation } from "./content-translation.server";
import { isPublished, isScheduled, searchCondition, translatedLanguagesSql } from "./post-query.server";
import { type RevisionAuthor, recordRevision } from "./revision-history.server";

/** Rows per page of the admin list (server-side: the blog may hold thousands of posts). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminPostFilters {
  /** Search text as typed; "" for none. Matches title, excerpt and tags like the public blog. */
  q: string;
  category: BlogCategory | "all";
  status: PostStatus | "all";
  /** "Chưa dịch sang EN/DE": only the posts not translated into that language. */
  untranslated?: TranslationLanguage | "all";
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
  publishAt: posts.publishAt,
  /** Decided by the database's clock, like the public pages (ADR 053). */
  state: sql<PostState>`case when not ${posts.published} then 'draft' when ${isScheduled} then 'scheduled' else 'public' end`,
  featured: posts.featured,
  views: posts.views,
  createdAt: posts.createdAt,
  translated: translatedLanguagesSql,
};

export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  thumbnail: string | null;
  published: boolean;
  /** When a scheduled post goes public; null once public or when never scheduled. */
  publishAt: Date | null;
  state: PostState;
  featured: boolean;
  views: number;
  createdAt: Date;
  /** The languages besides Vietnamese the post is translated into (title and body). */
  translated: TranslationLanguage[];
};

function statusCondition(status: PostStatus | "all") {
  if (status === "draft") return eq(posts.published, false);
  if (status === "public") return isPublished;
  if (status === "scheduled") return isScheduled;
  return undefined;
}

/** One page of every post, drafts included, newest first, with the total for the pager. */
export async function listPostsForAdmin(
  db: Db,
  filters: AdminPostFilters,
): Promise<{ posts: AdminPostRow[]; total: number }> {
  const where = and(
    filters.category === "all" ? undefined : eq(posts.category, filters.category),
    statusCondition(filters.status),
    // The admin finds a post by its text in any language.
    searchCondition(filters.q, "any"),
    filters.untranslated && filters.untranslated !== "all"
      ? untranslatedInto(posts.translations, filters.untranslated, "title")
      : undefined,
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
      publishAt: posts.publishAt,
      newsletterOnPublish: posts.newsletterOnPublish,
      /** Public now: the newsletter can be sent by hand only then. */
      publicNow: isPublished,
      featured: posts.featured,
      translations: posts.translations,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  return row;
}

export type AdminPost = NonNullable<Awaited<ReturnType<typeof getPostForAdmin>>>;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The slugs of the other posts, in every language, that are `base` or `base-<something>`: a
 * post's address must not be another post's in any language (ADR 032), or /blog/<slug> could
 * not find the one post it names. */
async function slugsInUse(tx: Tx, base: string, exceptId?: string): Promise<string[]> {
  // Slugs hold only a-z, 0-9 and "-": no LIKE wildcard can appear in `base`.
  const columns = [
    sql`${posts.slug}`,
    ...translationLanguages.map((language) => sql`${posts.translations} -> ${language}::text ->> 'slug'`),
  ];
  const rows = await tx
    .select({ slugs: sql<(string | null)[]>`array[${sql.join(columns, sql`, `)}]` })
    .from(posts)
    .where(
      and(
        or(...columns.flatMap((column) => [sql`${column} = ${base}`, sql`${column} like ${`${base}-%`}`])),
        exceptId ? ne(posts.id, exceptId) : undefined,
      ),
    );
  return rows.flatMap((row) => row.slugs).filter((slug): slug is string => typeof slug === "string");
}

/** The slug a save stores (spec §9), unique among the other posts' slugs in every language. A
 * slug the admin typed is kept as typed: a clash is reported (null), never silently changed. A
 * slug computed from the title gets the first free suffix (-2, -3…) instead. */
async function chooseSlug(
  tx: Tx,
  input: { slug?: string; title: string; language?: TranslationLanguage },
  fallback: string,
  exceptId?: string,
): Promise<string | null> {
  const base = input.slug ?? (slugify(input.title, input.language) || fallback);
  const taken = await slugsInUse(tx, base, exceptId);
  if (input.slug !== undefined) return taken.includes(base) ? null : base;
  return uniqueSlug(base, taken);
}

function postValues(input: PostInput, by: RevisionAuthor) {
  const scheduled = input.publishAt !== undefined;
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    category: input.category,
    tags: input.tags,
    thumbnail: input.thumbnail ?? null,
    // A publish time publishes the post at that time (ADR 053), whatever the "published" box says.
    published: input.published || scheduled,
    publishAt: input.publishAt ?? null,
    newsletterOnPublish: scheduled && input.newsletterOnPublish,
    scheduledById: scheduled ? by.id : null,
    featured: input.featured,
    // spec §9: words / 200, rounded up, minimum 1.
    readTime: bodyReadTime(input.content),
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
    const slug = await chooseSlug(tx, input, "bai-viet");
    if (slug === null) return { ok: false, reason: "slug-taken" };
    const [row] = await tx
      .insert(posts)
      .values({
        ...postValues(input, author),
        slug,
        author: author.name,
        authorId: author.id,
        views: 0,
        likes: 0,
        comments: 0,
      })
      .returning({ id: posts.id });
    await recordRevision(tx, "post", row!.id, author);
    await notifyChange(tx, "posts");
    return { ok: true, id: row!.id, slug };
  });
}

/** Saves the editor's fields; the author, counters and creation date stay as they were. `by`
 * is who saved (the revision's author). */
export async function updatePost(
  db: Db,
  id: string,
  input: PostInput,
  by: RevisionAuthor,
): Promise<PostSaveResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input, "bai-viet", id);
    if (slug === null) return { ok: false, reason: "slug-taken" };
    const updated = await tx
      .update(posts)
      .set({ ...postValues(input, by), slug })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    if (updated.length === 0) return { ok: false, reason: "not-found" };
    await recordRevision(tx, "post", id, by);
    await notifyChange(tx, "posts");
    return { ok: true, id, slug };
  });
}

/** Saves one language's version of a post (ADR 032): only `translations -> language` is
 * written, so the Vietnamese columns and the other language stay as they are. The slug, left
 * empty, is made from the translated title; a translation without a title has no slug (and no
 * address of its own). */
export async function translatePost(
  db: Db,
  id: string,
  language: TranslationLanguage,
  input: Partial<Omit<PostTranslationInput, "language">>,
  by: RevisionAuthor,
): Promise<PostSaveResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const slug =
      input.title === undefined
        ? undefined
        : await chooseSlug(tx, { slug: input.slug, title: input.title, language }, "post", id);
    if (slug === null) return { ok: false, reason: "slug-taken" };
    const updated = await tx
      .update(posts)
      .set({
        translations: withTranslation(posts.translations, language, {
          title: input.title,
          slug,
          excerpt: input.excerpt,
          content: input.content,
          tags: input.tags,
        }),
      })
      .where(eq(posts.id, id))
      .returning({ slug: posts.slug });
    if (updated.length === 0) return { ok: false, reason: "not-found" };
    await recordRevision(tx, "post", id, by);
    await notifyChange(tx, "posts");
    return { ok: true, id, slug: slug ?? updated[0]!.slug };
  });
}

async function setPostFlag(
  db: Db,
  id: string,
  values: { published: boolean; publishAt: null; newsletterOnPublish?: false } | { featured: boolean },
) {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx.update(posts).set(values).where(eq(posts.id, id)).returning({ id: posts.id });
    if (updated.length === 0) return false;
    await notifyChange(tx, "posts");
    return true;
  });
}

/** spec §4: draft ("Nháp") or public ("Công khai"), switched from the list. false when gone.
 * Either way a schedule ends (ADR 053): "publish" publishes now — a newsletter asked for with the
 * schedule is still sent by the scheduled job — and "unpublish" (also "unschedule") makes a
 * draft and forgets that newsletter. */
export function setPostPublished(db: Db, id: string, published: boolean) {
  return setPostFlag(
    db,
    id,
    published ? { published, publishAt: null } : { published, publishAt: null, newsletterOnPublish: false },
  );
}

/** spec §4: featured is a separate flag (the blog shows at most 2, spec §9). false when gone. */
export function setPostFeatured(db: Db, id: string, featured: boolean) {
  return setPostFlag(db, id, { featured });
}

export type RestoreResult = PostSaveResult | { ok: false; reason: "revision-not-found" };

/** "Khôi phục phiên bản này" (ADR 053): the revision's texts in every language saved as a new
 * save by `by` — itself a revision, so a restore can be undone. The post's state (published,
 * schedule, featured) is not part of a revision and stays. Refused with "slug-taken" when
 * another post has since taken one of the revision's addresses. */
export async function restorePostRevision(
  db: Db,
  id: string,
  revisionId: string,
  by: RevisionAuthor,
): Promise<RestoreResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  if (!isUuid(revisionId)) return { ok: false, reason: "revision-not-found" };
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(postRevisions)
      .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, id)))
      .limit(1);
    if (!revision) return { ok: false, reason: "revision-not-found" };
    const addresses = [
      revision.slug,
      ...translationLanguages.map((language) => revision.translations[language]?.slug),
    ].filter((slug): slug is string => typeof slug === "string" && slug !== "");
    for (const slug of addresses) {
      if ((await slugsInUse(tx, slug, id)).includes(slug)) return { ok: false, reason: "slug-taken" };
    }
    const updated = await tx
      .update(posts)
      .set({
        title: revision.title,
        slug: revision.slug,
        excerpt: revision.excerpt,
        content: revision.content,
        category: revision.category,
        tags: revision.tags,
        thumbnail: revision.thumbnail,
        translations: revision.translations,
        readTime: bodyReadTime(revision.content),
      })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    if (updated.length === 0) return { ok: false, reason: "not-found" };
    await recordRevision(tx, "post", id, by);
    await notifyChange(tx, "posts");
    return { ok: true, id, slug: revision.slug };
  });
}

/** false when the post was already gone. Its view records and revisions go with it (foreign key
 * cascade). */
export async function deletePost(db: Db, id: string) {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    if (deleted.length === 0) return false;
    await notifyChange(tx, "posts");
    return true;
  });
}
