// Money received for enrolments (ADR 028, reconciliation): the payments list, "mark paid", and
// the one write both it and the bank statement import go through.
import { and, desc, eq, isNull, ne, type SQL } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { readPage } from "~/db/list-page.server";
import { courses, enrollments, payments } from "~/db/schema";
import { enrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";
import { type RecordedTransfer, sameTransferAs } from "~/lib/transfer-match";
import { queuePaymentReceipt } from "~/mail/templates/payment-receipt.server";
import { PAYMENTS_PAGE_SIZE, type PaymentListQuery, type PaymentMethod } from "~/schemas/payment-record";
import { amountDue, amountPaid, enrollmentSearchCondition } from "./enrollment-admin.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const listColumns = {
  id: enrollments.id,
  reference: enrollments.paymentReference,
  fullName: enrollments.fullName,
  email: enrollments.email,
  course: enrollments.course,
  courseTitle: courses.title,
  due: amountDue,
  paid: amountPaid,
  paymentStatus: enrollments.paymentStatus,
  // What the lifecycle derives the stage from (ADR 033).
  status: enrollments.status,
  waitlistRank: enrollments.waitlistRank,
  seatOfferedAt: enrollments.seatOfferedAt,
  createdAt: enrollments.createdAt,
};

function listConditions(query: Pick<PaymentListQuery, "q" | "status">): SQL | undefined {
  return and(
    query.q ? enrollmentSearchCondition(query.q) : undefined,
    query.status ? eq(enrollments.paymentStatus, query.status) : undefined,
    // "Waiting for payment" is what owes its fee now (stageRules' `owes`, ADR 033): not what is
    // cancelled or waitlisted. The crossing matrix checks the two agree.
    query.status === "pending"
      ? and(ne(enrollments.status, "cancelled"), isNull(enrollments.waitlistRank))
      : undefined,
  );
}

/** One page of enrolments with what they owe and what came in, newest first. */
export async function listPaymentsForAdmin(db: Db, query: PaymentListQuery, pageSize = PAYMENTS_PAGE_SIZE) {
  const where = listConditions(query);
  return readPage(
    db,
    { page: query.page, pageSize },
    db
      .select(listColumns)
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .where(where)
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id)),
    { table: enrollments, where },
  );
}

export type PaymentRow = Awaited<ReturnType<typeof listPaymentsForAdmin>>["rows"][number];

/** The enrolment "mark paid" is for, as its dialog shows it. */
export async function getPaymentTarget(db: Db, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id));
  return row;
}

export interface NewPayment {
  enrollmentId: string;
  amount: number;
  /** yyyy-mm-dd, Vietnam's calendar. */
  paidOn: string;
  method: PaymentMethod;
  statementLine?: string;
  /** The bank's notification it came from (issue 31). */
  bankNotificationId?: string;
  recordedById: string | null;
}

/** "paid" (the fee is covered), "partial" (received, still pending), or why nothing was written:
 * the enrolment is gone, already paid or refunded, this transfer was recorded before (the same
 * statement line, or the same transfer seen by the other channel: ADR 050), or (the admin's "mark
 * paid") the enrolment owes nothing now: waitlisted or cancelled (ADR 033). */
export type PaymentOutcome =
  | "paid"
  | "partial"
  | "not-found"
  | "already-paid"
  | "refunded"
  | "duplicate"
  | "not-owed";

/** Records one payment inside the caller's transaction. The enrolment's row is locked, so two
 * admins (or an admin and an import) cannot both pay it. A payment that leaves part of the fee
 * open keeps the enrolment "pending" (the list shows "paid X of Y"); one that covers it — or any
 * payment when no fee is known — makes it "paid". The learner gets a receipt either way. */
