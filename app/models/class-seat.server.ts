// Seats and the waitlist of a class (ADR 026). A seat is held by every enrolment of the class
// that is not cancelled and has no waitlist rank; the waitlist is the rest of them, by rank.
// Every change to who holds a seat locks the class row before it counts or moves seats, so that
// enrolments, cancellations and the admin's waitlist moves into one class queue behind each
// other on every app instance, and the class's status follows its seats (open ↔ full). A change
// to one enrolment locks that enrolment first, then its class: one order everywhere.
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, max, ne, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { isLanguage } from "~/i18n/language";
import { enrollmentStage, learnerPaymentNote, stageRules } from "~/lib/enrollment-lifecycle";
import { calendarDayInVietnam } from "~/lib/format";
import { queueSeatOfferMail } from "~/mail/templates/class-seat.server";
import { isCourseOpen } from "./course-query.server";
import { getPaymentSettings, paymentEnabled, paymentInstructions } from "./payment-settings.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

/** The statuses in which a class takes enrolments (onto a seat or its waitlist) and in which a
 * freed seat goes to the first on its waitlist. */
const TAKING_STATUSES = ["open", "full"] as const;

/** An enrolment not cancelled: a seat, or a place on the waitlist. A seat holder has no waitlist
 * rank; a waiting learner has one (ADR 026). */
export const activeEnrolment = ne(enrollments.status, "cancelled");
export const holdsSeat = and(activeEnrolment, isNull(enrollments.waitlistRank));
const isWaiting = and(activeEnrolment, isNotNull(enrollments.waitlistRank));

/** Why an enrolment or a waitlist move into a class was refused. */
export type ClassSeatProblem = "not-found" | "closed" | "no-seat" | "not-waiting" | "same-class";

export class ClassSeatError extends Error {
  constructor(readonly problem: ClassSeatProblem) {
    super(`class seat: ${problem}`);
    this.name = "ClassSeatError";
  }
}

/** Capacity minus the seats held, never below 0. */
export function seatsLeft(capacity: number, held: number) {
  return Math.max(0, capacity - held);
}

/** The shared rule: open or full, and its first day still ahead in Vietnam. */
export function acceptsEnrollments(
  klass: { status: string; startsOn: string },
  today: string = calendarDayInVietnam(),
) {
  return (TAKING_STATUSES as readonly string[]).includes(klass.status) && klass.startsOn > today;
}

export async function countSeatsHeld(db: Reader, classId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), holdsSeat));
  return row?.n ?? 0;
}

export async function countWaiting(db: Reader, classId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), isWaiting));
  return row?.n ?? 0;
}

/** 1 + the waitlisted enrolments of its class ranked before it (rank, then age, then id);
 * null when the enrolment holds a seat, is cancelled or has no class. */
export async function waitlistPosition(
  db: Pick<Db, "execute">,
  enrollmentId: string,
): Promise<number | null> {
  const { rows } = await db.execute<{ position: number }>(sql`
    select (select count(*)::int + 1 from enrollments w
        where w.class_id = e.class_id and w.status <> 'cancelled' and w.waitlist_rank is not null
          and (w.waitlist_rank, w.created_at, w.id) < (e.waitlist_rank, e.created_at, e.id)) as position
      from enrollments e
      where e.id = ${enrollmentId} and e.status <> 'cancelled' and e.waitlist_rank is not null`);
  return rows[0]?.position ?? null;
}

const seatsHeldSql = sql<number>`(select count(*)::int from ${enrollments} e
  where e.class_id = ${courseClasses.id} and e.status <> 'cancelled' and e.waitlist_rank is null)`;

/** The classes an enrolment can choose now (of open courses, taking enrolments, first day ahead),
 * soonest first, with their seats left. No meeting link: the enrolment form is public. */
