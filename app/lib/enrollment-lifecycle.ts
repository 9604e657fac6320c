// One enrolment's lifecycle (ADR 033): where it stands, derived from its stored row, and — from
// that alone — whether its fee is due now, what the learner is told about paying (success screen,
// mails, "Khóa học của tôi") and what the admin's payments list shows and offers. Every channel
// calls enrollmentStage and stageRules; none decides these from status columns by itself.
// Pure and browser-safe: no database, no request.

/** Where an enrolment stands, as far as money and messages go.
 * - `seat`: holds a seat in its class, or chose a course without a class (the fee falls due after
 *   the free trial lesson);
 * - `waitlisted`: on its class's waitlist: no seat, so nothing to pay yet;
 * - `offered`: was on the waitlist and was given a freed seat (the offer mail carries how to pay);
 * - `paid`: the fee came in;
 * - `cancelled`: cancelled with nothing received: owes nothing;
 * - `refund-due`: cancelled after money came in: the school owes a refund;
 * - `refunded`: the money went back. */
export const enrollmentStages = [
  "seat",
  "waitlisted",
  "offered",
  "paid",
  "cancelled",
  "refund-due",
  "refunded",
] as const;
export type EnrollmentStage = (typeof enrollmentStages)[number];

/** The stored columns the stage is derived from (enrollments.*). */
export interface LifecycleRow {
  status: string;
  paymentStatus: string;
  waitlistRank: number | null;
  seatOfferedAt: Date | string | null;
  /** Money recorded for it so far (payments); 0 when unknown. */
  received?: number;
}

export function enrollmentStage(row: LifecycleRow): EnrollmentStage {
  if (row.paymentStatus === "refunded") return "refunded";
  const received = row.paymentStatus === "paid" || (row.received ?? 0) > 0;
  if (row.status === "cancelled") return received ? "refund-due" : "cancelled";
  if (row.paymentStatus === "paid") return "paid";
  if (row.waitlistRank !== null) return "waitlisted";
  return row.seatOfferedAt ? "offered" : "seat";
}

/** What the admin can do about an enrolment's money from the payments list. */
export type AdminPaymentAction = "record-payment" | "refund";

export interface StageRule {
  /** The fee is due now: the transfer details (QR, amount) are shown and a payment is recorded. */
  owes: boolean;
  /** The learner's line about paying, the same on the success screen, in mails and in the profile
   * (payment namespace). */
  learnerNote: string;
  /** The payments list's state (admin-payments namespace). */
  adminLabel: string;
  adminActions: readonly AdminPaymentAction[];
}

/** The one table. The fee falls due after the free trial lesson, before the class starts (the
 * enrolment page promises "học thử miễn phí 1 buổi … trước khi đóng học phí"); the seat is held
 * meanwhile. A waitlisted learner has no seat to pay for. */
export const stageRules: Record<EnrollmentStage, StageRule> = {
  seat: {
    owes: true,
    learnerNote: "payment:lifecycle.due",
    adminLabel: "admin-payments:stage.seat",
    adminActions: ["record-payment"],
  },
  offered: {
    owes: true,
    learnerNote: "payment:lifecycle.due",
    adminLabel: "admin-payments:stage.offered",
    adminActions: ["record-payment"],
  },
  waitlisted: {
    owes: false,
    learnerNote: "payment:lifecycle.waitlisted",
    adminLabel: "admin-payments:stage.waitlisted",
    adminActions: [],
  },
  paid: {
    owes: false,
    learnerNote: "payment:lifecycle.paid",
    adminLabel: "admin-payments:stage.paid",
    adminActions: [],
  },
  cancelled: {
    owes: false,
    learnerNote: "payment:lifecycle.cancelled",
    adminLabel: "admin-payments:stage.cancelled",
    adminActions: [],
  },
  "refund-due": {
    owes: false,
    learnerNote: "payment:lifecycle.refundDue",
    adminLabel: "admin-payments:stage.refundDue",
    adminActions: ["refund"],
  },
  refunded: {
    owes: false,
    learnerNote: "payment:lifecycle.refunded",
    adminLabel: "admin-payments:stage.refunded",
    adminActions: [],
  },
};

/** What is owed now, in VND: the fee fixed at enrolment while the stage owes it, else 0 (null:
 * no fee is known — the consultation choice). */
export function amountOwed(stage: EnrollmentStage, fee: number | null): number | null {
  if (fee === null) return null;
  return stageRules[stage].owes ? fee : 0;
}

/** The learner's line about paying, or undefined where payment is not spoken of: the school takes
 * no transfers (ADR 028: then nothing about payment is shown anywhere) or no fee is known (the
 * consultation choice). */
export function learnerPaymentNote(
  stage: EnrollmentStage,
  context: { paymentOn: boolean; fee: number | null },
): string | undefined {
  if (!context.paymentOn || context.fee === null) return undefined;
  return stageRules[stage].learnerNote;
}

export function isEnrollmentStage(value: unknown): value is EnrollmentStage {
  return (enrollmentStages as readonly unknown[]).includes(value);
}

/** Whether the learner is shown how to pay (and the admin may record a payment). */
export function owesFee(row: LifecycleRow): boolean {
  return stageRules[enrollmentStage(row)].owes;
}

/** Whom the admin's "Hủy đăng ký" mails: always the learner; the first on the waitlist too when
 * the enrolment gives up a seat in a class that hands seats on. */
export function cancellationRecipients(row: {
  waitlistRank: number | null;
  classId: string | null;
  waitingInClass: number;
}): ("learner" | "next-on-waitlist")[] {
  const freesSeat = row.classId !== null && row.waitlistRank === null && row.waitingInClass > 0;
  return freesSeat ? ["learner", "next-on-waitlist"] : ["learner"];
}
