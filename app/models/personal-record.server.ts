// Correcting and deleting one enrolment or contact message (the privacy page lets a
// person have their data corrected; spam is deleted one record at a time). Notes and replies go
// with their record (on delete cascade). Every change is in the audit log through the admin's
// actor-scoped handle (ADR 014).
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactMessages, enrollments } from "~/db/schema";

export async function updateEnrollmentPersonal(
  db: Db,
  id: string,
  values: { fullName: string; email: string; phone: string },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(enrollments)
      .set(values)
      .where(eq(enrollments.id, id))
      .returning({ id: enrollments.id });
    if (updated.length) await notifyChange(tx, "enrollments");
    return updated.length > 0;
  });
}

export async function deleteEnrollment(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(enrollments)
      .where(eq(enrollments.id, id))
      .returning({ id: enrollments.id });
    if (deleted.length) await notifyChange(tx, "enrollments");
    return deleted.length > 0;
  });
}

export async function updateMessagePersonal(
  db: Db,
  id: string,
  values: { name: string; email: string; phone: string },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(contactMessages)
      .set(values)
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (updated.length) await notifyChange(tx, "messages");
    return updated.length > 0;
  });
}

export async function deleteMessage(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (deleted.length) await notifyChange(tx, "messages");
    return deleted.length > 0;
  });
}