export async function listEnrollableClasses(db: Db, today: string = calendarDayInVietnam()) {
  const rows = await db
    .select({
      id: courseClasses.id,
      courseId: courseClasses.courseId,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      capacity: courseClasses.capacity,
      status: courseClasses.status,
      held: seatsHeldSql,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(
      and(
        isCourseOpen,
        inArray(courseClasses.status, [...TAKING_STATUSES]),
        gt(courseClasses.startsOn, today),
      ),
    )
    .orderBy(asc(courseClasses.startsOn), asc(courseClasses.startTime), asc(courseClasses.id));
  return rows.map(({ held, capacity, status, ...klass }) => {
    const left = seatsLeft(capacity, held);
    return { ...klass, seatsLeft: left, full: status === "full" || left === 0 };
  });
}

export type EnrollableClass = Awaited<ReturnType<typeof listEnrollableClasses>>[number];

/** The class row, locked until the transaction ends: the queue every seat change waits in. */
export async function lockClass(tx: Tx, classId: string) {
  const [klass] = await tx
    .select({
      id: courseClasses.id,
      courseId: courseClasses.courseId,
      status: courseClasses.status,
      startsOn: courseClasses.startsOn,
      capacity: courseClasses.capacity,
    })
    .from(courseClasses)
    .where(eq(courseClasses.id, classId))
    .for("update");
  return klass;
}

/** Where an enrolment into a class lands: a seat (rank null), or the waitlist at `position`. */
export interface ClassPlacement {
  waitlistRank: number | null;
  waitlistPosition: number | null;
}

/** Decides, for an enrolment about to be inserted in `tx`, whether it takes a seat or joins the
 * waitlist (the caller inserts it with the returned rank in the same transaction, and announces
 * the change of topic "classes"). Throws
 * ClassSeatError "not-found" (no such class of that course) or "closed" (not taking enrolments). */
export async function enrollIntoClass(
  tx: Tx,
  target: { classId: string; courseId: string },
): Promise<ClassPlacement> {
  const klass = await lockClass(tx, target.classId);
  if (!klass || klass.courseId !== target.courseId) throw new ClassSeatError("not-found");
  if (!acceptsEnrollments(klass)) throw new ClassSeatError("closed");
  // The caller announces "classes" with the rest of its transaction's changes, in one statement.
  return placeInLockedClass(tx, klass, { seatsTaken: 0 });
}

/** A seat when one is free (and the class is not marked full), else the end of the waitlist.
 * `seatsTaken`: seats the caller will take beyond those counted (none: the row is not in yet). */
export async function placeInLockedClass(
  tx: Tx,
  klass: { id: string; status: string; capacity: number },
  { seatsTaken }: { seatsTaken: number },
): Promise<ClassPlacement> {
  const held = (await countSeatsHeld(tx, klass.id)) + seatsTaken;
  if (klass.status !== "full" && held < klass.capacity) {
    if (held + 1 >= klass.capacity) await setClassStatus(tx, klass.id, "full");
    return { waitlistRank: null, waitlistPosition: null };
  }
  if (klass.status === "open") await setClassStatus(tx, klass.id, "full");
  const [last] = await tx
    .select({ rank: max(enrollments.waitlistRank) })
    .from(enrollments)
    .where(eq(enrollments.classId, klass.id));
  return {
    waitlistRank: (last?.rank ?? 0) + 1,
    waitlistPosition: (await countWaiting(tx, klass.id)) + 1,
  };
}

async function setClassStatus(tx: Tx, classId: string, status: "open" | "full") {
  await tx.update(courseClasses).set({ status }).where(eq(courseClasses.id, classId));
}

/** To call, in the same transaction, after an enrolment of `classId` stopped holding a seat
 * (cancelled, moved to another class, removed): the first on the waitlist gets the seat and an
 * offer mail in their language; with nobody waiting a full class opens again. Only a class that
 * takes enrolments hands seats on: a running, finished or cancelled one keeps its list as is.
 * Returns the ids of the enrolments offered a seat. */
export async function releaseSeat(tx: Tx, classId: string | null | undefined): Promise<string[]> {
  if (!classId) return [];
  const klass = await lockClass(tx, classId);
  if (!klass || !(TAKING_STATUSES as readonly string[]).includes(klass.status)) return [];
  const offered = await offerFreeSeats(tx, klass);
  const held = await countSeatsHeld(tx, classId);
  const next = held >= klass.capacity || (await countWaiting(tx, classId)) > 0 ? "full" : "open";
  if (next !== klass.status) await setClassStatus(tx, classId, next);
  if (offered.length > 0) await notifyChange(tx, "classes", "enrollments");
  else await notifyChange(tx, "classes");
  return offered;
}

/** The first on a class's waitlist (the one a freed seat goes to), or undefined. */
export async function firstOnWaitlist(db: Reader, classId: string) {
  const [first] = await db
    .select({ name: enrollments.fullName, email: enrollments.email })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), isWaiting))
    .orderBy(asc(enrollments.waitlistRank), asc(enrollments.createdAt), asc(enrollments.id))
    .limit(1);
  return first;
}

