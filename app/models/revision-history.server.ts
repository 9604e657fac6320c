// The history of a text (ADR 053, ADR 057): each save of a post's or a course's texts, in any
// language, keeps them as they were stored, with who and when; the editors list them, compare one
// with the current texts and restore one as a new save. One table of what is kept per kind; the
// newest REVISIONS_KEPT of each item stay, and the foreign key's cascade erases them with it.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUuid } from "~/schemas/course";

/** Enough to undo weeks of edits; an item saved every few minutes does not grow without bound. */
export const REVISIONS_KEPT = 50;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Who saved: the staff member's id (null for a save no account made, as a script's) and the name
 * the revision shows. */
export interface RevisionAuthor {
  id: string | null;
  name: string;
}

/** Per kind: the revisions' table, the item's table, the column naming the item, and the texts a
 * revision keeps (the item's state — published, open, its schedule — is not a text). Constants:
 * they are written into the SQL as names. */
const histories = {
  post: {
    revisions: "post_revisions",
    items: "posts",
    owner: "post_id",
    texts: ["title", "slug", "excerpt", "content", "category", "tags", "thumbnail", "translations"],
  },
  course: {
    revisions: "course_revisions",
    items: "courses",
    owner: "course_id",
    texts: ["title", "slug", "description", "duration", "lessons", "features", "translations"],
  },
} as const;

export type RevisionKind = keyof typeof histories;

/** Keeps the item's texts as this save left them (read back from the row, so it is exactly what
 * was stored, slugs and read-time rules applied), then drops all but the newest REVISIONS_KEPT.
 * Inside the save's transaction: a save and its revision commit together. */
export async function recordRevision(tx: Tx, kind: RevisionKind, itemId: string, by: RevisionAuthor) {
  const { revisions, items, owner, texts } = histories[kind];
  const columns = sql.raw(texts.join(", "));
  await tx.execute(sql`
    insert into ${sql.raw(revisions)} (${sql.raw(owner)}, ${columns}, saved_by_id, saved_by_name)
    select id, ${columns}, ${by.id}, ${by.name} from ${sql.raw(items)} where id = ${itemId}`);
  await tx.execute(sql`
    delete from ${sql.raw(revisions)} where ${sql.raw(owner)} = ${itemId} and id not in (
      select id from ${sql.raw(revisions)} where ${sql.raw(owner)} = ${itemId}
      order by created_at desc, id desc limit ${REVISIONS_KEPT})`);
}

/** The editor's list: who and when, newest first. An empty name is a history's first entry, the
 * texts the item had before revisions were kept. */
export async function listRevisions(db: Db, kind: RevisionKind, itemId: string) {
  if (!isUuid(itemId)) return [];
  const { revisions, owner } = histories[kind];
  const { rows } = await db.execute<{ id: string; savedByName: string; createdAt: Date }>(sql`
    select id, saved_by_name as "savedByName", created_at as "createdAt"
    from ${sql.raw(revisions)} where ${sql.raw(owner)} = ${itemId}
    order by created_at desc, id desc limit ${REVISIONS_KEPT}`);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

export type RevisionSummary = Awaited<ReturnType<typeof listRevisions>>[number];
