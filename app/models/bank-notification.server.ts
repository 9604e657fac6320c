// Bank-transfer notifications (issue 31, ADR 050): each transfer a provider tells us about is
// stored once (unique per provider and transaction id), then matched to an enrolment by the
// reference in its note through the one lifecycle, and paid through the one payment write — in
// one transaction, acknowledged only after it committed. A provider's retry of a transfer stored
// before pays nothing; a transfer the statement import recorded already is "settled" against
// that payment. What cannot be matched waits in Payments' unmatched list for a consultant.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { readPage } from "~/db/list-page.server";
import { bankNotifications, courses, enrollments } from "~/db/schema";
import type { BankFeedProvider, BankTransfer } from "~/lib/bank-feed";
import { compactReference, isPaymentReference, referencesIn } from "~/lib/bank-statement";
import { enrollmentStage } from "~/lib/enrollment-lifecycle";
import { log } from "~/lib/log.server";
import {
  type IgnoredTransferReason,
  referenceMatch,
  sameTransferAs,
  type TransferOutcome,
  transferDecision,
  type UnmatchedTransferReason,
} from "~/lib/transfer-match";
import { amountDue } from "./enrollment-admin.server";
import { claimTransfer, recordedTransfers, recordPayment } from "./payment.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface TransferResult {
  transactionId: string;
  /** "repeat": stored before (a provider's retry): nothing done. */
  outcome: TransferOutcome | "repeat";
  reason?: UnmatchedTransferReason | IgnoredTransferReason;
}

/** Stores and matches the transfers of one post, each in its own transaction (a Casso post may
 * carry several: one that fails leaves the others done, and the provider's retry finds them
 * stored). `account`: the school's account notifications apply to ("" = any). */
export async function receiveBankTransfers(
  db: Db,
  input: {
    provider: BankFeedProvider;
    transfers: readonly BankTransfer[];
    payload: unknown;
    account: string;
  },
): Promise<TransferResult[]> {
  const results: TransferResult[] = [];
  for (const transfer of input.transfers) {
    const result = await db.transaction((tx) => receiveOne(tx, input, transfer));
    log().info(
      { provider: input.provider, ...result },
      result.outcome === "ignored" || result.outcome === "unmatched"
        ? "bank notification: not a payment we could record"
        : "bank notification: received",
    );
    results.push(result);
  }
  return results;
}

async function receiveOne(
  tx: Tx,
  input: {
    provider: BankFeedProvider;
    transfers: readonly BankTransfer[];
    payload: unknown;
    account: string;
  },
  transfer: BankTransfer,
): Promise<TransferResult> {
  // The unique index decides "once": a concurrent repeat waits here for this transaction and then
  // inserts nothing.
  const [stored] = await tx
    .insert(bankNotifications)
    .values({
      provider: input.provider,
      transactionId: transfer.transactionId,
      accountNumber: transfer.accountNumber,
      direction: transfer.direction,
      amount: transfer.amount,
      content: transfer.content,
      transferredAt: transfer.transferredAt ? new Date(transfer.transferredAt) : null,
      paidOn: transfer.paidOn,
      outcome: "unmatched",
      payload:
        input.transfers.length === 1 ? input.payload : { ...(input.payload as object), data: [transfer] },
    })
    .onConflictDoNothing({ target: [bankNotifications.provider, bankNotifications.transactionId] })
    .returning({ id: bankNotifications.id });
  if (!stored) return { transactionId: transfer.transactionId, outcome: "repeat" };
  const decided = await matchTransfer(tx, stored.id, transfer, input.account);
  await tx
    .update(bankNotifications)
    .set({
      outcome: decided.outcome,
      reason: decided.reason ?? null,
      enrollmentId: decided.enrollmentId ?? null,
    })
    .where(eq(bankNotifications.id, stored.id));
  // Payments' unmatched list and Settings' log; a payment also notified "enrollments".
  await notifyChange(tx, "payments");
  return { transactionId: transfer.transactionId, outcome: decided.outcome, reason: decided.reason };
}

