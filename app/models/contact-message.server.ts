// Contact messages (spec §3, §4): created from /contact or POST /api/email/contact through
// submitContactMessage, together with their two mails in one transaction (ADR 006).
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactMessages, emailOutbox, messageReplies } from "~/db/schema";
import { queueContactMails } from "~/mail/templates/contact.server";
import { type ContactMessageInput, contactMessageSchema } from "~/schemas/contact-message";
import {
  canChangeMessageStatus,
  MESSAGES_PAGE_SIZE,
  type MessageListQuery,
  type MessageStatus,
} from "~/schemas/message-reply";
import {
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact, schoolInboxAddress } from "./school-contact.server";

/** The one server path of a contact question (page action and JSON API alike). */
export async function submitContactMessage(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  return submitPublicForm(context, input, {
    form: "contact",
    formToken: meta.formToken,
    schema: contactMessageSchema,
    save: async (values) => {
      const school = await getSchoolContact(context.db);
      const id = await createContactMessage(context.db, values, {
        ...meta,
        ipAddress: context.clientIp,
        school,
        schoolInbox: schoolInboxAddress(context.config, school),
      });
      return { id };
    },
  });
}

/** Saves the message as new and unread (spec §4; responseTime stays empty until someone
 * answers) and queues its two mails, atomically. */
export async function createContactMessage(
  db: Db,
  values: ContactMessageInput,
  context: SubmissionMeta & { ipAddress: string; school: SchoolContact; schoolInbox: string },
): Promise<string> {
  const { website: _honeypot, ...message } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        phone: message.phone,
        subject: message.subject,
        message: message.message,
        contactMethod: message.contactMethod,
        status: "new",
        isRead: false,
        responseTime: null,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent,
        language: context.language,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await queueContactMails(
      tx,
      {
        id: row!.id,
        message,
        language: context.language,
        ipAddress: context.ipAddress,
        submittedAt: row!.createdAt,
        schoolInbox: context.schoolInbox,
        school: context.school,
      },
      ["messages"],
    );
    return row!.id;
  });
}

/* ------------------------------------------------------------------ the admin's inbox */

/** spec §3 responseTime: seconds from receipt to the FIRST answer, set once and never
 * overwritten. Measured with the database's clock (now() = this transaction's time, the same
 * instant a reply row written in it gets as createdAt). */
export const firstResponseTime = sql<number>`coalesce(${contactMessages.responseTime}, greatest(0, round(extract(epoch from (now() - ${contactMessages.createdAt})))))::integer`;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function inboxFilter(query: MessageListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(contactMessages.status, query.status) : undefined,
    query.subject ? eq(contactMessages.subject, query.subject) : undefined,
    query.q
      ? or(
          ilike(contactMessages.name, `%${escapeLike(query.q)}%`),
          ilike(contactMessages.email, `%${escapeLike(query.q)}%`),
        )
      : undefined,
  ];
  return and(...conditions.filter(Boolean));
}

/** One page of the inbox: unread first, then newest. Only the columns the list shows. */
export async function listMessagesForAdmin(db: Db, query: MessageListQuery) {
  const where = inboxFilter(query);
  const [[total], unread] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(where, eq(contactMessages.isRead, false))),
  ]);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / MESSAGES_PAGE_SIZE));
  // A page past the end (rows deleted meanwhile) shows the last one.
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      status: contactMessages.status,
      isRead: contactMessages.isRead,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(asc(contactMessages.isRead), desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(MESSAGES_PAGE_SIZE)
    .offset((page - 1) * MESSAGES_PAGE_SIZE);
  return {
    // The list shows the start of the question only; the pane shows all of it.
    rows: rows.map(({ message, ...row }) => ({ ...row, preview: message.slice(0, 160) })),
    total: total?.n ?? 0,
    unread: unread[0]?.n ?? 0,
    page,
    pageCount,
  };
}

export type InboxRow = Awaited<ReturnType<typeof listMessagesForAdmin>>["rows"][number];

/** Every field of one message and its thread (oldest reply first), each reply with the state of
 * the mail that carried it. Undefined when the message is gone. */
export async function getMessageForAdmin(db: Db, id: string) {
  const [[message], replies] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        subject: contactMessages.subject,
        message: contactMessages.message,
        contactMethod: contactMessages.contactMethod,
        status: contactMessages.status,
        isRead: contactMessages.isRead,
        responseTime: contactMessages.responseTime,
        ipAddress: contactMessages.ipAddress,
        userAgent: contactMessages.userAgent,
        language: contactMessages.language,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id)),
    db
      .select({
        id: messageReplies.id,
        authorName: messageReplies.authorName,
        body: messageReplies.body,
        createdAt: messageReplies.createdAt,
        mailStatus: emailOutbox.status,
        mailError: emailOutbox.lastError,
        mailSentAt: emailOutbox.sentAt,
      })
      .from(messageReplies)
      .leftJoin(emailOutbox, eq(emailOutbox.id, messageReplies.outboxId))
      .where(eq(messageReplies.messageId, id))
      .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id)),
  ]);
  return message ? { ...message, replies } : undefined;
}

export type AdminMessage = NonNullable<Awaited<ReturnType<typeof getMessageForAdmin>>>;

/** Opening a message marks it read. Idempotent: only an unread message is written, and only then
 * is "messages" announced (so the page's own revalidation does not write again). True when this
 * call changed it. */
export async function markMessageRead(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(contactMessages)
      .set({ isRead: true })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.isRead, false)))
      .returning({ id: contactMessages.id });
    if (changed.length === 0) return false;
    await notifyChange(tx, "messages");
    return true;
  });
}

/** "Mark as unread": back to the top of the inbox for a colleague. False when it is gone. */
export async function markMessageUnread(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(contactMessages)
      .set({ isRead: false })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (changed.length === 0) return false;
    await notifyChange(tx, "messages");
    return true;
  });
}

export type MessageChange = "changed" | "not-found" | "not-allowed";

/** A status button of the reading pane, checked against the allowed transitions on the locked
 * row (two admins clicking at once cannot both pass the check). Becoming answered by hand (an
 * answer by phone or Zalo) records the response time if no answer did before. */
export async function changeMessageStatus(db: Db, id: string, to: MessageStatus): Promise<MessageChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: contactMessages.status,
        responseTime: contactMessages.responseTime,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!row) return "not-found";
    if (!canChangeMessageStatus(row.status, to, row.responseTime !== null)) return "not-allowed";
    await tx
      .update(contactMessages)
      .set({
        status: to,
        isRead: true,
        responseTime: to === "answered" ? firstResponseTime : undefined,
      })
      .where(eq(contactMessages.id, id));
    await notifyChange(tx, "messages");
    return "changed";
  });
}
