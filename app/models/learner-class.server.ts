// What a learner sees of their class under "Khóa học của tôi" on /profile (issue 30): for each of
// their own enrolments (ownedByLearner) that holds a seat in a class, the meeting link from 24 h
// before the first session, the sessions held with what was covered and the homework, their OWN
// attendance (their enrolment's marks, never another learner's) and rate as the school counts it
// (ADR 048), and the class's
// materials, each opened through /materials/:id (which checks the seat again). A waitlisted or
// cancelled enrolment gets nothing of this. One query per kind for all the learner's classes.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  classAttendance,
  classLessons,
  classMaterials,
  courseClasses,
  courses,
  enrollments,
} from "~/db/schema";
import type { AttendanceStatus } from "~/lib/attendance";
import { type AttendanceMark, countedSessions, learnerAttendance } from "~/lib/attendance-report";
import { calendarDayInVietnam } from "~/lib/format";
import { type ClassMeetings, classMeetingDays, vietnamInstant } from "~/lib/trial-lesson";
import { holdsSeat } from "./class-seat.server";
import { type Learner, ownedByLearner } from "./learner-enrollment.server";

/** The meeting link shows this long before the class's first session begins. */
export const MEETING_LINK_HOURS_BEFORE = 24;
/** The sessions listed: the newest ones held, up to this many. */
export const LEARNER_SESSIONS_SHOWN = 12;

export interface LearnerSession {
  day: string;
  /** Its place in the class's schedule, 1 for the first session; null for a day off schedule. */
  number: number | null;
  covered: string;
  homework: string;
  /** The learner's own mark; null when none was given. */
  attendance: AttendanceStatus | null;
}

export interface LearnerClassMaterial {
  id: string;
  title: string;
  kind: "file" | "link";
  fileName: string | null;
  byteSize: number | null;
  href: string;
}

export interface LearnerAttendanceSummary {
  /** Sessions held (on or before today) the rate counts: marked present, late or absent. */
  counted: number;
  /** Of those, present or late. */
  attended: number;
  /** Sessions held marked excused: left out of the rate. */
  excused: number;
  /** attended ÷ counted, 0…1; null with none counted. */
  rate: number | null;
}

export interface LearnerClass {
  enrollmentId: string;
  classId: string;
  courseTitle: string;
  level: string;
  status: string;
  startsOn: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  /** Only from MEETING_LINK_HOURS_BEFORE before the first session, while the class is neither
   * finished nor cancelled, and once the school has set one; null otherwise. */
  meetingUrl: string | null;
  /** When the link will show, while that is still ahead; null once it is (or will never be). */
  meetingVisibleFrom: Date | null;
  /** Held sessions (today included) with a note or the learner's mark, newest first. */
  sessions: LearnerSession[];
  attendance: LearnerAttendanceSummary;
  materials: LearnerClassMaterial[];
}

/** Every session day of a class, from its first to its last (without an end: up to a year of
 * sessions), the rule of the teacher's workspace (sessionDaysOf) for a row of this query. */
function sessionDays(klass: ClassMeetings) {
  return classMeetingDays(klass, klass.startsOn, "9999-12-31").slice(0, 366);
}

/** When the meeting link becomes visible: MEETING_LINK_HOURS_BEFORE before the first session's
 * start (Vietnam time); undefined for a class without a session. */
export function meetingLinkVisibleFrom(klass: ClassMeetings & { startTime: string }): Date | undefined {
  const first = sessionDays(klass)[0];
  if (!first) return undefined;
  return new Date(vietnamInstant(first, klass.startTime).getTime() - MEETING_LINK_HOURS_BEFORE * 3_600_000);
}

/** The learner's own attendance as the school counts it (ADR 048, app/lib/attendance-report.ts):
 * the sessions held by `today`, present or late attended, excused left out of the rate. */
export function learnerAttendanceSummary(
  marks: readonly AttendanceMark[],
  today: string,
): LearnerAttendanceSummary {
  const { counts, attended, rate } = learnerAttendance(marks, today);
  return { counted: countedSessions(counts), attended, excused: counts.excused, rate };
}

