// The answer to a contact question, written by an admin in the reading pane. It goes
// to the person who asked, in the language they asked in, with the school's inbox as Reply-To so
// their answer reaches the staff rather than the no-reply sender. The subject is "Re: <the
// question's subject>", as a mail client threads it.
//
// The admin's text is the mail's text, word for word: the greeting and the signature are not added
// here but put into the reply form as its starting text (messageReplyDraft), where the admin sees
// and edits them. Below the text the mail quotes the question and says why it was sent; the form's
// preview shows those too (`after`), so nothing reaches the person that the admin did not see.
import { isLanguage, type Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { formatDateVi } from "~/lib/format";
import { renderMail } from "../layout.server";
import type { OutgoingMail } from "../outbox.server";

const texts: Record<Language, { greeting: string; signature: string; question: string; footer: string }> = {
  vi: {
    greeting: "Chào {{name}},",
    signature: "Trân trọng,\n{{author}}\nLernhaus",
    question: "Câu hỏi của bạn ngày {{date}}:",
    footer:
      "Bạn nhận được email này vì đã gửi câu hỏi trên website Lernhaus. Trả lời email này để tiếp tục trao đổi với chúng tôi.",
  },
  en: {
    greeting: "Hello {{name}},",
    signature: "Kind regards,\n{{author}}\nLernhaus",
    question: "Your question of {{date}}:",
    footer:
      "You are receiving this email because you sent a question on the Lernhaus website. Reply to this email to continue the conversation with us.",
  },
  de: {
    greeting: "Hallo {{name}},",
    signature: "Viele Grüße\n{{author}}\nLernhaus",
    question: "Ihre Frage vom {{date}}:",
    footer:
      "Sie erhalten diese E-Mail, weil Sie auf der Website von Lernhaus eine Frage gestellt haben. Antworten Sie auf diese E-Mail, um das Gespräch mit uns fortzusetzen.",
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

/** The question as it is stored. */
export interface RepliedMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  createdAt: Date;
}

/** A reply goes out in the language the question was asked in; a value from before languages
 * were recorded falls back to the site's default. */
const mailLanguage = (message: RepliedMessage): Language =>
  isLanguage(message.language) ? message.language : "vi";

const subjectOf = (message: RepliedMessage, language: Language) =>
  `Re: ${i18n.getFixedT(language)(`contact:subjects.${message.subject}`)}`;

/** The quoted question and the footer: what follows the admin's text. */
function trailer(message: RepliedMessage, language: Language) {
  const text = texts[language];
  return {
    paragraphs: [
      `${fill(text.question, { date: formatDateVi(message.createdAt) })}\n> ${message.message.replaceAll("\n", "\n> ")}`,
    ],
    footer: text.footer,
  };
}

/** What the reply form starts from and previews, in the mail's language. */
export interface ReplyDraft {
  language: Language;
  to: string;
  /** Where the person's answer goes: the school's inbox. */
  replyTo: string;
  subject: string;
  /** The editable text's first value: the greeting, a blank line to write on, the signature. */
  text: string;
  /** The mail's plain text after the admin's text (which is followed by a blank line). */
  after: string;
}

export function messageReplyDraft(
  message: RepliedMessage,
  { authorName, replyTo }: { authorName: string; replyTo: string },
): ReplyDraft {
  const language = mailLanguage(message);
  const text = texts[language];
  return {
    language,
    to: message.email,
    replyTo,
    subject: subjectOf(message, language),
    text: `${fill(text.greeting, { name: message.name })}\n\n\n\n${fill(text.signature, { author: authorName })}`,
    after: renderMail(trailer(message, language)).text,
  };
}

export interface MessageReplyMail {
  message: RepliedMessage;
  /** The admin's text, sent as it is. */
  body: string;
  /** The school's inbox (SCHOOL_INBOX, else the published address). */
  replyTo: string;
}

export function messageReplyMail(mail: MessageReplyMail): OutgoingMail {
  const language = mailLanguage(mail.message);
  const { paragraphs, footer } = trailer(mail.message, language);
  return {
    kind: "contact-reply",
    to: mail.message.email,
    replyTo: mail.replyTo,
    subject: subjectOf(mail.message, language),
    ...renderMail({ paragraphs: [mail.body, ...paragraphs], footer }),
  };
}
