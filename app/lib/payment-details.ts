// What a learner needs to pay an enrolment by transfer (ADR 028), as pages show it, and as the
// enrolment's answer carries it to the success screen. Pure: the page action and the JSON API
// answer flat strings (the recap), which the screen reads back here.

export interface PaymentDetails {
  /** VND. */
  amount: number;
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
): Record<(typeof paymentRecapFields)[number], string | number> {
  return {
    paymentAmount: details.amount,
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
  return {
    amount,
    bankName: recap.paymentBank ?? "",
    accountNumber: recap.paymentAccount ?? "",
    accountHolder: recap.paymentHolder ?? "",
    reference: recap.paymentReference,
    note: recap.paymentNote ?? recap.paymentReference,
    qr: { size, path: recap.paymentQrPath },
  };
}
