// Where one enrolment's payment stands, for its open success screen (issue 31): asked through
// GET /api/payment-status/<token> whenever a payment is recorded anywhere ("payments" names no
// enrolment). The stage is the lifecycle's (ADR 033), from the same columns as everywhere else.
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses, enrollments } from "~/db/schema";
import { type EnrollmentStage, enrollmentStage } from "~/lib/enrollment-lifecycle";
import { amountDue, amountPaid } from "./enrollment-admin.server";

export interface PaymentStatus {
  stage: EnrollmentStage;
  /** VND received so far (every payment recorded for it). */
  received: number;
  /** VND: the whole fee fixed at enrolment (not what is left); null when no fee is known. */
  due: number | null;
}

/** One query: every open success screen asks once per payment recorded in the school. */
export async function getPaymentStatus(db: Db, enrollmentId: string): Promise<PaymentStatus | undefined> {
  const [row] = await db
    .select({
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      due: amountDue,
      received: amountPaid,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, enrollmentId));
  if (!row) return undefined;
  const received = Number(row.received);
  return {
    stage: enrollmentStage({ ...row, received }),
    received,
    due: row.due === null ? null : Number(row.due),
  };
}