interface Decided {
  outcome: TransferOutcome;
  reason?: UnmatchedTransferReason | IgnoredTransferReason;
  enrollmentId?: string;
}

/** The one enrolment the note names, locked, with what decides about its money. */
async function lockedEnrollmentsByReference(tx: Tx, references: string[]) {
  if (references.length === 0) return [];
  return tx
    .select({
      id: enrollments.id,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      due: amountDue,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(inArray(enrollments.paymentReference, references))
    .for("update", { of: enrollments });
}

async function matchTransfer(
  tx: Tx,
  notificationId: string,
  transfer: BankTransfer,
  account: string,
): Promise<Decided> {
  if (transfer.direction === "out") return { outcome: "ignored", reason: "outgoing" };
  if (account && transfer.accountNumber && transfer.accountNumber !== account)
    return { outcome: "ignored", reason: "other-account" };
  const references = referencesIn(transfer.content);
  const found = await lockedEnrollmentsByReference(tx, references);
  const match = referenceMatch(references.length, found.length);
  if (match !== "one") return { outcome: "unmatched", reason: match };
  const enrollment = found[0]!;
  const earlier = await recordedTransfers(tx, enrollment.id);
  // Recorded already from the bank statement: the same transfer, not a second payment.
  const same = sameTransferAs(earlier, {
    amount: transfer.amount,
    paidOn: transfer.paidOn,
    channel: "notification",
  });
  if (same) {
    await claimTransfer(tx, same.id, { bankNotificationId: notificationId });
    return { outcome: "settled", enrollmentId: enrollment.id };
  }
  const received = earlier.reduce((sum, payment) => sum + payment.amount, 0);
  const decision = transferDecision({
    stage: enrollmentStage({ ...enrollment, received }),
    due: enrollment.due === null ? null : Number(enrollment.due),
    received,
    amount: transfer.amount,
  });
  if (decision !== "record") return { outcome: "unmatched", reason: decision, enrollmentId: enrollment.id };
  const recorded = await recordPayment(tx, {
    enrollmentId: enrollment.id,
    amount: transfer.amount,
    paidOn: transfer.paidOn,
    method: "transfer",
    bankNotificationId: notificationId,
    recordedById: null,
  });
  if (recorded === "paid" || recorded === "partial")
    return { outcome: recorded, enrollmentId: enrollment.id };
  // Not reached while the row is locked (the decision saw what recordPayment sees); kept honest.
  return { outcome: "unmatched", reason: "already-paid", enrollmentId: enrollment.id };
}

/** Settings' log: the last notifications received, newest first. */
export async function listRecentNotifications(db: Pick<Db, "select">, limit = 20) {
  return db
    .select({
      id: bankNotifications.id,
      receivedAt: bankNotifications.createdAt,
      provider: bankNotifications.provider,
      direction: bankNotifications.direction,
      amount: bankNotifications.amount,
      outcome: bankNotifications.outcome,
      reason: bankNotifications.reason,
      reference: enrollments.paymentReference,
    })
    .from(bankNotifications)
    .leftJoin(enrollments, eq(enrollments.id, bankNotifications.enrollmentId))
    .orderBy(desc(bankNotifications.createdAt), desc(bankNotifications.id))
    .limit(limit);
}

export type RecentNotification = Awaited<ReturnType<typeof listRecentNotifications>>[number];

const openTransfer = and(eq(bankNotifications.outcome, "unmatched"), isNull(bankNotifications.resolution));

/** Payments' unmatched list: transfers waiting for a consultant, newest first (its partial index). */
export async function listUnmatchedTransfers(db: Db, query: { page: number }, pageSize = 20) {
  return readPage(
    db,
    { page: query.page, pageSize },
    db
      .select({
        id: bankNotifications.id,
        receivedAt: bankNotifications.createdAt,
        provider: bankNotifications.provider,
        amount: bankNotifications.amount,
        content: bankNotifications.content,
        paidOn: bankNotifications.paidOn,
        reason: bankNotifications.reason,
        enrollmentId: bankNotifications.enrollmentId,
        reference: enrollments.paymentReference,
        fullName: enrollments.fullName,
      })
      .from(bankNotifications)
      .leftJoin(enrollments, eq(enrollments.id, bankNotifications.enrollmentId))
      .where(openTransfer)
      .orderBy(desc(bankNotifications.createdAt), desc(bankNotifications.id)),
    { table: bankNotifications, where: openTransfer },
  );
}

export type UnmatchedTransfer = Awaited<ReturnType<typeof listUnmatchedTransfers>>["rows"][number];

/** How many transfers wait for a consultant (the sidebar's badge may show it). */
export async function countUnmatchedTransfers(db: Pick<Db, "select">) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bankNotifications)
    .where(openTransfer);
  return Number(row?.n ?? 0);
}

