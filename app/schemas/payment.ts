// Settings › Thanh toán (ADR 028): the account learners transfer their fee to. Shared by the
// form and the action. No server imports: this module runs in the browser too.
import { z } from "zod";

/** Vietnamese account numbers are 6 to 19 digits (card-length at most). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,19}$/;
/** What a bank shows as the holder's name: at most 50 characters. */
export const ACCOUNT_HOLDER_MAX_LENGTH = 50;
/** EMVCo limits the purpose (62-08) to 25 characters: the prefix, a space and the 8 of the
 * reference ("LH7K2Q9X") leave 16. */
export const TRANSFER_PREFIX_MAX_LENGTH = 16;

/** Text the way banks carry it in names and transfer notes: Latin capitals without diacritics
 * ("Trường Đức Ngữ" → "TRUONG DUC NGU"), digits and single spaces. Banks drop or garble
 * anything else in a transfer note, and show account holders in this form. */
export function bankText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .replace(/[đĐ]/g, "D")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim();
}

const BANK_TEXT = /^[A-Z0-9 ]*$/;

const bankTextField = (max: number, error: string) =>
  z
    .string()
    .max(max * 4, { error: "validation.tooLong" })
    .overwrite(bankText)
    .max(max, { error: "validation.tooLong" })
    .refine((value) => BANK_TEXT.test(value), error);

/** Every field empty turns payment off: nothing about it is shown anywhere. Otherwise bank,
 * account and holder are all needed. `bankBins`: the NAPAS BINs the bank list offers. */
export function paymentSettingsSchema(bankBins: readonly string[]) {
  return z
    .object({
      bankBin: z
        .string()
        .trim()
        .default("")
        .refine((value) => value === "" || bankBins.includes(value), "validation.invalidChoice"),
      accountNumber: z
        .string()
        .max(64, { error: "validation.tooLong" })
        .default("")
        // People copy account numbers with spaces or dots between the groups of digits.
        .overwrite((value) => value.replace(/[\s.-]/g, ""))
        .refine(
          (value) => value === "" || ACCOUNT_NUMBER_PATTERN.test(value),
          "payment:settings.errors.account",
        ),
      accountHolder: bankTextField(ACCOUNT_HOLDER_MAX_LENGTH, "payment:settings.errors.holder").default(""),
      transferPrefix: bankTextField(TRANSFER_PREFIX_MAX_LENGTH, "payment:settings.errors.prefix").default(""),
      firstCourseDiscount: z.boolean().default(false),
    })
    .superRefine((value, context) => {
      const { bankBin, accountNumber, accountHolder } = value;
      if (!bankBin && !accountNumber && !accountHolder) return;
      for (const [path, filled] of [
        ["bankBin", bankBin],
        ["accountNumber", accountNumber],
        ["accountHolder", accountHolder],
      ] as const) {
        if (!filled) context.addIssue({ code: "custom", path: [path], message: "validation.required" });
      }
    });
}

export type PaymentSettingsForm = z.infer<ReturnType<typeof paymentSettingsSchema>>;

/** The first-course discount the home page advertises (spec: 10 %). */
export const FIRST_COURSE_DISCOUNT_PERCENT = 10;

/** The fee due: the course's price, less the first-course discount when it applies, rounded to
 * whole đồng. */
export function amountDue(price: number, firstCourseDiscount: boolean): number {
  return firstCourseDiscount ? Math.round((price * (100 - FIRST_COURSE_DISCOUNT_PERCENT)) / 100) : price;
}

/** What a learner reads beside the QR code (ADR 033): the course's price, the first-course
 * discount and the amount due, each labelled. The amount is fixed at enrolment (ADR 028) and
 * `price` is the course's price now; the discount is shown when the amount is exactly the
 * discounted price, no line when it is the price, and the amount alone when the price changed
 * since (a stored amount is never recomputed from today's price). */
export interface FeeBreakdown {
  price?: number;
  discount?: number;
  due: number;
}

export function feeBreakdown(due: number, price: number | null | undefined): FeeBreakdown {
  if (price === null || price === undefined) return { due };
  if (due === price) return { price, due };
  if (due === amountDue(price, true)) return { price, discount: price - due, due };
  return { due };
}
