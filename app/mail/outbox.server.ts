// The transactional outbox (architecture §1): a message is queued in the same transaction as
// the record it is about, so it can never be lost, and the worker delivers it later.
import { desc, eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { pageOf, readPage } from "~/models/list-page.server";
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
  const [row] = await db.insert(emailOutbox).values(outboxRow(mail)).returning({ id: emailOutbox.id });
  await notifyChange(db, "outbox");
  return row!.id;
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
