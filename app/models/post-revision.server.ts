// One revision of a post (ADR 053), with its texts: what the comparison and a restore read. The
// history itself — recording, listing, keeping the last ones — is revision-history.server.ts.
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postRevisions } from "~/db/schema";
import { isUuid } from "~/schemas/course";

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
