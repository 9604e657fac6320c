// The receipt for a payment the school recorded (ADR 028, reconciliation): by hand or from a bank
// statement line, in the learner's language. A partial payment says what is still due.
import { isLanguage } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import type { PaymentMethod } from "~/schemas/payment-record";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

export interface PaymentReceipt {
  to: string;
  name: string;
  language: string;
  reference: string;
  /** The course's title, or null (an enrolment for advice, a course since deleted). */
  courseTitle: string | null;
  amount: number;
  /** yyyy-mm-dd */
  paidOn: string;
  method: PaymentMethod;
  /** Everything received so far and the fee due (null when none is known). */
  paidTotal: number;
  due: number | null;
  /** The lifecycle's line about paying after this payment (an i18n key, ADR 033). */
  paymentNote?: string;
}

export async function queuePaymentReceipt(db: Executor, mail: PaymentReceipt) {
  const t = i18n.getFixedT(isLanguage(mail.language) ? mail.language : "vi");
  const key = (name: string) => `admin-payments:receipt.${name}`;
  const remaining = mail.due !== null ? mail.due - mail.paidTotal : 0;
  await enqueueMail(db, {
    kind: "payment-receipt",
    to: mail.to,
    subject: t(key("subject"), { reference: mail.reference }),
    ...renderMail({
      greeting: t(key("greeting"), { name: mail.name }),
      paragraphs: [
        remaining > 0
          ? t(key("partial"), { paid: formatPriceVnd(mail.paidTotal), due: formatPriceVnd(mail.due ?? 0) })
          : t(key("full")),
        ...(mail.paymentNote ? [t(mail.paymentNote)] : []),
      ],
      details: [
        [t(key("amount")), formatPriceVnd(mail.amount)],
        [t(key("date")), formatDateVi(mail.paidOn)],
        [t(key("method")), t(`admin-payments:methods.${mail.method}`)],
        [t(key("reference")), mail.reference],
        ...(mail.courseTitle ? [[t(key("course")), mail.courseTitle] as [string, string]] : []),
        ...(remaining > 0 ? [[t(key("remaining")), formatPriceVnd(remaining)] as [string, string]] : []),
      ],
      footer: t(key("footer")),
    }),
  });
}
