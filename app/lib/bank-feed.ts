// Bank-transfer notifications (issue 31, ADR 050): what a provider linked to the school's bank
// account posts when money moves, read into one shape. One small adapter per provider; everything
// after it (matching, paying, the unmatched list) knows only `BankTransfer`. Pure: the unit tests
// feed it the providers' documented payloads.
import { z } from "zod";
import { calendarDayInVietnam } from "./format";

export const bankFeedProviders = ["sepay", "casso"] as const;
export type BankFeedProvider = (typeof bankFeedProviders)[number];

export function isBankFeedProvider(value: string): value is BankFeedProvider {
  return (bankFeedProviders as readonly string[]).includes(value);
}

/** How SePay proves a post is its own (its webhook's "Security" step): an API key in the
 * Authorization header, or an HMAC-SHA256 signature over the timestamp and the body. Casso sends
 * its security key in the `secure-token` header. */
export const sepayAuthMethods = ["apikey", "hmac"] as const;
export type SepayAuthMethod = (typeof sepayAuthMethods)[number];

/** One transfer as every provider's adapter reads it. */
export interface BankTransfer {
  /** The provider's id of the transaction: unique per provider, the key for exactly once. */
  transactionId: string;
  /** The school's account the money moved on (digits only). */
  accountNumber: string;
  direction: "in" | "out";
  /** Whole VND, positive. */
  amount: number;
  /** The transfer's note as the bank carried it (at most CONTENT_MAX_LENGTH characters). */
  content: string;
  /** The bank's time of the transfer as an instant (ISO 8601), when the provider's is readable. */
  transferredAt: string | null;
  /** Its day in Vietnam's calendar (yyyy-mm-dd): the payment's day. */
  paidOn: string;
}

/** What is kept of a note: banks allow about 200 characters; more is not a transfer note. */
export const CONTENT_MAX_LENGTH = 1_000;
/** Far above any course fee, below what a payment row holds (an integer of VND). */
export const TRANSFER_AMOUNT_MAX = 2_000_000_000;
/** A Casso post may carry several transactions; more than this is no bank's minute. */
export const TRANSFERS_PER_POST_MAX = 100;

/** "2023-03-25 14:02:37" (Vietnam time, as both providers write it; also with a T, or a day
 * alone) → the instant and its Vietnam day; null when unreadable. */
export function vietnamLocalTime(text: string): { at: string; day: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00"] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+07:00`);
  if (Number.isNaN(date.getTime())) return null;
  // A day that does not exist (31/02) rolls over in Date; refuse it rather than move the payment.
  if (calendarDayInVietnam(date) !== `${year}-${month}-${day}`) return null;
  return { at: date.toISOString(), day: `${year}-${month}-${day}` };
}

const digits = (value: string) => value.replace(/\D/g, "");
const transactionId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]);
const note = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").slice(0, CONTENT_MAX_LENGTH));

function when(text: string | null | undefined, now: Date) {
  const time = text ? vietnamLocalTime(text) : null;
  return { transferredAt: time?.at ?? null, paidOn: time?.day ?? calendarDayInVietnam(now) };
}

/** SePay's webhook body (developer.sepay.vn, "Tích hợp webhook"): one transaction per post.
 * `content` is the transfer's note; `code` is SePay's own reading of a payment code (we match
 * the note ourselves, as the statement import does). Unknown fields are allowed: SePay adds some. */
const sepayBody = z.object({
  id: transactionId,
  gateway: z.string().max(100).nullish(),
  transactionDate: z.string().max(40).nullish(),
  accountNumber: z.string().max(40).nullish(),
  subAccount: z.string().max(40).nullish(),
  code: z.string().max(100).nullish(),
  content: note,
  description: note,
  transferType: z.enum(["in", "out"]),
  transferAmount: z.number().nonnegative().max(1e15),
  referenceCode: z.string().max(100).nullish(),
});

/** Casso's webhook body (casso.vn, "Tích hợp webhook tùy chỉnh"): `{"error": 0, "data": [...]}`,
 * each transaction with `amount` negative for money going out and `bank_sub_acc_id` the account. */
const cassoTransaction = z.object({
  id: transactionId,
  tid: z.string().max(100).nullish(),
  description: note,
  amount: z.number().min(-1e15).max(1e15),
  when: z.string().max(40).nullish(),
  bank_sub_acc_id: z.string().max(40).nullish(),
  subAccId: z.string().max(40).nullish(),
});
const cassoBody = z.object({
  error: z.number(),
  data: z.array(cassoTransaction).max(TRANSFERS_PER_POST_MAX),
});

export type ParsedNotification = { ok: true; transfers: BankTransfer[] } | { ok: false };

/** The transfers a provider's body announces, or `{ok: false}` for a body that is not theirs. */
export function readBankNotification(
  provider: BankFeedProvider,
  body: unknown,
  now = new Date(),
): ParsedNotification {
  if (provider === "sepay") {
    const parsed = sepayBody.safeParse(body);
    if (!parsed.success || !Number.isInteger(parsed.data.transferAmount)) return { ok: false };
    const data = parsed.data;
    return {
      ok: true,
      transfers: [
        {
          transactionId: String(data.id),
          accountNumber: digits(data.accountNumber ?? ""),
          direction: data.transferType,
          amount: data.transferAmount,
          // Some banks put the note in `description` only (SePay then sends an empty `content`).
          content: data.content || data.description,
          ...when(data.transactionDate, now),
        },
      ],
    };
  }
  const parsed = cassoBody.safeParse(body);
  if (!parsed.success || parsed.data.error !== 0) return { ok: false };
  if (parsed.data.data.some((item) => !Number.isInteger(item.amount))) return { ok: false };
  return {
    ok: true,
    transfers: parsed.data.data.map((item) => ({
      transactionId: String(item.id),
      accountNumber: digits(item.bank_sub_acc_id ?? item.subAccId ?? ""),
      direction: item.amount < 0 ? "out" : "in",
      amount: Math.abs(item.amount),
      content: item.description,
      ...when(item.when, now),
    })),
  };
}

/** The answer a provider takes as "received, stop retrying" (SePay: 2xx with {"success": true};
 * Casso: any 2xx). Also for a repeat: it was received before. */
export const acknowledgement = { success: true } as const;
