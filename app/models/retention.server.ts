// What the privacy page promises (app/locales/*/privacy.json):
// enrolments are kept at most 24 months after the last contact, contact messages at most 12
// months after the answer, placement test results 12 months (an unanswered test two days), trial
// lesson bookings 12 months after the lesson and their last change, the bank's transfer
// notifications 24 months (as the enrolments they pay; the payments themselves stay with theirs),
// rate-limit counters one day, sent and failed mails (outbox rows and
// the .eml copies in DATA_DIR/mail) 90 days, the audit log of admin actions 24 months. "Last
// contact" is the record's last change. Run hourly by the mail worker: once per hour across all
// app processes for the database (runHousekeeping), by each process for its own .eml files.
import fs from "node:fs/promises";
import path from "node:path";
import { and, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  bankNotifications,
  contactMessages,
  emailOutbox,
  enrollments,
  placementAttempts,
  requestLimits,
  trialBookings,
} from "~/db/schema";
import { log } from "~/lib/log.server";
import { deleteExpiredAuditEntries } from "./audit-log.server";
import { claimJobRun } from "./scheduled-job.server";

export const ENROLLMENT_RETENTION_MONTHS = 24;
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12;
export const MAIL_RETENTION_DAYS = 90;
export const PLACEMENT_RESULT_RETENTION_MONTHS = 12;
export const TRIAL_BOOKING_RETENTION_MONTHS = 12;
export const BANK_NOTIFICATION_RETENTION_MONTHS = 24;
/** An unanswered test can no longer be answered after PLACEMENT_ATTEMPT_HOURS; it goes after. */
const UNANSWERED_PLACEMENT_DAYS = 2;

export const HOUSEKEEPING_PERIOD_SECONDS = 60 * 60;
const MAIL_RETENTION_MS = MAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000;

export interface RetentionResult {
  enrollments: number;
  contactMessages: number;
  placementAttempts: number;
  trialBookings: number;
  bankNotifications: number;
  outboxMails: number;
  mailFiles: number;
  auditEntries: number;
}

export async function deleteExpiredRecords(
  db: Db,
  now: Date = new Date(),
  options: { dataDir?: string } = {},
): Promise<RetentionResult> {
  const monthsAgo = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };
  const mailCutoff = new Date(now.getTime() - MAIL_RETENTION_MS);
  const removedEnrollments = await db
    .delete(enrollments)
    .where(lte(enrollments.updatedAt, monthsAgo(ENROLLMENT_RETENTION_MONTHS)))
    .returning({ id: enrollments.id });
  const removedMessages = await db
    .delete(contactMessages)
    .where(lte(contactMessages.updatedAt, monthsAgo(CONTACT_MESSAGE_RETENTION_MONTHS)))
    .returning({ id: contactMessages.id });
  const removedAttempts = await db
    .delete(placementAttempts)
    .where(
      or(
        lte(placementAttempts.submittedAt, monthsAgo(PLACEMENT_RESULT_RETENTION_MONTHS)),
        and(
          isNull(placementAttempts.submittedAt),
          lte(placementAttempts.startedAt, new Date(now.getTime() - UNANSWERED_PLACEMENT_DAYS * 86_400_000)),
        ),
      ),
    )
    .returning({ id: placementAttempts.id });
  const trialCutoff = monthsAgo(TRIAL_BOOKING_RETENTION_MONTHS);
  const removedTrials = await db
    .delete(trialBookings)
    .where(and(lte(trialBookings.startsAt, trialCutoff), lte(trialBookings.updatedAt, trialCutoff)))
    .returning({ id: trialBookings.id });
  const removedNotifications = await db
    .delete(bankNotifications)
    .where(lte(bankNotifications.createdAt, monthsAgo(BANK_NOTIFICATION_RETENTION_MONTHS)))
    .returning({ id: bankNotifications.id });
  // A queued mail is never dropped, however old: it has not reached anyone yet. A sent one is
  // counted from its sending, a failed one from its last attempt.
  const removedMail = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lte(sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.updatedAt})`, mailCutoff),
      ),
    )
    .returning({ id: emailOutbox.id });
  await db.delete(requestLimits).where(lte(requestLimits.windowStart, sql`now() - interval '1 day'`));
  return {
    enrollments: removedEnrollments.length,
    contactMessages: removedMessages.length,
    placementAttempts: removedAttempts.length,
    trialBookings: removedTrials.length,
    bankNotifications: removedNotifications.length,
    outboxMails: removedMail.length,
    mailFiles: options.dataDir ? await deleteExpiredMailFiles(options.dataDir, mailCutoff) : 0,
    auditEntries: await deleteExpiredAuditEntries(db, now),
  };
}

/** The database's part of retention, once per period however many app processes call it at once
 * (ADR 021): the one that claims the period deletes and returns the counts; the others get
 * null. */
export async function runHousekeeping(
  db: Db,
  options: { now?: Date; periodSeconds?: number } = {},
): Promise<RetentionResult | null> {
  if (!(await claimJobRun(db, "housekeeping", options.periodSeconds ?? HOUSEKEEPING_PERIOD_SECONDS))) {
    return null;
  }
  const deleted = await deleteExpiredRecords(db, options.now ?? new Date());
  log().info({ deleted }, "retention: housekeeping ran");
  return deleted;
}

/** This process's own .eml copies (each instance writes them to its own DATA_DIR), 90 days on. */
export function deleteExpiredMailCopies(dataDir: string, now: Date = new Date()) {
  return deleteExpiredMailFiles(dataDir, new Date(now.getTime() - MAIL_RETENTION_MS));
}

/** The .eml copies written when SMTP_URL is unset, by the time they were written. */
async function deleteExpiredMailFiles(dataDir: string, cutoff: Date) {
  const folder = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(folder, name);
    try {
      if ((await fs.stat(file)).mtime <= cutoff) {
        await fs.rm(file, { force: true });
        removed++;
      }
    } catch {
      // Removed meanwhile (an erasure, another process): nothing left to do.
    }
  }
  return removed;
}
