// A post's revisions (ADR 053): each save of the Vietnamese post, of a translation or of a
// restore keeps the texts it left, with who and when; the editor lists them, compares one with
// the current text and restores one (post-admin.server.ts, as a new save). The newest
// POST_REVISIONS_KEPT of each post are kept; the foreign key's cascade erases them with the post.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postRevisions, posts } from "~/db/schema";
import { isUuid } from "~/schemas/course";

/** Enough to undo weeks of edits; a post saved every few minutes does not grow without bound. */
export const POST_REVISIONS_KEPT = 50;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Who saved: the staff member's id and the name the revision shows. */
export interface RevisionAuthor {
  id: string;
  name: string;
}

/** Keeps the post's texts as this save left them (read back from the row, so it is exactly what
 * was stored, slugs and read-time rules applied), then drops all but the newest
 * POST_REVISIONS_KEPT. Inside the save's transaction: a save and its revision commit together. */
export async function recordPostRevision(tx: Tx, postId: string, by: RevisionAuthor) {
  await tx.execute(sql`
    insert into ${postRevisions} (post_id, title, slug, excerpt, content, category, tags, thumbnail,
      translations, saved_by_id, saved_by_name)
    select id, title, slug, excerpt, content, category, tags, thumbnail, translations, ${by.id}, ${by.name}
    from ${posts} where id = ${postId}`);
  await tx.execute(sql`
    delete from ${postRevisions} where post_id = ${postId} and id not in (
      select id from ${postRevisions} where post_id = ${postId}
      order by created_at desc, id desc limit ${POST_REVISIONS_KEPT})`);
}

/** The editor's list: who and when, newest first. */
export async function listPostRevisions(db: Db, postId: string) {
  if (!isUuid(postId)) return [];
  return db
    .select({
      id: postRevisions.id,
      savedByName: postRevisions.savedByName,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
    .limit(POST_REVISIONS_KEPT);
}

export type PostRevisionSummary = Awaited<ReturnType<typeof listPostRevisions>>[number];

/** One revision of `postId` with its texts; undefined when gone, another post's, or no uuid. */
export async function getPostRevision(db: Pick<Db, "select">, postId: string, revisionId: string) {
  if (!isUuid(postId) || !isUuid(revisionId)) return undefined;
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
    .limit(1);
  return row;
}

export type PostRevision = NonNullable<Awaited<ReturnType<typeof getPostRevision>>>;