/** Gives each free seat to the first waitlisted enrolment, marking the offer and queueing its mail. */
async function offerFreeSeats(tx: Tx, klass: { id: string; capacity: number }): Promise<string[]> {
  const free = seatsLeft(klass.capacity, await countSeatsHeld(tx, klass.id));
  if (free === 0) return [];
  const first = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.classId, klass.id), isWaiting))
    .orderBy(asc(enrollments.waitlistRank), asc(enrollments.createdAt), asc(enrollments.id))
    .limit(free);
  for (const { id } of first) await giveSeat(tx, id);
  return first.map(({ id }) => id);
}

/** Takes the enrolment off the waitlist onto a seat, records the offer and queues its mail, which
 * carries how to pay when the seat now owes its fee (ADR 033). */
export async function giveSeat(tx: Tx, enrollmentId: string) {
  const [row] = await tx
    .update(enrollments)
    .set({ waitlistRank: null, seatOfferedAt: sql`now()` })
    .where(eq(enrollments.id, enrollmentId))
    .returning({
      fullName: enrollments.fullName,
      email: enrollments.email,
      language: enrollments.language,
      classId: enrollments.classId,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      paymentReference: enrollments.paymentReference,
      paymentAmount: enrollments.paymentAmount,
    });
  if (!row?.classId) return;
  const [klass] = await tx
    .select({
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      courseTitle: courses.title,
      coursePrice: courses.price,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(eq(courseClasses.id, row.classId));
  if (!klass) return;
  const settings = await getPaymentSettings(tx);
  const stage = enrollmentStage(row);
  const fee = row.paymentAmount ?? klass.coursePrice;
  await queueSeatOfferMail(tx, {
    to: row.email,
    name: row.fullName,
    language: isLanguage(row.language) ? row.language : "vi",
    courseTitle: klass.courseTitle,
    when: klass,
    payment: stageRules[stage].owes
      ? paymentInstructions(settings, {
          paymentReference: row.paymentReference,
          paymentAmount: fee,
          coursePrice: klass.coursePrice,
        })
      : undefined,
    paymentNote: learnerPaymentNote(stage, { paymentOn: paymentEnabled(settings), fee }),
  });
}

/** The class of one enrolment as the admin's detail panel shows it: its dates, and the
 * enrolment's waitlist position or the day a freed seat was offered to it. */
export async function getEnrollmentSeat(db: Db, enrollmentId: string) {
  const [row] = await db
    .select({
      classId: courseClasses.id,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      cancelled: sql<boolean>`${enrollments.status} = 'cancelled'`,
      seatOfferedAt: enrollments.seatOfferedAt,
    })
    .from(enrollments)
    .innerJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .where(eq(enrollments.id, enrollmentId));
  if (!row) return null;
  return { ...row, waitlistPosition: await waitlistPosition(db, enrollmentId) };
}

export type EnrollmentSeat = NonNullable<Awaited<ReturnType<typeof getEnrollmentSeat>>>;
