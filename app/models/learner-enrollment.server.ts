// A learner's own enrolments, on /profile ("Khóa học của tôi"): those made while signed in
// (enrollments.user_id) and those made with the account's email, before or after sign-up, once
// that address is proven (ADR 026). Until then the list is empty: anyone can type an address
// into a sign-up form, and the enrolments under it are someone's personal data.
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { queueLearnerCancellationMail } from "~/mail/templates/learner-cancellation.server";
import { releaseSeat } from "./class-seat.server";
import { amountPaid } from "./enrollment-admin.server";

export interface Learner {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The one rule for what is a learner's own (their enrolments, their trial lessons): made while
 * signed in, or under their proven address. */
export function ownedByLearner(learner: Learner, columns: { userId: AnyPgColumn; email: AnyPgColumn }): SQL {
  const byAccount = eq(columns.userId, learner.id);
  if (!learner.emailVerified) return byAccount;
  return or(byAccount, sql`lower(${columns.email}) = lower(${learner.email})`)!;
}

const ownedBy = (learner: Learner) => ownedByLearner(learner, enrollments);

/** ADR 026: 1 + the waitlisted enrolments of the same class ranked before this one (rank, then
 * creation time and id for ties); null when it is not on a waitlist. */
const waitlistPosition = sql<number | null>`case
  when ${enrollments.waitlistRank} is null or ${enrollments.status} = 'cancelled' then null
  else 1 + (
    select count(*)::int from ${enrollments} as ahead
    where ahead.class_id = ${enrollments.classId}
      and ahead.waitlist_rank is not null
      and ahead.status <> 'cancelled'
      and (ahead.waitlist_rank, ahead.created_at, ahead.id)
        < (${enrollments.waitlistRank}, ${enrollments.createdAt}, ${enrollments.id})
  ) end`;

/** "Khóa học của tôi": newest first; nothing while the address is unproven (see above). */
export async function listLearnerEnrollments(db: Db, learner: Learner) {
  if (!learner.emailVerified) return [];
  return db
    .select({
      id: enrollments.id,
      level: enrollments.course,
      courseTitle: courses.title,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      paymentReference: enrollments.paymentReference,
      paymentAmount: enrollments.paymentAmount,
      coursePrice: courses.price,
      // What the lifecycle derives the stage from (ADR 033).
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      received: amountPaid,
      createdAt: enrollments.createdAt,
      classId: enrollments.classId,
      classStartsOn: courseClasses.startsOn,
      classWeekdays: courseClasses.weekdays,
      classStartTime: courseClasses.startTime,
      classEndTime: courseClasses.endTime,
      classStatus: courseClasses.status,
      waitlistPosition,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .where(ownedBy(learner))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(100);
}

export type LearnerEnrollment = Awaited<ReturnType<typeof listLearnerEnrollments>>[number];

export type CancelOutcome = "cancelled" | "not-found" | "already-cancelled";

/** The learner cancels one of their own enrolments: its status becomes cancelled, it leaves the
 * class's waitlist, the seat it held frees, and the school is told. `db` should be scoped to the
 * learner so the audit log names them (ADR 014). Someone else's enrolment is "not-found". */
export async function cancelLearnerEnrollment(
  db: Db,
  learner: Learner,
  enrollmentId: string,
  schoolInbox: string,
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const owned = and(eq(enrollments.id, enrollmentId), ownedBy(learner));
    // The enrolment first, then its class, in the order the admin's changes lock them (ADR 026):
    // a learner and an admin cancelling the same enrolment at once wait for each other rather
    // than deadlock.
    const [row] = await tx
      .select({
        status: enrollments.status,
        classId: enrollments.classId,
        waitlistRank: enrollments.waitlistRank,
        fullName: enrollments.fullName,
        email: enrollments.email,
        phone: enrollments.phone,
        level: enrollments.course,
        courseTitle: courses.title,
      })
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .where(owned)
      .for("update", { of: enrollments });
    if (row?.classId) {
      await tx
        .select({ id: courseClasses.id })
        .from(courseClasses)
        .where(eq(courseClasses.id, row.classId))
        .for("update");
    }
    if (!row) return "not-found";
    if (row.status === "cancelled") return "already-cancelled";
    await tx
      .update(enrollments)
      .set({ status: "cancelled", isProcessed: true, waitlistRank: null })
      .where(eq(enrollments.id, enrollmentId));
    // A seat given up goes to the first on the waitlist (the class row is locked above).
    if (row.classId && row.waitlistRank === null) await releaseSeat(tx, row.classId);
    await queueLearnerCancellationMail(tx, { id: enrollmentId, ...row, schoolInbox });
    await notifyChange(tx, "enrollments");
    if (row.classId) await notifyChange(tx, "classes");
    return "cancelled";
  });
}