/** The learner's classes, by their enrolment's id (only enrolments holding a seat in a class). */
export async function listLearnerClasses(
  db: Db,
  learner: Learner,
  now: Date = new Date(),
): Promise<Map<string, LearnerClass>> {
  if (!learner.emailVerified) return new Map();
  const seats = await db
    .select({
      enrollmentId: enrollments.id,
      classId: courseClasses.id,
      courseTitle: courses.title,
      level: courses.level,
      status: courseClasses.status,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      sessionCount: courseClasses.sessionCount,
      endsOn: courseClasses.endsOn,
      meetingUrl: courseClasses.meetingUrl,
    })
    .from(enrollments)
    .innerJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(and(ownedByLearner(learner, enrollments), holdsSeat, isNotNull(enrollments.classId)))
    .limit(100);
  if (seats.length === 0) return new Map();

  const classIds = [...new Set(seats.map((seat) => seat.classId))];
  const enrollmentIds = seats.map((seat) => seat.enrollmentId);
  const today = calendarDayInVietnam(now);
  const [lessons, marks, materials] = await Promise.all([
    db
      .select({
        classId: classLessons.classId,
        day: classLessons.day,
        covered: classLessons.covered,
        homework: classLessons.homework,
      })
      .from(classLessons)
      .where(inArray(classLessons.classId, classIds)),
    // The learner's own enrolments' marks only: another learner's never leave the database.
    db
      .select({
        enrollmentId: classAttendance.enrollmentId,
        classId: classAttendance.classId,
        day: classAttendance.day,
        status: classAttendance.status,
      })
      .from(classAttendance)
      .where(inArray(classAttendance.enrollmentId, enrollmentIds)),
    // Without the bytes: the list names them, /materials/:id serves them.
    db
      .select({
        id: classMaterials.id,
        classId: classMaterials.classId,
        title: classMaterials.title,
        url: classMaterials.url,
        fileName: classMaterials.fileName,
        byteSize: classMaterials.byteSize,
      })
      .from(classMaterials)
      .where(inArray(classMaterials.classId, classIds))
      .orderBy(asc(classMaterials.createdAt), asc(classMaterials.id)),
  ]);

  const classes = new Map<string, LearnerClass>();
  for (const seat of seats) {
    const days = sessionDays(seat);
    const visibleFrom = meetingLinkVisibleFrom(seat);
    const over = seat.status === "finished" || seat.status === "cancelled";
    const linkTime = visibleFrom !== undefined && now.getTime() >= visibleFrom.getTime();
    const own = marks.filter(
      (mark) => mark.enrollmentId === seat.enrollmentId && mark.classId === seat.classId && mark.day <= today,
    );
    const markOf = new Map(own.map((mark) => [mark.day, mark.status as AttendanceStatus]));
    const noteOf = new Map(
      lessons
        .filter(
          (lesson) =>
            lesson.classId === seat.classId &&
            lesson.day <= today &&
            (lesson.covered.trim() !== "" || lesson.homework.trim() !== ""),
        )
        .map((lesson) => [lesson.day, lesson]),
    );
    const sessions = [...new Set([...markOf.keys(), ...noteOf.keys()])]
      .sort()
      .reverse()
      .slice(0, LEARNER_SESSIONS_SHOWN)
      .map((day): LearnerSession => {
        const index = days.indexOf(day);
        return {
          day,
          number: index === -1 ? null : index + 1,
          covered: noteOf.get(day)?.covered ?? "",
          homework: noteOf.get(day)?.homework ?? "",
          attendance: markOf.get(day) ?? null,
        };
      });
    classes.set(seat.enrollmentId, {
      enrollmentId: seat.enrollmentId,
      classId: seat.classId,
      courseTitle: seat.courseTitle,
      level: seat.level,
      status: seat.status,
      startsOn: seat.startsOn,
      weekdays: seat.weekdays,
      startTime: seat.startTime,
      endTime: seat.endTime,
      meetingUrl: !over && linkTime && seat.meetingUrl.trim() !== "" ? seat.meetingUrl : null,
      meetingVisibleFrom: !over && visibleFrom && !linkTime ? visibleFrom : null,
      sessions,
      attendance: learnerAttendanceSummary(
        [...markOf].map(([day, status]) => ({ day, status })),
        today,
      ),
      materials: materials
        .filter((material) => material.classId === seat.classId)
        .map((material) => ({
          id: material.id,
          title: material.title,
          kind: material.url === null ? "file" : "link",
          fileName: material.fileName,
          byteSize: material.byteSize,
          href: `/materials/${material.id}`,
        })),
    });
  }
  return classes;
}
