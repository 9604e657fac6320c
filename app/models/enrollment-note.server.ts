// Internal notes on an enrolment: who wrote what, when; only admins see them.
import { desc, eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { enrollmentNotes, enrollments } from "~/db/schema";

/** Newest first. */
export async function listEnrollmentNotes(db: Db, enrollmentId: string) {
  return db
    .select({
      id: enrollmentNotes.id,
      authorName: enrollmentNotes.authorName,
      body: enrollmentNotes.body,
      createdAt: enrollmentNotes.createdAt,
    })
    .from(enrollmentNotes)
    .where(eq(enrollmentNotes.enrollmentId, enrollmentId))
    .orderBy(desc(enrollmentNotes.createdAt), desc(enrollmentNotes.id));
}

export type EnrollmentNote = Awaited<ReturnType<typeof listEnrollmentNotes>>[number];

/** Adds a note signed with the author's current name (kept if the account goes). False when the
 * enrolment is gone. */
export async function addEnrollmentNote(
  db: Db,
  note: { enrollmentId: string; author: { id: string; name: string }; body: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.id, note.enrollmentId))
      .for("share");
    if (!target) return false;
    await tx.insert(enrollmentNotes).values({
      enrollmentId: note.enrollmentId,
      authorId: note.author.id,
      authorName: note.author.name,
      body: note.body,
    });
    await notifyChange(tx, "enrollments");
    return true;
  });
}
