// What the school reads of its classes' attendance (issue 30, ADR 048): each class's rate and
// sessions held (analytics), each learner's of one class (the roster), the learners absent twice
// in a row in the running classes (a consultant calls them), and who of a finished class earns a
// certificate of attendance. Every rate, flag and threshold is app/lib/attendance-report.ts's;
// this file only reads the marks. Only seat holders count: the waitlist and cancelled enrolments
// are not the class's learners.
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { classAttendance, courseClasses, courses, enrollments } from "~/db/schema";
import type { AttendanceStatus } from "~/lib/attendance";
import {
  type AttendanceCounts,
  type AttendanceMark,
  absentTwiceInARow,
  attendedCount,
  certificateEligible,
  classAttendanceRate,
  countMarks,
  emptyCounts,
  heldSessionDays,
  learnerAttendance,
} from "~/lib/attendance-report";
import { classMeetingDays } from "~/lib/trial-lesson";
import { holdsSeat } from "./class-seat.server";

type Reader = Pick<Db, "select" | "selectDistinct">;

/** The classes whose attendance analytics shows: running and finished ones. */
const REPORTED_STATUSES = ["running", "finished"] as const;

/** An attendance row of a learner who holds a seat of that very class. */
const seatedMark = and(
  eq(enrollments.id, classAttendance.enrollmentId),
  eq(enrollments.classId, classAttendance.classId),
  holdsSeat,
);

/** Analytics: each running and finished class with its sessions held and its rate (running
 * first, then the latest start first). */
export async function listClassAttendanceRates(db: Reader, today: string) {
  const [classes, held, counts] = await Promise.all([
    db
      .select({
        id: courseClasses.id,
        courseLevel: courses.level,
        courseTitle: courses.title,
        startsOn: courseClasses.startsOn,
        status: courseClasses.status,
      })
      .from(courseClasses)
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(inArray(courseClasses.status, [...REPORTED_STATUSES]))
      .orderBy(
        sql`${courseClasses.status} <> 'running'`,
        desc(courseClasses.startsOn),
        asc(courseClasses.id),
      ),
    db
      .selectDistinct({ classId: classAttendance.classId, day: classAttendance.day })
      .from(classAttendance)
      .innerJoin(courseClasses, eq(courseClasses.id, classAttendance.classId))
      .where(and(inArray(courseClasses.status, [...REPORTED_STATUSES]), lte(classAttendance.day, today))),
    db
      .select({
        classId: classAttendance.classId,
        status: classAttendance.status,
        n: sql<number>`count(*)::int`,
      })
      .from(classAttendance)
      .innerJoin(enrollments, seatedMark)
      .innerJoin(courseClasses, eq(courseClasses.id, classAttendance.classId))
      .where(and(inArray(courseClasses.status, [...REPORTED_STATUSES]), lte(classAttendance.day, today)))
      .groupBy(classAttendance.classId, classAttendance.status),
  ]);
  const daysOf = new Map<string, string[]>();
  for (const row of held) daysOf.set(row.classId, [...(daysOf.get(row.classId) ?? []), row.day]);
  const countsOf = new Map<string, AttendanceCounts>();
  for (const row of counts) {
    const classCounts = countsOf.get(row.classId) ?? emptyCounts();
    classCounts[row.status as AttendanceStatus] += row.n;
    countsOf.set(row.classId, classCounts);
  }
  return classes.map((klass) => ({
    ...klass,
    sessionsHeld: heldSessionDays(daysOf.get(klass.id) ?? [], today).length,
    rate: classAttendanceRate([countsOf.get(klass.id) ?? emptyCounts()]),
  }));
}

export type ClassAttendanceRate = Awaited<ReturnType<typeof listClassAttendanceRates>>[number];

/** The roster: each seated learner's rate, last marks and flag, with the class's sessions held
 * and rate. Keyed by enrolment. */
export async function getClassAttendance(db: Reader, classId: string, today: string) {
  const rows = await db
    .select({
      enrollmentId: classAttendance.enrollmentId,
      day: classAttendance.day,
      status: classAttendance.status,
      seated: sql<boolean>`${enrollments.id} is not null`,
    })
    .from(classAttendance)
    .leftJoin(enrollments, seatedMark)
    .where(and(eq(classAttendance.classId, classId), lte(classAttendance.day, today)))
    .orderBy(asc(classAttendance.day));
  const marksOf = new Map<string, AttendanceMark[]>();
  for (const row of rows) {
    if (!row.seated) continue;
    const mark = { day: row.day, status: row.status as AttendanceStatus };
    marksOf.set(row.enrollmentId, [...(marksOf.get(row.enrollmentId) ?? []), mark]);
  }
  const learners: Record<string, LearnerAttendanceRow> = {};
  const pooled: AttendanceCounts[] = [];
  for (const [enrollmentId, marks] of marksOf) {
    const { counts, attended, rate, flagged } = learnerAttendance(marks, today);
    pooled.push(counts);
    learners[enrollmentId] = {
      attended,
      counted: attended + counts.absent,
      rate,
      flagged,
      last: marks.slice(-4),
    };
  }
  const days = heldSessionDays(
    rows.map((row) => row.day),
    today,
  );
  return { sessionsHeld: days.length, rate: classAttendanceRate(pooled), learners };
}

