import type { TFunction } from "~/i18n/translator";
import { FIRST_COURSE_DISCOUNT_PERCENT } from "~/schemas/payment";
import { formatPriceVnd } from "./format";

// What a learner needs to pay an enrolment by transfer (ADR 028), as pages show it, and as the
// enrolment's answer carries it to the success screen. Pure: the page action and the JSON API
// answer flat strings (the recap), which the screen reads back here.

export interface PaymentDetails {
  /** VND: what to transfer. */
  amount: number;
  /** The course's price and the first-course discount that led to `amount`, when known
   * (feeBreakdown, ADR 033). */
  price?: number;
  discount?: number;
  /** The name banking apps show ("Vietcombank"). */
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  reference: string;
  /** What to write in the transfer note: the prefix and the reference. */
  note: string;
  /** The VietQR code, drawn on the server as an SVG path. */
  qr: { size: number; path: string };
}

/** The recap's names for the details, in the order they are shown. */
export const paymentRecapFields = [
  "paymentAmount",
  "paymentPrice",
  "paymentDiscount",
  "paymentBank",
  "paymentAccount",
  "paymentHolder",
  "paymentReference",
  "paymentNote",
  "paymentQrSize",
  "paymentQrPath",
] as const;

export type PaymentRecap = Partial<Record<(typeof paymentRecapFields)[number], string>>;

/** The details as the enrolment's answer carries them (numbers as numbers in the JSON API; the
 * recap reads every value as a string). */
export function paymentRecapOf(
  details: PaymentDetails,
): Partial<Record<(typeof paymentRecapFields)[number], string | number>> {
  return {
    paymentAmount: details.amount,
    ...(details.price === undefined ? {} : { paymentPrice: details.price }),
    ...(details.discount === undefined ? {} : { paymentDiscount: details.discount }),
    paymentBank: details.bankName,
    paymentAccount: details.accountNumber,
    paymentHolder: details.accountHolder,
    paymentReference: details.reference,
    paymentNote: details.note,
    paymentQrSize: details.qr.size,
    paymentQrPath: details.qr.path,
  };
}

/** The details back from a recap, or undefined when it has none (payment off, no amount). */
export function paymentDetailsOfRecap(recap: PaymentRecap): PaymentDetails | undefined {
  const amount = Number(recap.paymentAmount);
  const size = Number(recap.paymentQrSize);
  if (!(amount > 0) || !(size > 0) || !recap.paymentReference || !recap.paymentQrPath) return undefined;
  const price = Number(recap.paymentPrice);
  const discount = Number(recap.paymentDiscount);
  return {
    amount,
    ...(price > 0 ? { price } : {}),
    ...(discount > 0 ? { discount } : {}),
    bankName: recap.paymentBank ?? "",
    accountNumber: recap.paymentAccount ?? "",
    accountHolder: recap.paymentHolder ?? "",
    reference: recap.paymentReference,
    note: recap.paymentNote ?? recap.paymentReference,
    qr: { size, path: recap.paymentQrPath },
  };
}

/** The fee as the learner reads it, the same on the success screen, in the mail and in the
 * profile (ADR 033): the course's price, the first-course discount, then the amount to transfer,
 * each labelled. `t` is the payment namespace's. */
export function feeRows(t: TFunction, payment: Pick<PaymentDetails, "amount" | "price" | "discount">) {
  const rows: { key: "price" | "discount" | "amount"; label: string; value: string }[] = [];
  if (payment.price !== undefined) {
    rows.push({ key: "price", label: t("payment:details.price"), value: formatPriceVnd(payment.price) });
  }
  if (payment.discount !== undefined) {
    rows.push({
      key: "discount",
      label: t("payment:details.discount", { percent: FIRST_COURSE_DISCOUNT_PERCENT }),
      value: `−${formatPriceVnd(payment.discount)}`,
    });
  }
  rows.push({ key: "amount", label: t("payment:details.amount"), value: formatPriceVnd(payment.amount) });
  return rows;
}
