// A teacher's classes (issue 30, "Lớp của tôi"): which classes a member of staff may open there
// (their own as the class's teacher; an admin every class), and a session's attendance and note.
// Writes announce "classes" for the workspace's pages; nothing public changes.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { classAttendance, classLessons, courseClasses, enrollments, teamMembers } from "~/db/schema";
import type { AttendanceStatus } from "~/lib/attendance";
import { can } from "~/lib/permissions";
import { classMeetingDays } from "~/lib/trial-lesson";
import type { AttendanceInput, LessonNoteInput } from "~/schemas/class-workspace";
import type { UserRole } from "~/schemas/domain";
import { holdsSeat } from "./class-seat.server";
import { selectClasses } from "./course-class.server";

export interface WorkspaceViewer {
  id: string;
  role: UserRole;
}

/** The team members the account is (a teacher's: one), as a subquery. */
export function membersOf(viewer: WorkspaceViewer) {
  return sql`(select ${teamMembers.id} from ${teamMembers} where ${teamMembers.userId} = ${viewer.id})`;
}

/** The classes a person may open in the workspace: with "classes" (an admin) every class, else
 * those whose teacher is the team member linked to their account. */
function whoseClasses(viewer: WorkspaceViewer) {
  if (can(viewer.role, "classes")) return undefined;
  return inArray(courseClasses.teacherId, membersOf(viewer));
}

/** "Lớp của tôi": running and coming classes first (by start), then the finished ones. */
export async function listWorkspaceClasses(db: Db, viewer: WorkspaceViewer) {
  return selectClasses(db)
    .where(whoseClasses(viewer))
    .orderBy(
      sql`${courseClasses.status} in ('finished', 'cancelled')`,
      asc(courseClasses.startsOn),
      asc(courseClasses.startTime),
    );
}

/** One class, if the person may open it; undefined otherwise (the page answers 404: whether
 * another teacher's class exists is not told). */
export async function getWorkspaceClass(db: Db, viewer: WorkspaceViewer, classId: string) {
  const [row] = await selectClasses(db)
    .where(and(eq(courseClasses.id, classId), whoseClasses(viewer)))
    .limit(1);
  return row;
}

export type WorkspaceClass = NonNullable<Awaited<ReturnType<typeof getWorkspaceClass>>>;

/** Every session day of the class, from its first to its last (a class without an end: up to
 * a year of sessions). */
export function sessionDaysOf(klass: WorkspaceClass) {
  return classMeetingDays(klass, klass.startsOn, "9999-12-31").slice(0, 366);
}

/** The class's learners with a seat (the waitlist does not come), with their contact details. */
export async function listClassLearners(db: Db, classId: string) {
  return db
    .select({
      id: enrollments.id,
      fullName: enrollments.fullName,
      email: enrollments.email,
      phone: enrollments.phone,
    })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), holdsSeat))
    .orderBy(asc(enrollments.fullName), asc(enrollments.id));
}

/** A session as recorded: each learner's mark and the note. */
export async function getSessionRecord(db: Db, classId: string, day: string) {
  const [marks, notes] = await Promise.all([
    db
      .select({ enrollmentId: classAttendance.enrollmentId, status: classAttendance.status })
      .from(classAttendance)
      .where(and(eq(classAttendance.classId, classId), eq(classAttendance.day, day))),
    db
      .select({ covered: classLessons.covered, homework: classLessons.homework })
      .from(classLessons)
      .where(and(eq(classLessons.classId, classId), eq(classLessons.day, day))),
  ]);
  return {
    marks: Object.fromEntries(marks.map((mark) => [mark.enrollmentId, mark.status as AttendanceStatus])),
    note: notes[0] ?? { covered: "", homework: "" },
  };
}

/** The days of the class whose attendance was taken (the session list's ticks). */
export async function daysWithAttendance(db: Db, classId: string) {
  const rows = await db
    .selectDistinct({ day: classAttendance.day })
    .from(classAttendance)
    .where(eq(classAttendance.classId, classId));
  return rows.map((row) => row.day);
}

export type SessionWriteOutcome = "saved" | "not-a-session";

/** Saves a session's attendance: the marks given replace that session's marks of the same
 * learners; marks for enrolments that hold no seat in this class are ignored. A day the class
 * does not meet is refused. */
export async function saveAttendance(
  db: Db,
  klass: WorkspaceClass,
  input: AttendanceInput,
): Promise<SessionWriteOutcome> {
  if (!sessionDaysOf(klass).includes(input.day)) return "not-a-session";
  const wanted = Object.entries(input.mark);
  await db.transaction(async (tx) => {
    const seated =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: enrollments.id })
            .from(enrollments)
            .where(
              and(
                eq(enrollments.classId, klass.id),
                holdsSeat,
                inArray(
                  enrollments.id,
                  wanted.map(([id]) => id),
                ),
              ),
            );
    const ids = new Set(seated.map((row) => row.id));
    const rows = wanted
      .filter(([id]) => ids.has(id))
      .map(([enrollmentId, status]) => ({ classId: klass.id, enrollmentId, day: input.day, status }));
    if (rows.length > 0)
      await tx
        .insert(classAttendance)
        .values(rows)
        .onConflictDoUpdate({
          target: [classAttendance.enrollmentId, classAttendance.day],
          set: { status: sql`excluded.status`, updatedAt: sql`now()` },
          setWhere: sql`${classAttendance.status} is distinct from excluded.status`,
        });
    await notifyChange(tx, "classes");
  });
  return "saved";
}

/** Saves what a session covered and its homework. */
export async function saveLessonNote(
  db: Db,
  klass: WorkspaceClass,
  input: LessonNoteInput,
): Promise<SessionWriteOutcome> {
  if (!sessionDaysOf(klass).includes(input.day)) return "not-a-session";
  await db.transaction(async (tx) => {
    await tx
      .insert(classLessons)
      .values({ classId: klass.id, day: input.day, covered: input.covered, homework: input.homework })
      .onConflictDoUpdate({
        target: [classLessons.classId, classLessons.day],
        set: { covered: input.covered, homework: input.homework, updatedAt: sql`now()` },
      });
    await notifyChange(tx, "classes");
  });
  return "saved";
}

/** Whether the account is linked to a team member (a teacher without one has no classes yet). */
export async function teamMemberOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row;
}
