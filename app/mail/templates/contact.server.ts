// The two messages of a contact question (ADR 006): a notification to the school with every
// field, reply-to the person, and a confirmation to the person in the language they used. The
// confirmation never repeats the question: a form that mails any text to any address would be
// a spam relay.

import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { formatDateVi } from "~/lib/format";
import { schoolContactLines } from "~/lib/school-contact";
import type { SchoolContact } from "~/models/school-contact.server";
import type { ContactMessageInput } from "~/schemas/contact-message";
import { renderMail } from "../layout.server";
import { enqueueMails } from "../outbox.server";

type Executor = Parameters<typeof enqueueMails>[0];

/** The school's staff read Vietnamese (the spec's interface default). */
const SCHOOL_LANGUAGE: Language = "vi";

export interface ContactMail {
  id: string;
  message: Omit<ContactMessageInput, "website">;
  language: Language;
  ipAddress: string;
  submittedAt: Date;
  schoolInbox: string;
  school: SchoolContact;
}

export async function queueContactMails(
  db: Executor,
  mail: ContactMail,
  /** What else the caller's transaction changed: announced with the outbox, in one statement. */
  alsoChanged: ChangeTopic[] = [],
) {
  await enqueueMails(db, [notification(mail), confirmation(mail)], alsoChanged);
}

function notification(mail: ContactMail) {
  const t = i18n.getFixedT(SCHOOL_LANGUAGE);
  const { message: m } = mail;
  const body = renderMail({
    paragraphs: [t("contact:mail.notification.intro")],
    details: [
      [t("contact:fields.name"), m.name],
      [t("contact:fields.email"), m.email],
      [t("contact:fields.phone"), m.phone],
      [t("contact:fields.subject"), t(`contact:subjects.${m.subject}`)],
      [t("contact:fields.contactMethod"), t(`contact:methods.${m.contactMethod}`)],
      [t("contact:fields.message"), m.message],
      [t("contact:mail.language"), t(`common:language.${mail.language}`)],
      [t("contact:mail.submittedOn"), formatDateVi(mail.submittedAt)],
      [t("contact:mail.ipAddress"), mail.ipAddress],
      [t("contact:mail.reference"), mail.id],
    ],
    footer: t("contact:mail.notification.replyHint"),
  });
  return {
    kind: "contact-notification",
    to: mail.schoolInbox,
    replyTo: m.email,
    subject: t("contact:mail.notification.subject", {
      name: m.name,
      subject: t(`contact:subjects.${m.subject}`),
    }),
    ...body,
  };
}

function confirmation(mail: ContactMail) {
  const t = i18n.getFixedT(mail.language);
  const { message: m, school } = mail;
  const body = renderMail({
    greeting: t("contact:mail.confirmation.greeting", { name: m.name }),
    paragraphs: [
      t("contact:mail.confirmation.thanks", { subject: t(`contact:subjects.${m.subject}`) }),
      t("contact:mail.confirmation.next", { method: t(`contact:mail.via.${m.contactMethod}`) }),
      `${t("contact:mail.confirmation.contacts")}\n${schoolContactLines(school, {
        phone: t("contact:mail.phone"),
        email: t("contact:mail.email"),
        zalo: t("contact:mail.zalo"),
        address: t("contact:mail.address"),
      })}`,
    ],
    footer: t("contact:mail.confirmation.footer"),
  });
  return {
    kind: "contact-confirmation",
    to: m.email,
    replyTo: school.email,
    subject: t("contact:mail.confirmation.subject"),
    ...body,
  };
}
