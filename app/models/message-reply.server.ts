// The thread of a contact message: each reply an admin writes in the reading pane is
// kept (who, when, what) and mailed to the person through the outbox, in one transaction with the
// message's new state, so a reply is never recorded without its mail or mailed without its record.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactMessages, messageReplies } from "~/db/schema";
import { enqueueMail } from "~/mail/outbox.server";
import { messageReplyMail } from "~/mail/templates/message-reply.server";
import { statusAfterReply } from "~/schemas/message-reply";
import { firstResponseTime } from "./contact-message.server";
import { getSchoolContact, schoolInboxAddress } from "./school-contact.server";

/** Where the person's answer to a reply goes: the school's inbox, as for the contact notification. */
export async function schoolReplyAddress(db: Db, config: Pick<AppLoadContext["config"], "SCHOOL_INBOX">) {
  return schoolInboxAddress(config, await getSchoolContact(db));
}

export interface NewReply {
  messageId: string;
  author: { id: string; name: string };
  body: string;
  replyTo: string;
}

/** Records the reply, queues its mail, and marks the message answered and read; the first answer
 * also fixes responseTime. False when the message is gone. */
export async function replyToMessage(db: Db, reply: NewReply): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        language: contactMessages.language,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, reply.messageId))
      .for("update");
    if (!message) return false;
    const outboxId = await enqueueMail(
      tx,
      messageReplyMail({ message, body: reply.body, replyTo: reply.replyTo }),
    );
    await tx.insert(messageReplies).values({
      messageId: reply.messageId,
      authorId: reply.author.id,
      authorName: reply.author.name,
      body: reply.body,
      outboxId,
    });
    await tx
      .update(contactMessages)
      .set({ status: statusAfterReply(message.status), isRead: true, responseTime: firstResponseTime })
      .where(eq(contactMessages.id, reply.messageId));
    await notifyChange(tx, "messages");
    return true;
  });
}
