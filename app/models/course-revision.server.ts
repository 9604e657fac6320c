// One revision of a course's texts (ADR 057), with its texts: what the comparison and a restore
// read. The history itself — recording, listing, keeping the last ones — is
// revision-history.server.ts.
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseRevisions } from "~/db/schema";
import { isUuid } from "~/schemas/course";

/** One revision of `courseId` with its texts; undefined when gone, another course's, or no uuid. */
export async function getCourseRevision(db: Pick<Db, "select">, courseId: string, revisionId: string) {
  if (!isUuid(courseId) || !isUuid(revisionId)) return undefined;
  const [row] = await db
    .select()
    .from(courseRevisions)
    .where(and(eq(courseRevisions.id, revisionId), eq(courseRevisions.courseId, courseId)))
    .limit(1);
  return row;
}

export type CourseRevision = NonNullable<Awaited<ReturnType<typeof getCourseRevision>>>;