export interface LearnerAttendanceRow {
  attended: number;
  /** Sessions the rate counts: marked, not excused. */
  counted: number;
  rate: number | null;
  flagged: boolean;
  /** The last few marks, oldest first. */
  last: AttendanceMark[];
}

export type ClassAttendance = Awaited<ReturnType<typeof getClassAttendance>>;

/** "Cần gọi điện": the learners of running classes whose last two marks were both "absent",
 * with their phone and class; the longest-silent first (the earlier last session first). */
export async function listLearnersToCall(db: Reader, today: string) {
  const ranked = db
    .select({
      markEnrollmentId: sql<string>`${classAttendance.enrollmentId}`.as("mark_enrollment_id"),
      markDay: sql<string>`${classAttendance.day}`.as("mark_day"),
      markStatus: sql<string>`${classAttendance.status}`.as("mark_status"),
      markRank:
        sql<number>`row_number() over (partition by ${classAttendance.enrollmentId} order by ${classAttendance.day} desc)`.as(
          "mark_rank",
        ),
    })
    .from(classAttendance)
    .innerJoin(enrollments, seatedMark)
    .innerJoin(courseClasses, eq(courseClasses.id, classAttendance.classId))
    .where(and(eq(courseClasses.status, "running"), lte(classAttendance.day, today)))
    .as("ranked");
  const rows = await db
    .select({
      enrollmentId: enrollments.id,
      fullName: enrollments.fullName,
      phone: enrollments.phone,
      classId: courseClasses.id,
      courseLevel: courses.level,
      courseTitle: courses.title,
      startsOn: courseClasses.startsOn,
      day: ranked.markDay,
      status: ranked.markStatus,
    })
    .from(ranked)
    .innerJoin(enrollments, eq(enrollments.id, ranked.markEnrollmentId))
    .innerJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(lte(ranked.markRank, 2))
    .orderBy(asc(enrollments.fullName), asc(enrollments.id), asc(ranked.markDay));
  const byLearner = new Map<string, typeof rows>();
  for (const row of rows) byLearner.set(row.enrollmentId, [...(byLearner.get(row.enrollmentId) ?? []), row]);
  return [...byLearner.values()]
    .filter((marks) =>
      absentTwiceInARow(marks.map((row) => ({ day: row.day, status: row.status as AttendanceStatus }))),
    )
    .map((marks) => {
      const { day, status: _status, ...learner } = marks.at(-1)!;
      return { ...learner, lastAbsentOn: day };
    })
    .sort((a, b) => (a.lastAbsentOn < b.lastAbsentOn ? -1 : a.lastAbsentOn > b.lastAbsentOn ? 1 : 0));
}

export type LearnerToCall = Awaited<ReturnType<typeof listLearnersToCall>>[number];

/** A class's certificates of attendance: whether the class is over (finished, or its last
 * session day has passed), its dates and sessions held, and each seated learner who attended
 * enough sessions (certificateEligible), by name. Undefined when the class does not exist. */
export async function getClassCertificates(db: Reader, classId: string, today: string) {
  const [klass] = await db
    .select({
      id: courseClasses.id,
      status: courseClasses.status,
      startsOn: courseClasses.startsOn,
      endsOn: courseClasses.endsOn,
      sessionCount: courseClasses.sessionCount,
      weekdays: courseClasses.weekdays,
      courseLevel: courses.level,
      courseTitle: courses.title,
      courseTranslations: courses.translations,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(eq(courseClasses.id, classId))
    .limit(1);
  if (!klass) return undefined;
  const schedule = classMeetingDays(klass, klass.startsOn, "9999-12-31").slice(0, 366);
  const firstDay = schedule[0] ?? klass.startsOn;
  const lastDay = schedule.at(-1) ?? klass.endsOn ?? klass.startsOn;
  const over = klass.status === "finished" || lastDay < today;
  const [days, learners, marks] = await Promise.all([
    db
      .selectDistinct({ day: classAttendance.day })
      .from(classAttendance)
      .where(and(eq(classAttendance.classId, classId), lte(classAttendance.day, today))),
    db
      .select({ id: enrollments.id, fullName: enrollments.fullName })
      .from(enrollments)
      .where(and(eq(enrollments.classId, classId), holdsSeat))
      .orderBy(asc(enrollments.fullName), asc(enrollments.id)),
    db
      .select({ enrollmentId: classAttendance.enrollmentId, status: classAttendance.status })
      .from(classAttendance)
      .where(and(eq(classAttendance.classId, classId), lte(classAttendance.day, today))),
  ]);
  const sessionsHeld = heldSessionDays(
    days.map((row) => row.day),
    today,
  ).length;
  const statusesOf = new Map<string, AttendanceStatus[]>();
  for (const mark of marks)
    statusesOf.set(mark.enrollmentId, [
      ...(statusesOf.get(mark.enrollmentId) ?? []),
      mark.status as AttendanceStatus,
    ]);
  const withAttendance = learners.map((learner) => {
    const attended = attendedCount(countMarks(statusesOf.get(learner.id) ?? []));
    return { ...learner, attended, eligible: certificateEligible(attended, sessionsHeld) };
  });
  return {
    klass: { ...klass, firstDay, lastDay },
    over,
    sessionsHeld,
    learners: withAttendance,
    eligible: withAttendance.filter((learner) => learner.eligible),
  };
}

export type ClassCertificates = NonNullable<Awaited<ReturnType<typeof getClassCertificates>>>;
