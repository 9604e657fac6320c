// Contact messages (spec §3, §4): created from /contact or POST /api/email/contact through
// submitContactMessage, together with their two mails in one transaction (ADR 006).
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { queueContactMails } from "~/mail/templates/contact.server";
import { type ContactMessageInput, contactMessageSchema } from "~/schemas/contact-message";
import {
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact } from "./school-contact.server";

/** The one server path of a contact question (page action and JSON API alike). */
export async function submitContactMessage(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  return submitPublicForm(context, input, {
    form: "contact",
    schema: contactMessageSchema,
    save: async (values) => {
      const school = await getSchoolContact(context.db);
      return createContactMessage(context.db, values, {
        ...meta,
        ipAddress: context.clientIp,
        school,
        // ARCHITECTURE.md §4 SCHOOL_INBOX; without it, the school's own published address.
        schoolInbox: context.config.SCHOOL_INBOX ?? school.email,
      });
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
    await queueContactMails(tx, {
      id: row!.id,
      message,
      language: context.language,
      ipAddress: context.ipAddress,
      submittedAt: row!.createdAt,
      schoolInbox: context.schoolInbox,
      school: context.school,
    });
    await notifyChange(tx, "messages");
    return row!.id;
  });
}
