// "Delete my data" (the privacy page's promise): everything a person sent or was
// sent, found by their email (any case) or phone (its digits): enrolments with their notes,
// contact messages with their replies, newsletter rows, outbox mails, the rate-limit counters
// whose keys name them, the .eml copies of mails written to DATA_DIR/mail, and (when an admin
// erases) their account with its sessions, sign-in methods and second factor. One transaction;
// the audit log keeps who erased how much and when, never the email or phone (ADR 014).
import fs from "node:fs/promises";
import path from "node:path";
import { count, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import {
  bankNotifications,
  contactMessages,
  emailOutbox,
  enrollmentNotes,
  enrollments,
  messageReplies,
  newsletterSubscribers,
  placementAttempts,
  staffInvitations,
  trialBookings,
  user,
  verification,
} from "~/db/schema";
import { type PersonQuery, phoneDigits } from "~/schemas/personal-data";
import { recordAuditEvent } from "./audit-log.server";
import { releaseSeat } from "./class-seat.server";
import { countRateLimitsNaming, forgetRateLimitsNaming } from "./request-limit.server";

export interface PersonDataCounts {
  enrollments: number;
  enrollmentNotes: number;
  contactMessages: number;
  messageReplies: number;
  newsletterSubscribers: number;
  /** Placement test results left with the email or the phone (issue 29). */
  placementResults: number;
  /** Free trial lessons booked with the email or the phone (issue 29). */
  trialBookings: number;
  outboxMails: number;
  /** Accounts with the email (name, email, sessions, sign-in methods, second factor). */
  accounts: number;
  /** Rate-limit counters whose key names the email, the phone or an erased account. */
  rateLimits: number;
}

/** Who erases: an admin erases the accounts too; a learner's own "erase my enrolment data"
 * keeps the account they are signed in with (deleting it is the profile's own action). */
export type ErasedBy = "admin" | "self";

/** A phone column compared by digits, +84 written as 0 (the same rule as phoneDigits). */
const normalisedPhone = (column: AnyPgColumn) =>
  sql`regexp_replace(regexp_replace(${column}, '\\D', '', 'g'), '^84(\\d{9})$', '0\\1')`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whole-word patterns (valid in JavaScript and PostgreSQL): "a@b.vn" must not match inside
 * "la@b.vn", nor a phone inside a longer number. */
function mentionPatterns(email?: string, phone?: string) {
  return {
    email: email
      ? new RegExp(`(^|[^a-z0-9._%+-])${escapeRegExp(email)}($|[^a-z0-9.-]|\\.([^a-z0-9]|$))`)
      : undefined,
    phone: phone
      ? new RegExp(`(^|[^0-9])(${phone}${phone.startsWith("0") ? `|84${phone.slice(1)}` : ""})($|[^0-9])`)
      : undefined,
  };
}

/** The one rule for "this row is the person's": its email in any case, or its phone by its
 * digits (+84 written as 0). Erasure uses it, and so does every page that shows what the school
 * holds of a person beside their record (e.g. placement test results in the students panel). */
export function personMatch(person: PersonQuery) {
  const email = person.email?.toLowerCase();
  const phone = person.phone ? phoneDigits(person.phone) : undefined;
  return (emailColumn: AnyPgColumn, phoneColumn?: AnyPgColumn) =>
    or(
      email ? sql`lower(${emailColumn}) = ${email}` : undefined,
      phone && phoneColumn ? sql`${normalisedPhone(phoneColumn)} = ${phone}` : undefined,
    ) ?? sql`false`;
}

function personConditions(person: PersonQuery) {
  const email = person.email?.toLowerCase();
  const phone = person.phone ? phoneDigits(person.phone) : undefined;
  const matches = personMatch(person);
  // A mail carries the person when it is to them or answers to them, or its text names their
  // email or phone (the school's notifications list every field). Phone numbers are searched
  // with their separators removed, written with a 0 or +84.
  const outboxText = sql`regexp_replace(${emailOutbox.text}, '[[:space:].()-]', '', 'g')`;
  const patterns = mentionPatterns(email, phone);
  const outbox =
    or(
      email ? sql`lower(${emailOutbox.to}) = ${email}` : undefined,
      email ? sql`lower(coalesce(${emailOutbox.replyTo}, '')) = ${email}` : undefined,
      patterns.email ? sql`lower(${emailOutbox.text}) ~ ${patterns.email.source}` : undefined,
      patterns.phone ? sql`${outboxText} ~ ${patterns.phone.source}` : undefined,
    ) ?? sql`false`;
  return {
    enrollments: matches(enrollments.email, enrollments.phone),
    contactMessages: matches(contactMessages.email, contactMessages.phone),
    newsletter: matches(newsletterSubscribers.email),
    placement: matches(placementAttempts.email, placementAttempts.phone),
    trials: matches(trialBookings.email, trialBookings.phone),
    accounts: email ? sql`lower(${user.email}) = ${email}` : sql`false`,
    outbox,
    email,
    phone,
  };
}

/** The accounts an erasure by `by` removes. */
async function erasedAccountIds(db: Pick<Db, "select">, person: PersonQuery, by: ErasedBy) {
  if (by === "self") return [];
  const rows = await db.select({ id: user.id }).from(user).where(personConditions(person).accounts);
  return rows.map((row) => row.id);
}

/** What identifies the person in a rate-limit key: email, phone digits, erased account ids. */
function rateLimitValues(person: PersonQuery, accountIds: string[]) {
  const where = personConditions(person);
  return [where.email, where.phone, ...accountIds].filter((value): value is string => Boolean(value));
}

/** What an erasure would remove: the confirmation shows these counts. */
export async function countPersonData(
  db: Pick<Db, "select" | "execute">,
  person: PersonQuery,
  by: ErasedBy = "admin",
): Promise<PersonDataCounts> {
  const where = personConditions(person);
  const accountIds = await erasedAccountIds(db, person, by);
  const matchedEnrollments = db.select({ id: enrollments.id }).from(enrollments).where(where.enrollments);
  const matchedMessages = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(where.contactMessages);
  const queries = [
    db.select({ n: count() }).from(enrollments).where(where.enrollments),
    db
      .select({ n: count() })
      .from(enrollmentNotes)
      .where(inArray(enrollmentNotes.enrollmentId, matchedEnrollments)),
    db.select({ n: count() }).from(contactMessages).where(where.contactMessages),
    db.select({ n: count() }).from(messageReplies).where(inArray(messageReplies.messageId, matchedMessages)),
    db.select({ n: count() }).from(newsletterSubscribers).where(where.newsletter),
    db.select({ n: count() }).from(placementAttempts).where(where.placement),
    db.select({ n: count() }).from(trialBookings).where(where.trials),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        or(
          where.outbox,
          inArray(
            emailOutbox.id,
            db
              .select({ id: sql`${messageReplies.outboxId}` })
              .from(messageReplies)
              .where(inArray(messageReplies.messageId, matchedMessages)),
          ),
        ),
      ),
  ];
  // One at a time: the erasure counts inside its transaction, which is one connection, and pg
  // refuses overlapping queries on one connection from its next major version.
  const totals: number[] = [];
  for (const query of queries) totals.push((await query)[0]?.n ?? 0);
  const [e = 0, n = 0, m = 0, r = 0, s = 0, p = 0, t = 0, o = 0] = totals;
  return {
    accounts: accountIds.length,
    rateLimits: await countRateLimitsNaming(db, rateLimitValues(person, accountIds)),
    enrollments: e,
    enrollmentNotes: n,
    contactMessages: m,
    messageReplies: r,
    newsletterSubscribers: s,
    placementResults: p,
    trialBookings: t,
    outboxMails: o,
  };
}

