// The offer of a freed seat to the first on a class's waitlist (ADR 026), in the learner's
// language. (The reminder before the first session is class-reminder.server.ts.)
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { type ClassWhen, describeClassWhen } from "~/lib/class-dates";
import type { PaymentInstructions } from "~/models/payment-settings.server";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";
import { paymentMailParts } from "./payment-section.server";

type Executor = Parameters<typeof enqueueMail>[0];

export interface ClassMail {
  to: string;
  name: string;
  language: Language;
  courseTitle: string;
  when: ClassWhen;
  /** How to pay for the seat now offered (ADR 033); undefined when payment is off or no fee. */
  payment?: PaymentInstructions;
  /** The lifecycle's line about paying (an i18n key). */
  paymentNote?: string;
}

export async function queueSeatOfferMail(db: Executor, mail: ClassMail) {
  const t = i18n.getFixedT(mail.language);
  // The seat now held is paid for like any other: the offer carries the transfer details.
  const payment = mail.payment
    ? await paymentMailParts(mail.language, mail.payment, mail.paymentNote)
    : undefined;
  await enqueueMail(db, {
    kind: "class-seat-offer",
    to: mail.to,
    subject: t("class-seats:mail.offer.subject", { course: mail.courseTitle }),
    ...renderMail({
      greeting: t("class-seats:mail.offer.greeting", { name: mail.name }),
      paragraphs: [t("class-seats:mail.offer.text"), t("class-seats:mail.offer.next")],
      details: [[t("class-seats:mail.class"), `${mail.courseTitle}\n${describeClassWhen(t, mail.when)}`]],
      section: payment?.section,
      footer: t("class-seats:mail.offer.footer"),
    }),
    attachments: payment?.attachments,
  });
}
