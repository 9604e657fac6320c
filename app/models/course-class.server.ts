// Classes of a course as the admin keeps them (ADR 026): list, dialog, delete (refused once people
// enrolled), cancellation (mails its learners). The roster and the class mail are in
// class-roster.server.ts. Writes announce "classes".
import { and, asc, count, desc, eq, ilike, notInArray, or, type SQL, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments, teamMembers, trialBookings } from "~/db/schema";
import type { TranslationLanguage } from "~/lib/content-language";
import { queueClassCancelledMail } from "~/mail/templates/class-mail.server";
import type { ClassListQuery, ClassNoteTranslationInput, CourseClassInput } from "~/schemas/course-class";
import { getMailedClass, learnersToMail } from "./class-roster.server";
import { releaseSeat, type Tx } from "./class-seat.server";
import { withTranslation } from "./content-translation.server";
import { followClassChange } from "./trial-admin.server";

/** The row's class's enrolments not cancelled, seated or waiting. Its id names its table: drizzle
 * leaves a one-table query's columns bare, and a bare "id" here is the enrolment's. */
const classIdColumn = sql`${sql.identifier("course_classes")}.${sql.identifier("id")}`;
const countOfClass = (waiting: "is null" | "is not null") =>
  sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.classId} = ${classIdColumn}
    and ${enrollments.status} <> 'cancelled' and ${enrollments.waitlistRank} ${sql.raw(waiting)})`;
const seatsTaken = countOfClass("is null");
const waitlistLength = countOfClass("is not null");

const listColumns = {
  id: courseClasses.id,
  courseId: courseClasses.courseId,
  courseLevel: courses.level,
  courseTitle: courses.title,
  startsOn: courseClasses.startsOn,
  sessionCount: courseClasses.sessionCount,
  endsOn: courseClasses.endsOn,
  weekdays: courseClasses.weekdays,
  startTime: courseClasses.startTime,
  endTime: courseClasses.endTime,
  teacherId: courseClasses.teacherId,
  teacherName: teamMembers.name,
  capacity: courseClasses.capacity,
  meetingUrl: courseClasses.meetingUrl,
  note: courseClasses.note,
  translations: courseClasses.translations,
  status: courseClasses.status,
  seatsTaken,
  waitlistLength,
};

function listFilter(query: Partial<ClassListQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.course ? eq(courseClasses.courseId, query.course) : undefined,
    query.status ? eq(courseClasses.status, query.status) : undefined,
  ];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(courses.title, pattern), ilike(teamMembers.name, pattern), ilike(courseClasses.note, pattern)),
    );
  }
  return and(...conditions);
}

export const selectClasses = (db: Db) =>
  db
    .select(listColumns)
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .leftJoin(teamMembers, eq(teamMembers.id, courseClasses.teacherId));

/** The admin list: the newest start first, with the seats taken and the waitlist's length. */
export async function listClassesForAdmin(db: Db, query: Partial<ClassListQuery> = {}) {
  return selectClasses(db)
    .where(listFilter(query))
    .orderBy(desc(courseClasses.startsOn), asc(courseClasses.startTime), asc(courseClasses.id));
}

export type AdminClass = Awaited<ReturnType<typeof listClassesForAdmin>>[number];

export async function getClassForAdmin(db: Db, id: string): Promise<AdminClass | undefined> {
  const [row] = await selectClasses(db).where(eq(courseClasses.id, id)).limit(1);
  return row;
}

/** What the form and the filter offer: every course (a closed one may still run a class) and
 * the team members who teach. */
export async function listClassFormChoices(db: Db) {
  const [courseRows, teacherRows] = await Promise.all([
    db
      .select({ id: courses.id, level: courses.level, title: courses.title, active: courses.active })
      .from(courses)
      .orderBy(asc(courses.level), asc(courses.title)),
    db
      .select({ id: teamMembers.id, name: teamMembers.name })
      .from(teamMembers)
      .orderBy(asc(teamMembers.order), asc(teamMembers.name)),
  ]);
  return { courses: courseRows, teachers: teacherRows };
}

/** The form's values as the row stores them: an optional field left empty is null or "". */
function columnsOf(input: CourseClassInput) {
  const { sessionCount, endsOn, teacherId, meetingUrl, note } = input;
  const empty = { sessionCount: sessionCount ?? null, endsOn: endsOn ?? null, teacherId: teacherId ?? null };
  return { ...input, ...empty, meetingUrl: meetingUrl ?? "", note: note ?? "" };
}

export async function createClass(db: Db, input: CourseClassInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(courseClasses).values(columnsOf(input)).returning({ id: courseClasses.id });
    if (input.status === "cancelled") await notifyLearners(tx, row!.id);
    await notifyChange(tx, "classes");
    return row!.id;
  });
}

/** false when the class is gone; the capacity's error when below the seats held. Cancelling queues
 * the learners' mails in the same transaction: the class is cancelled and they are told, or neither. */
export async function updateClass(db: Db, id: string, input: CourseClassInput) {
  return db.transaction(async (tx) => {
    // The row lock queues this edit behind an enrolment into the class (and the reverse).
    const [before] = await tx
      .select({ status: courseClasses.status, seatsTaken, waitlistLength })
      .from(courseClasses)
      .where(eq(courseClasses.id, id))
      .for("update");
    if (!before) return false;
    if (input.capacity < before.seatsTaken)
      return { fieldErrors: { capacity: ["admin-classes:validation.capacityBelowSeats"] } };
    const status = seatStatus(input.status, input.capacity, before);
    await tx
      .update(courseClasses)
      .set({ ...columnsOf(input), status })
      .where(eq(courseClasses.id, id));
    if (status === "cancelled" && before.status !== "cancelled") await notifyLearners(tx, id);
    // A raised capacity frees seats: the waitlist gets them in order, with their offer mails.
    if (before.waitlistLength > 0 && input.capacity > before.seatsTaken) await releaseSeat(tx, id);
    // Trial learners booked into its coming sessions follow its new times, or are told it is off.
    await followClassChange(tx, id);
    await notifyChange(tx, "classes");
    return true;
  });
}

/** The shared rule between open and full, kept when the admin changes the capacity: no seat left
 * is full; a seat left with nobody waiting is open. With people waiting, the admin's choice stands
 * (a freed seat goes to the waitlist through its offer). */
function seatStatus(chosen: string, capacity: number, held: { seatsTaken: number; waitlistLength: number }) {
  if (chosen !== "open" && chosen !== "full") return chosen;
  if (held.seatsTaken >= capacity) return "full";
  return held.waitlistLength === 0 ? "open" : chosen;
}

/** A cancellation reaches the seat holders and the waitlist. One query at a time: a transaction
 * is one connection, and pg refuses overlapping queries on one from its next major version. */
async function notifyLearners(tx: Tx, classId: string) {
  const learners = await learnersToMail(tx, classId, "seats-and-waitlist");
  const courseClass = await getMailedClass(tx, classId);
  for (const learner of learners) await queueClassCancelledMail(tx, { learner, courseClass: courseClass! });
}

/** ADR 026: a class people enrolled into (even cancelled enrolments, which keep their history), or
 * booked a trial lesson in, cannot be deleted, only cancelled. The database refuses it too (restrict); the row lock makes
 * the count and the delete one step against a concurrent enrolment. */
export async function deleteClass(
  db: Db,
  id: string,
): Promise<"deleted" | "not-found" | "has-enrolments" | "has-trials"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: courseClasses.id })
      .from(courseClasses)
      .where(eq(courseClasses.id, id))
      .for("update");
    if (!row) return "not-found";
    const [held] = await tx.select({ total: count() }).from(enrollments).where(eq(enrollments.classId, id));
    if ((held?.total ?? 0) > 0) return "has-enrolments";
    // Trial lessons booked in its sessions are people's records too (ADR 046).
    const [trials] = await tx
      .select({ total: count() })
      .from(trialBookings)
      .where(eq(trialBookings.classId, id));
    if ((trials?.total ?? 0) > 0) return "has-trials";
    await tx.delete(courseClasses).where(eq(courseClasses.id, id));
    await notifyChange(tx, "classes");
    return "deleted";
  });
}

/** Every class as a filter's choice (the students list): the newest start first. */
export async function listClassChoices(db: Db) {
  return db
    .select({
      id: courseClasses.id,
      courseLevel: courses.level,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .orderBy(desc(courseClasses.startsOn), asc(courseClasses.id));
}

export type ClassChoice = Awaited<ReturnType<typeof listClassChoices>>[number];

/** Analytics: each class not finished or cancelled, with its seats taken of its capacity and its
 * waitlist, the soonest start first. */
export async function listClassFillRates(db: Db) {
  return db
    .select({
      id: courseClasses.id,
      courseLevel: courses.level,
      courseTitle: courses.title,
      startsOn: courseClasses.startsOn,
      capacity: courseClasses.capacity,
      seatsTaken,
      waitlistLength,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(notInArray(courseClasses.status, ["finished", "cancelled"]))
    .orderBy(asc(courseClasses.startsOn), asc(courseClasses.id));
}

/** Saves the English or German version of a class's note: only that language's part of
 * `translations` (ADR 032), never the Vietnamese note or any other column. false when the class
 * no longer exists. */
export async function saveClassNoteTranslation(
  db: Db,
  id: string,
  language: TranslationLanguage,
  version: Omit<ClassNoteTranslationInput, "language">,
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(courseClasses)
      .set({ translations: withTranslation(courseClasses.translations, language, version) })
      .where(eq(courseClasses.id, id))
      .returning({ id: courseClasses.id });
    await notifyChange(tx, "classes");
    return updated.length > 0;
  });
}