export interface ErasureResult extends PersonDataCounts {
  mailFiles: number;
}

/** Erases everything of one person and records the erasure (with counts only) in the audit log
 * as `by` ("admin" or "self"). The handle should be actor-scoped so the entry names who did it. */
export async function erasePerson(
  db: Db,
  person: PersonQuery,
  options: { dataDir: string; by: ErasedBy },
): Promise<ErasureResult> {
  const where = personConditions(person);
  const counts = await db.transaction(async (tx) => {
    // Counted inside the transaction, so the record says what this erasure removed.
    const before = await countPersonData(tx, person, options.by);
    const accountIds = await erasedAccountIds(tx, person, options.by);
    const replyMails = tx
      .select({ id: sql`${messageReplies.outboxId}` })
      .from(messageReplies)
      .innerJoin(contactMessages, sql`${messageReplies.messageId} = ${contactMessages.id}`)
      .where(where.contactMessages);
    await tx.delete(emailOutbox).where(or(where.outbox, inArray(emailOutbox.id, replyMails)));
    // A bank's notification of their transfer holds the note as the bank carried it, often with
    // the sender's name (ADR 050); it goes with the enrolment, as its payments do (on delete cascade).
    await tx
      .delete(bankNotifications)
      .where(
        inArray(
          bankNotifications.enrollmentId,
          tx.select({ id: enrollments.id }).from(enrollments).where(where.enrollments),
        ),
      );
    // Notes and replies go with their enrolment or message (on delete cascade).
    const removed = await tx
      .delete(enrollments)
      .where(where.enrollments)
      .returning({ classId: enrollments.classId });
    // The seats they held go to the first on each class's waitlist.
    for (const classId of new Set(removed.map((row) => row.classId))) await releaseSeat(tx, classId);
    await tx.delete(contactMessages).where(where.contactMessages);
    await tx.delete(newsletterSubscribers).where(where.newsletter);
    await tx.delete(placementAttempts).where(where.placement);
    await tx.delete(trialBookings).where(where.trials);
    // Invitations to the staff hold the invitee's email and name (issue 30).
    await tx.delete(staffInvitations).where(personMatch(person)(staffInvitations.email));
    await forgetRateLimitsNaming(tx, rateLimitValues(person, accountIds));
    if (accountIds.length > 0) {
      // Sessions, sign-in methods and the second factor go with the account (on delete
      // cascade); the links it was sent (password reset, erasure) are verification rows that
      // name its id.
      await tx
        .delete(verification)
        .where(
          or(
            inArray(verification.value, accountIds),
            inArray(sql`split_part(${verification.identifier}, ':', 2)`, accountIds),
          ),
        );
      await tx.delete(user).where(inArray(user.id, accountIds));
    }
    for (const topic of ["enrollments", "messages", "newsletter", "outbox", "users"] as const)
      await notifyChange(tx, topic);
    return before;
  });
  const mailFiles = await deleteMailFiles(options.dataDir, where.email, where.phone);
  const result = { ...counts, mailFiles };
  await recordAuditEvent(db, {
    entity: "person",
    action: "erase",
    detail: {
      by: options.by,
      matchedBy: [where.email && "email", where.phone && "phone"].filter(Boolean),
      ...result,
    },
  });
  return result;
}

/** The .eml copies in DATA_DIR/mail (written when SMTP_URL is unset) that name the person in a
 * header or the text. Quoted-printable soft line breaks are joined before searching. */
async function deleteMailFiles(dataDir: string, email?: string, phone?: string) {
  const folder = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = (await fs.readdir(folder)).filter((name) => name.endsWith(".eml"));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    let text: string;
    try {
      text = (await fs.readFile(file, "utf8")).replace(/=\r?\n/g, "").toLowerCase();
    } catch {
      continue;
    }
    const patterns = mentionPatterns(email, phone);
    const mentionsPerson = patterns.email?.test(text) || patterns.phone?.test(text.replace(/[\s.()-]/g, ""));
    if (mentionsPerson) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
