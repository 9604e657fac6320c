// The answer to a contact question, written by an admin in the reading pane. It goes
// to the person who asked, in the language they asked in, with the school's inbox as Reply-To so
// their answer reaches the staff rather than the no-reply sender. The subject is "Re: <the
// question's subject>", as a mail client threads it.
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

export interface MessageReplyMail {
  /** The question as it is stored. */
  message: {
    name: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    createdAt: Date;
  };
  body: string;
  authorName: string;
  /** The school's inbox (SCHOOL_INBOX, else the published address). */
  replyTo: string;
}

export function messageReplyMail(mail: MessageReplyMail): OutgoingMail {
  const language: Language = isLanguage(mail.message.language) ? mail.message.language : "vi";
  const text = texts[language];
  const t = i18n.getFixedT(language);
  const body = renderMail({
    greeting: fill(text.greeting, { name: mail.message.name }),
    paragraphs: [
      mail.body,
      fill(text.signature, { author: mail.authorName }),
      `${fill(text.question, { date: formatDateVi(mail.message.createdAt) })}\n> ${mail.message.message.replaceAll("\n", "\n> ")}`,
    ],
    footer: text.footer,
  });
  return {
    kind: "contact-reply",
    to: mail.message.email,
    replyTo: mail.replyTo,
    subject: `Re: ${t(`contact:subjects.${mail.message.subject}`)}`,
    ...body,
  };
}
