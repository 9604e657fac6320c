// Payments' unmatched transfers (issue 31, ADR 050): a consultant's two decisions about a bank
// transfer the notification could not record by itself — it is this enrolment's payment (by the
// enrolment's reference), or nothing is to be recorded (with a note why). Shared by the dialogs and
// the action. Browser-safe: no server imports.
import { z } from "zod";
import { compactReference, isPaymentReference } from "~/lib/bank-statement";
import { requiredText } from "./fields";

/** A few lines for the next consultant: why nothing was recorded (refunded by hand, a private
 * transfer…). */
export const TRANSFER_NOTE_MAX_LENGTH = 500;
/** A reference as someone types or pastes it ("lh 7k2-q9x"), with room for stray spaces. */
export const TRANSFER_REFERENCE_MAX_LENGTH = 40;

/** How many unmatched transfers a page of the section shows, and its page's URL parameter (the
 * payments list has `page`). */
export const UNMATCHED_PAGE_SIZE = 10;
export const UNMATCHED_PAGE_PARAM = "transfers";

/** "Gán cho đăng ký": the enrolment's reference as the database stores it (the statement import's
 * compaction: upper case, without spaces, dashes, dots), checked against the reference alphabet
 * before the database is asked. */
export const assignTransferSchema = z.object({
  id: z.uuid(),
  reference: z
    .string({ error: "validation.required" })
    .trim()
    // abort: an empty field gets one message, not also the reference's.
    .min(1, { error: "validation.required", abort: true })
    .max(TRANSFER_REFERENCE_MAX_LENGTH, { error: "validation.tooLong", abort: true })
    .overwrite(compactReference)
    .refine(isPaymentReference, "admin-payments:unmatched.validation.reference"),
});
export type AssignTransfer = z.output<typeof assignTransferSchema>;

/** "Đánh dấu đã xử lý": the note is required, so the list's history says why. */
export const handleTransferSchema = z.object({
  id: z.uuid(),
  note: requiredText(TRANSFER_NOTE_MAX_LENGTH),
});
export type HandleTransfer = z.output<typeof handleTransferSchema>;
