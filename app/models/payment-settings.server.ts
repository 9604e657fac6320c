// How the school is paid (ADR 028): the bank account of Settings › Thanh toán, and the transfer
// details an enrolment's learner sees (amount, bank, account, holder, reference, note, VietQR).
import { Banks, VietQRStatus } from "vietnam-qr-pay";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { paymentSettings } from "~/db/schema";
import type { PaymentDetails } from "~/lib/payment-details";
import { qrCodeDrawing } from "~/lib/qr-code.server";
import { transferNote, vietQrPayload } from "~/lib/vietqr";
import { feeBreakdown, type PaymentSettingsForm } from "~/schemas/payment";

export interface VietQrBank {
  bin: string;
  /** The name banking apps show ("Vietcombank"). */
  shortName: string;
  /** The registered name ("Ngân hàng TMCP Ngoại thương Việt Nam"). */
  name: string;
}

/** The banks an account can receive a VietQR transfer at, from the vietnam-qr-pay package
 * (NAPAS's member list: retired banks and banks outside VietQR left out), one per BIN (a bank
 * renamed keeps its BIN: the name that still takes transfers wins), by short name. */
export const vietQrBanks: readonly VietQrBank[] = (() => {
  const byBin = new Map<string, (typeof Banks)[number]>();
  for (const bank of Banks) {
    if (bank.deprecated || bank.vietQRStatus === VietQRStatus.NOT_SUPPORTED) continue;
    const seen = byBin.get(bank.bin);
    if (!seen || bank.vietQRStatus > seen.vietQRStatus) byBin.set(bank.bin, bank);
  }
  return [...byBin.values()]
    .map(({ bin, shortName, name }) => ({ bin, shortName, name }))
    .sort((a, b) => a.shortName.localeCompare(b.shortName, "vi"));
})();

export const vietQrBankBins = vietQrBanks.map((bank) => bank.bin);

export type PaymentSettings = PaymentSettingsForm;

const noSettings: PaymentSettings = {
  bankBin: "",
  accountNumber: "",
  accountHolder: "",
  transferPrefix: "",
  firstCourseDiscount: false,
};

/** The stored settings, or the empty ones (payment off) when none were ever saved. */
export async function getPaymentSettings(db: Pick<Db, "select">): Promise<PaymentSettings> {
  const [row] = await db
    .select({
      bankBin: paymentSettings.bankBin,
      accountNumber: paymentSettings.accountNumber,
      accountHolder: paymentSettings.accountHolder,
      transferPrefix: paymentSettings.transferPrefix,
      firstCourseDiscount: paymentSettings.firstCourseDiscount,
    })
    .from(paymentSettings)
    .limit(1);
  return row ?? noSettings;
}

export async function updatePaymentSettings(db: Db, values: PaymentSettings) {
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...values, updatedAt: new Date() } });
    // The public pages' topic for the school's settings (the enrolment page listens to it).
    await notifyChange(tx, "contacts");
  });
}

/** Payment is on when there is an account to pay to (and a bank the list still knows). */
export function paymentEnabled(settings: PaymentSettings): boolean {
  return settings.accountNumber !== "" && vietQrBankBins.includes(settings.bankBin);
}

/** The transfer details, and the string the code encodes (the mail draws it as a PNG). */
export interface PaymentInstructions extends PaymentDetails {
  payload: string;
}

/** The transfer details of an enrolment, or undefined when there is nothing to pay by transfer:
 * payment off, or no amount (the consultation choice, enrolments from before payments). Whether
 * the enrolment owes its fee now is the lifecycle's decision (owesFee, ADR 033): callers ask it
 * first. `coursePrice`: the course's price, to show the discount beside the amount. */
export function paymentInstructions(
  settings: PaymentSettings,
  enrollment: { paymentReference: string; paymentAmount: number | null; coursePrice?: number | null },
): PaymentInstructions | undefined {
  const { paymentAmount: amount, paymentReference: reference } = enrollment;
  if (!paymentEnabled(settings) || amount === null || amount <= 0) return undefined;
  const note = transferNote(settings.transferPrefix, reference);
  const payload = vietQrPayload({
    bankBin: settings.bankBin,
    accountNumber: settings.accountNumber,
    amount,
    note,
  });
  const { price, discount } = feeBreakdown(amount, enrollment.coursePrice);
  return {
    amount,
    ...(price === undefined ? {} : { price }),
    ...(discount === undefined ? {} : { discount }),
    bankName: vietQrBanks.find((bank) => bank.bin === settings.bankBin)?.shortName ?? settings.bankBin,
    accountNumber: settings.accountNumber,
    accountHolder: settings.accountHolder,
    reference,
    note,
    qr: qrCodeDrawing(payload),
    payload,
  };
}