export async function recordPayment(tx: Tx, payment: NewPayment): Promise<PaymentOutcome> {
  const [row] = await tx
    .select({
      status: enrollments.paymentStatus,
      email: enrollments.email,
      fullName: enrollments.fullName,
      language: enrollments.language,
      reference: enrollments.paymentReference,
      courseTitle: courses.title,
      due: amountDue,
      enrollmentStatus: enrollments.status,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, payment.enrollmentId))
    .for("update", { of: enrollments });
  if (!row) return "not-found";
  const earlier = await recordedTransfers(tx, payment.enrollmentId);
  // The same bank line imported twice (a partial transfer, the file imported again): once.
  if (payment.statementLine && earlier.some((p) => p.statementLine === payment.statementLine))
    return "duplicate";
  // The same transfer seen by the other channel (the bank's notification, then the statement, or
  // the other way round): the payment is there; it now carries both (ADR 050).
  const channel = payment.statementLine
    ? "statement"
    : payment.bankNotificationId
      ? "notification"
      : undefined;
  const same =
    channel && payment.method === "transfer"
      ? sameTransferAs(earlier, { amount: payment.amount, paidOn: payment.paidOn, channel })
      : undefined;
  if (same) {
    await claimTransfer(tx, same.id, payment);
    return "duplicate";
  }
  if (row.status === "paid") return "already-paid";
  if (row.status === "refunded") return "refunded";
  await tx.insert(payments).values({
    enrollmentId: payment.enrollmentId,
    amount: payment.amount,
    paidOn: payment.paidOn,
    method: payment.method,
    statementLine: payment.statementLine ?? null,
    bankNotificationId: payment.bankNotificationId ?? null,
    recordedById: payment.recordedById,
  });
  const paidTotal = earlier.reduce((sum, p) => sum + p.amount, payment.amount);
  const due = row.due === null ? null : Number(row.due);
  const covered = due === null || paidTotal >= due;
  if (covered)
    await tx
      .update(enrollments)
      .set({ paymentStatus: "paid" })
      .where(eq(enrollments.id, payment.enrollmentId));
  // What the lifecycle now says about the money (ADR 033): a partial payment leaves the fee due; a
  // transfer for a cancelled enrolment is a refund to come.
  const stage = enrollmentStage({
    status: row.enrollmentStatus,
    paymentStatus: covered ? "paid" : "pending",
    waitlistRank: row.waitlistRank,
    seatOfferedAt: row.seatOfferedAt,
    received: paidTotal,
  });
  await queuePaymentReceipt(tx, {
    paymentNote: stageRules[stage].learnerNote,
    to: row.email,
    name: row.fullName,
    language: row.language,
    reference: row.reference,
    courseTitle: row.courseTitle,
    amount: payment.amount,
    paidOn: payment.paidOn,
    method: payment.method,
    paidTotal,
    due,
  });
  // "payments": a learner's open success screen or profile asks whether it was theirs (ADR 050).
  await notifyChange(tx, "enrollments", "payments");
  return covered ? "paid" : "partial";
}

/** The payments recorded for an enrolment, as telling transfers apart needs them (ADR 050). */
export async function recordedTransfers(
  tx: Pick<Tx, "select">,
  enrollmentId: string,
): Promise<RecordedTransfer[]> {
  return tx
    .select({
      id: payments.id,
      amount: payments.amount,
      paidOn: payments.paidOn,
      method: payments.method,
      statementLine: payments.statementLine,
      bankNotificationId: payments.bankNotificationId,
    })
    .from(payments)
    .where(eq(payments.enrollmentId, enrollmentId));
}

/** Marks a recorded payment as also seen by the other channel: its statement line, or its bank
 * notification. Nothing else about it changes (no receipt: the learner had one). */
export async function claimTransfer(
  tx: Pick<Tx, "update">,
  paymentId: string,
  seenBy: { statementLine?: string; bankNotificationId?: string },
) {
  await tx
    .update(payments)
    .set(
      seenBy.statementLine
        ? { statementLine: seenBy.statementLine, updatedAt: new Date() }
        : { bankNotificationId: seenBy.bankNotificationId, updatedAt: new Date() },
    )
    .where(eq(payments.id, paymentId));
}

/** Whether the payments list offers "mark paid" for a row, and the action accepts it: the
 * lifecycle's admin actions (ADR 033). */
export function acceptsPayment(
  row: Pick<PaymentRow, "status" | "paymentStatus" | "waitlistRank" | "seatOfferedAt" | "paid">,
) {
  return stageRules[enrollmentStage({ ...row, received: row.paid })].adminActions.includes("record-payment");
}

/** "Mark paid" from the admin: one payment, its own transaction, for an enrolment that owes its
 * fee now. (A statement import records money that did arrive, whatever the stage: a transfer for
 * a cancelled enrolment then shows as a refund to make.) */
export async function markEnrollmentPaid(db: Db, payment: NewPayment): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(listColumns)
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.id, payment.enrollmentId))
      .for("update", { of: enrollments });
    if (row && row.paymentStatus === "pending" && !acceptsPayment(row)) return "not-owed";
    return recordPayment(tx, payment);
  });
}

/** What the students' detail panel shows of the payments: each one, newest first. */
export async function listEnrollmentPayments(db: Db, enrollmentId: string) {
  return db
    .select({ id: payments.id, amount: payments.amount, paidOn: payments.paidOn, method: payments.method })
    .from(payments)
    .where(eq(payments.enrollmentId, enrollmentId))
    .orderBy(desc(payments.paidOn), desc(payments.createdAt));
}
