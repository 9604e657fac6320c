// What the privacy page promises (app/locales/*/privacy.json, issue 5 §7): enrolments are kept
// at most 24 months after the last contact, contact messages at most 12 months after the
// answer, rate-limit counters one day. "Last contact" is the record's last change.
import { lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages, enrollments, requestLimits } from "~/db/schema";

export const ENROLLMENT_RETENTION_MONTHS = 24;
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12;

export async function deleteExpiredRecords(db: Db, now: Date = new Date()) {
  const monthsAgo = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };
  const removedEnrollments = await db
    .delete(enrollments)
    .where(lte(enrollments.updatedAt, monthsAgo(ENROLLMENT_RETENTION_MONTHS)))
    .returning({ id: enrollments.id });
  const removedMessages = await db
    .delete(contactMessages)
    .where(lte(contactMessages.updatedAt, monthsAgo(CONTACT_MESSAGE_RETENTION_MONTHS)))
    .returning({ id: contactMessages.id });
  await db.delete(requestLimits).where(lte(requestLimits.windowStart, sql`now() - interval '1 day'`));
  return { enrollments: removedEnrollments.length, contactMessages: removedMessages.length };
}