/** What assigning or handling an unmatched transfer did, or why not. */
export type TransferResolution =
  | "assigned"
  | "handled"
  | "not-found"
  | "resolved-already"
  | "unknown-reference"
  | "already-paid"
  | "refunded"
  | "too-large";

/** The unmatched transfer, locked: only an open one may be resolved, once. */
async function lockOpenTransfer(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: bankNotifications.id,
      amount: bankNotifications.amount,
      paidOn: bankNotifications.paidOn,
      outcome: bankNotifications.outcome,
      resolution: bankNotifications.resolution,
    })
    .from(bankNotifications)
    .where(eq(bankNotifications.id, id))
    .for("update");
  return row;
}

/** A consultant's decision: this transfer is that enrolment's payment (by its reference). It is
 * recorded through the one payment write — the receipt in the learner's language included —
 * whatever it leaves owing or over (the consultant saw the amount). `db`: the consultant's handle,
 * so the audit log names them. */
export async function assignTransfer(
  db: Db,
  input: { id: string; reference: string; actorId: string },
): Promise<TransferResolution> {
  if (!isPaymentReference(input.reference)) return "unknown-reference";
  return db.transaction(async (tx) => {
    const transfer = await lockOpenTransfer(tx, input.id);
    if (transfer?.outcome !== "unmatched") return "not-found";
    if (transfer.resolution) return "resolved-already";
    if (transfer.amount > 2_000_000_000) return "too-large";
    const [enrollment] = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.paymentReference, compactReference(input.reference)));
    if (!enrollment) return "unknown-reference";
    const recorded = await recordPayment(tx, {
      enrollmentId: enrollment.id,
      amount: transfer.amount,
      paidOn: transfer.paidOn,
      method: "transfer",
      bankNotificationId: transfer.id,
      recordedById: input.actorId,
    });
    if (recorded === "already-paid" || recorded === "refunded") return recorded;
    if (recorded === "not-found") return "unknown-reference";
    await tx
      .update(bankNotifications)
      .set({
        resolution: "assigned",
        enrollmentId: enrollment.id,
        resolvedAt: new Date(),
        resolvedById: input.actorId,
        updatedAt: new Date(),
      })
      .where(eq(bankNotifications.id, transfer.id));
    await notifyChange(tx, "payments");
    return "assigned";
  });
}

/** A consultant's decision: nothing to record (refunded by hand, a private transfer…), with a
 * note saying why. */
export async function markTransferHandled(
  db: Db,
  input: { id: string; note: string; actorId: string },
): Promise<TransferResolution> {
  return db.transaction(async (tx) => {
    const transfer = await lockOpenTransfer(tx, input.id);
    if (transfer?.outcome !== "unmatched") return "not-found";
    if (transfer.resolution) return "resolved-already";
    await tx
      .update(bankNotifications)
      .set({
        resolution: "handled",
        resolutionNote: input.note,
        resolvedAt: new Date(),
        resolvedById: input.actorId,
        updatedAt: new Date(),
      })
      .where(eq(bankNotifications.id, transfer.id));
    await notifyChange(tx, "payments");
    return "handled";
  });
}
