// The transactional outbox (ARCHITECTURE.md §1): a message is queued in the same transaction as
// the record it is about, so it can never be lost, and the worker delivers it later.
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

type Executor = Pick<Db, "insert">;

export interface OutgoingMail {
  /** What the message is for, shown in the admin's outbox (e.g. "enrollment-confirmation"). */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

/** Header values never carry line breaks: a name or subject typed with CR/LF cannot add headers. */
export function headerSafe(value: string) {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ").trim();
}

export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      to: headerSafe(mail.to),
      replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
      subject: headerSafe(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
