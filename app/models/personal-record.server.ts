// Correcting and deleting one enrolment or contact message (the privacy page lets a
// person have their data corrected; spam is deleted one record at a time). Notes and replies go
// with their record (on delete cascade). Every change is in the audit log through the admin's
// actor-scoped handle (ADR 014).
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactMessages, enrollments } from "~/db/schema";
import { releaseSeat } from "./class-seat.server";

/** Runs one change to a record and, when the record was there, announces it on the topic of its
 * list in the same transaction. False when the record no longer exists. */
function changeRecord(
  db: Db,
  topic: "enrollments" | "messages",
  change: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<unknown[]>,
) {
  return db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed.length) await notifyChange(tx, topic);
    return changed.length > 0;
  });
}

export function updateEnrollmentPersonal(
  db: Db,
  id: string,
  values: { fullName: string; email: string; phone: string },
) {
  return changeRecord(db, "enrollments", (tx) =>
    tx.update(enrollments).set(values).where(eq(enrollments.id, id)).returning({ id: enrollments.id }),
  );
}

/** A seat the enrolment held goes to the first on its class's waitlist, in the same transaction. */
export function deleteEnrollment(db: Db, id: string) {
  return changeRecord(db, "enrollments", async (tx) => {
    const removed = await tx
      .delete(enrollments)
      .where(eq(enrollments.id, id))
      .returning({ id: enrollments.id, classId: enrollments.classId });
    for (const { classId } of removed) await releaseSeat(tx, classId);
    return removed;
  });
}

export function updateMessagePersonal(
  db: Db,
  id: string,
  values: { name: string; email: string; phone: string },
) {
  return changeRecord(db, "messages", (tx) =>
    tx
      .update(contactMessages)
      .set(values)
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id }),
  );
}

export function deleteMessage(db: Db, id: string) {
  return changeRecord(db, "messages", (tx) =>
    tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id }),
  );
}
