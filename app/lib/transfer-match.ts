// What a bank transfer is to the school (issue 31, ADR 050), decided once for both channels that
// see transfers: the bank's notification (seconds after the transfer) and the statement import
// (days later). Pure: the statement's preview, its confirmation and the notification's handler
// all ask these functions, so a transfer seen by both is paid once.
import { type EnrollmentStage, stageRules } from "./enrollment-lifecycle";

/** Why a notified transfer was not recorded by itself and waits for a consultant in Payments. */
export const unmatchedTransferReasons = [
  // The note holds no reference at all.
  "no-reference",
  // It holds a reference no enrolment has.
  "unknown-reference",
  // It holds references of several enrolments.
  "several-references",
  // More than the enrolment still owes: the school decides (part refund, another enrolment).
  "overpaid",
  // The enrolment owes nothing now: waitlisted or cancelled (ADR 033).
  "not-owed",
  // The enrolment is paid (or refunded) already: money that came twice.
  "already-paid",
  // No fee is known (the consultation choice): nothing to compare the amount with.
  "no-fee",
] as const;
export type UnmatchedTransferReason = (typeof unmatchedTransferReasons)[number];

/** Why a notified transfer is no payment at all; it is listed in Settings, not in Payments. */
export const ignoredTransferReasons = ["outgoing", "other-account"] as const;
export type IgnoredTransferReason = (typeof ignoredTransferReasons)[number];

/** What a notification did: paid the fee, paid part of it, was a transfer a statement import had
 * recorded already, waits for a consultant, or was no payment. */
export const transferOutcomes = ["paid", "partial", "settled", "unmatched", "ignored"] as const;
export type TransferOutcome = (typeof transferOutcomes)[number];

/** Exactly one enrolment the note names, or why not. `found`: how many enrolments the note's
 * candidate references belong to; `candidates`: how many references the note holds. */
export function referenceMatch(candidates: number, found: number): UnmatchedTransferReason | "one" {
  if (candidates === 0) return "no-reference";
  if (found === 0) return "unknown-reference";
  return found === 1 ? "one" : "several-references";
}

/** Whether a notified transfer for one enrolment is recorded by itself, or why it is not. The
 * stage (the one lifecycle, ADR 033) says whether the fee is owed now; only an amount up to what
 * is still owed is recorded: exactly the rest pays the fee, less keeps it pending. */
export function transferDecision(input: {
  stage: EnrollmentStage;
  /** The fee, or null when none is known. */
  due: number | null;
  /** What was received for it so far. */
  received: number;
  amount: number;
}): "record" | UnmatchedTransferReason {
  const { stage } = input;
  if (stage === "paid" || stage === "refunded") return "already-paid";
  if (!stageRules[stage].owes) return "not-owed";
  if (input.due === null) return "no-fee";
  if (input.amount > input.due - input.received) return "overpaid";
  return "record";
}

/** A payment already recorded for the enrolment, as far as telling transfers apart goes. */
export interface RecordedTransfer {
  id: string;
  amount: number;
  /** yyyy-mm-dd */
  paidOn: string;
  method: string;
  statementLine: string | null;
  bankNotificationId: string | null;
}

/** Days between two yyyy-mm-dd days. */
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** The payment that is this transfer already, recorded through the other channel: a statement
 * line finds a notified payment no statement line has claimed yet, a notification finds an
 * imported payment no notification has claimed; the same amount, and a day at most one apart (a
 * bank books a late-evening transfer on the next day). The closest day first; each payment is
 * claimed once, so two transfers of the same amount on one day pair up one to one. */
export function sameTransferAs(
  recorded: readonly RecordedTransfer[],
  incoming: { amount: number; paidOn: string; channel: "statement" | "notification" },
): RecordedTransfer | undefined {
  return recorded
    .filter(
      (payment) =>
        payment.method === "transfer" &&
        payment.amount === incoming.amount &&
        daysApart(payment.paidOn, incoming.paidOn) <= 1 &&
        (incoming.channel === "statement"
          ? payment.bankNotificationId !== null && payment.statementLine === null
          : payment.statementLine !== null && payment.bankNotificationId === null),
    )
    .sort((a, b) => daysApart(a.paidOn, incoming.paidOn) - daysApart(b.paidOn, incoming.paidOn))[0];
}
