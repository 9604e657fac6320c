// How to pay, as a mail carries it (ADR 028, 033): the lifecycle's line about paying, the fee
// (price, first-course discount, amount) and the transfer details as text, and the VietQR code as
// an inline PNG (mail clients show no SVG). The enrolment's confirmation and the offer of a freed
// seat both use it, so both say it the same way.
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { feeRows, type PaymentDetails } from "~/lib/payment-details";
import { qrCodePng } from "~/lib/qr-code.server";
import type { PaymentInstructions } from "~/models/payment-settings.server";
import type { MailSection } from "../layout.server";

/** The inline QR code's Content-ID. */
const PAYMENT_QR_CID = "vietqr@lernhaus";
/** The QR code's size in the mail, in CSS pixels: big enough to scan off another screen. */
const PAYMENT_QR_SIZE = 240;

/** The transfer details as label/value rows (the mail's text fallback for the QR code). */
export function paymentRows(language: Language, payment: PaymentDetails): [string, string][] {
  const t = i18n.getFixedT(language);
  return [
    ...feeRows(t, payment).map(({ label, value }): [string, string] => [label, value]),
    [t("payment:details.bank"), payment.bankName],
    [t("payment:details.account"), payment.accountNumber],
    [t("payment:details.holder"), payment.accountHolder],
    [t("payment:details.reference"), payment.reference],
    [t("payment:details.note"), payment.note],
  ];
}

/** The section and its attachment; `note` is the lifecycle's line about paying (an i18n key). */
export async function paymentMailParts(
  language: Language,
  payment: PaymentInstructions,
  note: string | undefined,
): Promise<{ section: MailSection; attachments: MailAttachment[] }> {
  const t = i18n.getFixedT(language);
  const png = await qrCodePng(payment.payload);
  return {
    section: {
      title: t("payment:mail.title"),
      intro: `${note ? `${t(note)} ` : ""}${t("payment:mail.intro")}`,
      details: paymentRows(language, payment),
      image: { cid: PAYMENT_QR_CID, alt: t("payment:mail.qrAlt"), size: PAYMENT_QR_SIZE },
    },
    attachments: [
      {
        filename: `vietqr-${payment.reference}.png`,
        contentType: "image/png",
        cid: PAYMENT_QR_CID,
        content: png,
      },
    ],
  };
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  cid: string;
  content: Buffer;
}
