// Payments as the admin records them (ADR 028, reconciliation): the payments list's URL, the
// "mark paid" form, and the bank statement import's steps. Browser-safe: no server imports.
import { z } from "zod";
import { calendarDayInVietnam } from "~/lib/format";
import { paymentStatuses } from "./enrollment-admin";
import { isCalendarDay } from "./fields";
import { readUrlQuery, urlChoice, urlPage, urlQueryParams, urlSearch } from "./url-query";

export const paymentMethods = ["transfer", "cash", "card", "other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const PAYMENTS_PAGE_SIZE = 25;
export const PAYMENT_SEARCH_MAX_LENGTH = 100;
/** No course costs more: a larger number is a typo (an extra zero), refused. */
export const PAYMENT_MAX_AMOUNT = 200_000_000;
/** A payment recorded by hand is at most this old (a typo in the year, refused). */
const OLDEST_PAYMENT_DAY = "2020-01-01";

export const paymentListQuerySchema = z.object({
  q: urlSearch(PAYMENT_SEARCH_MAX_LENGTH),
  status: urlChoice(paymentStatuses),
  page: urlPage,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export function readPaymentListQuery(search: URLSearchParams | string): PaymentListQuery {
  return readUrlQuery(paymentListQuerySchema, search);
}

export function paymentListParams(query: PaymentListQuery, page = 1) {
  return urlQueryParams(query, ["q", "status"], page);
}

/** Whole VND as typed: "1.500.000", "1 500 000" or "1500000". */
const amountField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .transform((value) =>
    /^\d{1,3}([. ]\d{3})*$|^\d+$/.test(value) ? Number(value.replace(/[. ]/g, "")) : NaN,
  )
  .refine((value) => Number.isInteger(value) && value > 0, "admin-payments:validation.amount")
  .refine((value) => value <= PAYMENT_MAX_AMOUNT, "admin-payments:validation.amountTooLarge");

/** "Mark paid": what was received, on which day (Vietnam's calendar; not in the future), how. */
export const markPaidSchema = z.object({
  id: z.uuid(),
  amount: amountField,
  paidOn: z
    .string({ error: "validation.required" })
    .refine(isCalendarDay, "admin-payments:validation.date")
    .refine((day) => day <= calendarDayInVietnam(), "admin-payments:validation.future")
    .refine((day) => day >= OLDEST_PAYMENT_DAY, "admin-payments:validation.tooOld"),
  method: z.enum(paymentMethods, { error: "validation.invalidChoice" }),
});
export type MarkPaid = z.output<typeof markPaidSchema>;

/** A column of the statement, by its header's name. */
const columnName = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(200);

/** Which header holds the day, the amount credited and the transfer note; remembered in
 * payment_settings.statement_columns. */
export const statementColumnsSchema = z.object({
  date: columnName,
  amount: columnName,
  description: columnName,
});
export type StatementColumns = z.output<typeof statementColumnsSchema>;

/** The import's later steps post the file back as text, with the server's signature over it
 * and the columns (so the confirmation pays exactly what the preview showed). */
export const statementFileSchema = z.object({
  text: z.string().min(1).max(1_000_000),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export const statementColumnsStepSchema = statementFileSchema.extend(statementColumnsSchema.shape);

/** The confirmation: the lines the admin left ticked (their line numbers in the file). */
export const statementConfirmSchema = statementColumnsStepSchema.extend({
  line: z.array(z.coerce.number().int().min(1).max(1_000_000)).max(5_000).default([]),
});
