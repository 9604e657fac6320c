// The transactional outbox (architecture §1): a message is queued in the same transaction as
// the record it is about, so it can never be lost, and the worker delivers it later.
import { and, desc, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { pageOf, readPage } from "~/db/list-page.server";
import { emailOutbox } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import type { OutboxBacklog } from "~/lib/metrics.server";
import type { OutboxStatus } from "~/schemas/domain";

type Executor = Pick<Db, "insert" | "execute">;

export interface OutgoingMail {
  /** What the message is for, shown in the admin's outbox (e.g. "enrollment-confirmation"). */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, e.g. List-Unsubscribe; values are made single-line. */
  headers?: Record<string, string>;
  /** Files sent along, e.g. a QR code the HTML shows inline with `<img src="cid:…">`. */
  attachments?: { filename: string; contentType: string; cid?: string; content: Buffer }[];
  /** The newsletter campaign the message belongs to (its sent/failed counts). */
  campaignId?: string;
}

/** Header values never carry line breaks: a name or subject typed with CR/LF cannot add headers. */
export function headerSafe(value: string) {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ").trim();
}

export function outboxRow(mail: OutgoingMail) {
  return {
    kind: mail.kind,
    to: headerSafe(mail.to),
    replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
    subject: headerSafe(mail.subject),
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers
      ? Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, headerSafe(value)]))
      : null,
    attachments:
      mail.attachments?.map(({ content, ...attachment }) => ({
        ...attachment,
        contentBase64: content.toString("base64"),
      })) ?? null,
    campaignId: mail.campaignId ?? null,
  };
}

export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/** Queues several mails in one statement, and announces the outbox's change together with the
 * caller's own (`alsoChanged`) in one more: the round trips of a transaction that holds a lock
 * are what its waiters wait for. Returns the mails' ids (PostgreSQL does not promise their order). */
export async function enqueueMails(
  db: Executor,
  mails: OutgoingMail[],
  alsoChanged: ChangeTopic[] = [],
): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db.insert(emailOutbox).values(mails.map(outboxRow)).returning({ id: emailOutbox.id });
  await notifyChange(db, "outbox", ...alsoChanged);
  return rows.map((row) => row.id);
}

/** Queues a mail that must go at most once whoever queues it (ADR 026): the unique once_key
 * ("class-reminder:<class>:<enrolment>") drops a second copy, even from another instance at the
 * same moment. True when this call queued it. */
export async function enqueueMailOnce(db: Executor, onceKey: string, mail: OutgoingMail): Promise<boolean> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...outboxRow(mail), onceKey })
    .onConflictDoNothing({ target: emailOutbox.onceKey })
    .returning({ id: emailOutbox.id });
  if (!row) return false;
  await notifyChange(db, "outbox");
  return true;
}

/** One page of the outbox for the admin: newest first, optionally one status. */
export async function listOutbox(
  db: Db,
  options: { status?: OutboxStatus; page?: number; pageSize?: number } = {},
) {
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  return readPage(
    db,
    pageOf(options, 25),
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)),
    { table: emailOutbox, where },
  );
}

/** How long a failed attempt of a mail that will still be retried keeps the admin's banner up. */
const RECENT_FAILURE = sql.raw("interval '1 hour'");

/** Mail trouble for the admin overview's banner:
 * - `failed`: messages that gave up (status failed) — until an admin sends them again;
 * - `retrying`: messages still queued whose last attempt failed less than an hour ago. A queued
 *   row with attempts > 0 and a last_error had its latest attempt fail (a success clears the
 *   error; a retry by the admin resets attempts to 0), and its updated_at is when that failure
 *   was written (or, during the next attempt, when a worker claimed it).
 * No trouble when both are 0. */
export async function getMailTrouble(db: Db) {
  const retrying = and(
    eq(emailOutbox.status, "queued"),
    gt(emailOutbox.attempts, 0),
    isNotNull(emailOutbox.lastError),
    gt(emailOutbox.updatedAt, sql`now() - ${RECENT_FAILURE}`),
  );
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')`.mapWith(Number),
      retrying: sql<number>`count(*) filter (where ${retrying})`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.status, "failed"), retrying));
  return { failed: row?.failed ?? 0, retrying: row?.retrying ?? 0 };
}

/** The outbox's backlog for the operator's metrics (ADR 040), in one statement on the due index
 * (status, next_attempt_at): only queued and failed rows are read, never the sent history.
 * "Due" as the worker claims (next_attempt_at passed); a claimed message's lease hides it. */
export async function readOutboxBacklog(db: Pick<Db, "execute">): Promise<OutboxBacklog> {
  const result = await db.execute<{ queued: string; failed: string; oldest_due_seconds: string | null }>(sql`
    select
      count(*) filter (where ${emailOutbox.status} = 'queued') as queued,
      count(*) filter (where ${emailOutbox.status} = 'failed') as failed,
      extract(epoch from now() - min(${emailOutbox.nextAttemptAt})
        filter (where ${emailOutbox.status} = 'queued' and ${emailOutbox.nextAttemptAt} <= now())) as oldest_due_seconds
    from ${emailOutbox}
    where ${emailOutbox.status} in ('queued', 'failed')`);
  const row = result.rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldest_due_seconds ?? 0)),
  };
}
