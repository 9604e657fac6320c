// The free trial lesson in the admin (issue 29, ADR 046): the bookings with the person's placement
// test result beside them, marking who came, a note, the school's cancel, turning an attended
// trial into an enrolment, and the school's trial sessions. The learner's side (slots, booking,
// reminders) is trial-lesson.server.ts. Every write announces "trials": /trial's seats left and
// open admin pages follow it.
import { and, asc, count, desc, eq, gt, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { readPage } from "~/db/list-page.server";
import {
  courseClasses,
  courses,
  placementAttempts,
  teamMembers,
  trialBookings,
  trialSessions,
} from "~/db/schema";
import { defaultLanguage, isLanguage } from "~/i18n/language";
import { calendarDayInVietnam } from "~/lib/format";
import type { PlacementLevel, PlacementResult } from "~/lib/placement-test";
import {
  canConvertTrial,
  canMarkTrial,
  classMeetingDays,
  seatHoldingTrialStatuses,
  type TrialLevel,
  type TrialMark,
  type TrialStatus,
  trialClassStatuses,
  vietnamInstant,
} from "~/lib/trial-lesson";
import type { OutgoingMail } from "~/mail/outbox.server";
import {
  queueTrialChangeMails,
  trialCancelledMail,
  trialMovedMail,
} from "~/mail/templates/trial-change.server";
import type { enrollmentExperiences } from "~/schemas/domain";
import { phoneDigits } from "~/schemas/personal-data";
import {
  TRIALS_PAGE_SIZE,
  type TrialConvertInput,
  type TrialListQuery,
  type TrialSessionInput,
  type TrialWhen,
} from "~/schemas/trial-admin";
import { ClassSeatError, listEnrollableClasses, type Tx } from "./class-seat.server";
import { createEnrollment, listEnrollmentCourses } from "./enrollment.server";
import { personSearchCondition } from "./enrollment-admin.server";
import { getPaymentSettings } from "./payment-settings.server";
import { personMatch } from "./person-erasure.server";
import { getSchoolContact, schoolInboxAddress } from "./school-contact.server";

/* ---------------------------------------------------------------- the bookings list */

const listColumns = {
  id: trialBookings.id,
  startsAt: trialBookings.startsAt,
  endsAt: trialBookings.endsAt,
  fullName: trialBookings.fullName,
  phone: trialBookings.phone,
  email: trialBookings.email,
  level: sql<TrialLevel>`${trialBookings.level}`,
  source: trialBookings.source,
  status: sql<TrialStatus>`${trialBookings.status}`,
  note: trialBookings.note,
  enrollmentId: trialBookings.enrollmentId,
  sessionId: trialBookings.trialSessionId,
  sessionCancelled: trialSessions.cancelled,
  teacher: teamMembers.name,
  classId: trialBookings.classId,
  courseTitle: courses.title,
};

/** "upcoming": lessons not over yet (one under way is still marked from this list); "past":
 * those over. */
function whenCondition(when: TrialWhen, now: Date): SQL | undefined {
  if (when === "upcoming") return gt(trialBookings.endsAt, now);
  if (when === "past") return lte(trialBookings.endsAt, now);
  return undefined;
}

function listConditions(query: TrialListQuery, now: Date) {
  return and(
    whenCondition(query.when ?? "upcoming", now),
    query.status ? eq(trialBookings.status, query.status) : undefined,
    query.q ? personSearchCondition(trialBookings, query.q) : undefined,
  );
}

/** One page of bookings, each with its slot (a session and its teacher, or a class's course)
 * and the person's latest placement test result. Upcoming lessons soonest first; past ones
 * (and all) the latest first. */
export async function listTrialBookingsForAdmin(
  db: Db,
  query: TrialListQuery,
  options: { now?: Date; pageSize?: number } = {},
) {
  const now = options.now ?? new Date();
  const where = listConditions(query, now);
  const order =
    (query.when ?? "upcoming") === "upcoming"
      ? [asc(trialBookings.startsAt), asc(trialBookings.id)]
      : [desc(trialBookings.startsAt), desc(trialBookings.id)];
  const page = await readPage(
    db,
    { page: query.page, pageSize: options.pageSize ?? TRIALS_PAGE_SIZE },
    db
      .select(listColumns)
      .from(trialBookings)
      .leftJoin(trialSessions, eq(trialSessions.id, trialBookings.trialSessionId))
      .leftJoin(teamMembers, eq(teamMembers.id, trialSessions.teacherId))
      .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
      .leftJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(where)
      .orderBy(...order),
    { table: trialBookings, where },
  );
  const placement = await latestPlacementResults(db, page.rows);
  return { ...page, rows: page.rows.map((row, index) => ({ ...row, placement: placement[index] ?? null })) };
}

export type AdminTrialBooking = Awaited<ReturnType<typeof listTrialBookingsForAdmin>>["rows"][number];

/** The latest placement test result of each person (by their email or phone, the erasure's rule
 * personMatch), in one query for the whole page rather than one per row. */
async function latestPlacementResults(db: Db, people: readonly { email: string; phone: string }[]) {
  if (people.length === 0) return [];
  const attempts = await db
    .select({
      email: placementAttempts.email,
      phone: placementAttempts.phone,
      submittedAt: placementAttempts.submittedAt,
      reachedLevel: placementAttempts.reachedLevel,
      startLevel: placementAttempts.startLevel,
    })
    .from(placementAttempts)
    .where(
      and(
        isNotNull(placementAttempts.submittedAt),
        or(...people.map((person) => personMatch(person)(placementAttempts.email, placementAttempts.phone))),
      ),
    )
    .orderBy(desc(placementAttempts.submittedAt));
  // The same rule on this side: an email in any case, a phone by its digits (+84 as 0).
  return people.map((person) => {
    const email = person.email.toLowerCase();
    const phone = phoneDigits(person.phone);
    const attempt = attempts.find(
      (each) =>
        each.email?.toLowerCase() === email || (each.phone && phone && phoneDigits(each.phone) === phone),
    );
    return attempt
      ? {
          submittedAt: attempt.submittedAt!,
          reached: (attempt.reachedLevel as PlacementLevel | null) ?? null,
          startAt: attempt.startLevel as PlacementResult["startAt"],
        }
      : null;
  });
}

/** One booking as a dialog shows it (the note, the cancel, the conversion), or undefined. */
export async function getTrialBookingForAdmin(db: Db, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(trialBookings)
    .leftJoin(trialSessions, eq(trialSessions.id, trialBookings.trialSessionId))
    .leftJoin(teamMembers, eq(teamMembers.id, trialSessions.teacherId))
    .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
    .leftJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(eq(trialBookings.id, id));
  return row;
}

/* ---------------------------------------------------------------- a booking's changes */

export type TrialChange = "changed" | "not-found" | "not-allowed";

/** The booking's row, locked until the transaction ends: two admins' changes queue here. */
/** What a mail to the booking's learner needs (trial-change.server.ts). */
const learnerOfBooking = {
  id: trialBookings.id,
  fullName: trialBookings.fullName,
  email: trialBookings.email,
  language: trialBookings.language,
  startsAt: trialBookings.startsAt,
  endsAt: trialBookings.endsAt,
};

function learnerMail(row: {
  id: string;
  fullName: string;
  email: string;
  language: string;
  startsAt: Date;
  endsAt: Date;
}) {
  return { ...row, language: isLanguage(row.language) ? row.language : defaultLanguage };
}

async function lockBooking(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      status: sql<TrialStatus>`${trialBookings.status}`,
      enrollmentId: trialBookings.enrollmentId,
    })
    .from(trialBookings)
    .where(eq(trialBookings.id, id))
    .for("update");
  return row;
}

/** "Đã tham gia" / "Vắng mặt" after the lesson. Not for a cancelled booking (canMarkTrial), nor
 * for one already turned into an enrolment: that enrolment rests on its having been attended. */
export async function markTrialBooking(db: Db, id: string, mark: TrialMark): Promise<TrialChange> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, id);
    if (!row) return "not-found";
    if (!canMarkTrial(row.status) || row.enrollmentId !== null) return "not-allowed";
    if (row.status !== mark) {
      await tx
        .update(trialBookings)
        .set({ status: mark, updatedAt: new Date() })
        .where(eq(trialBookings.id, id));
      await notifyChange(tx, "trials");
    }
    return "changed";
  });
}

/** The school's note on a booking ("" clears it); false when the booking is gone. */
export async function saveTrialNote(db: Db, id: string, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(trialBookings)
      .set({ note, updatedAt: new Date() })
      .where(eq(trialBookings.id, id))
      .returning({ id: trialBookings.id });
    if (rows.length === 0) return false;
    await notifyChange(tx, "trials");
    return true;
  });
}

/** The school cancels a booking that is still booked: its seat is free again for /trial, and the
 * learner is told. */
export async function cancelTrialBooking(db: Db, id: string): Promise<TrialChange> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, id);
    if (!row) return "not-found";
    if (row.status !== "booked") return "not-allowed";
    const cancelled = await tx
      .update(trialBookings)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(trialBookings.id, id))
      .returning(learnerOfBooking);
    await queueTrialChangeMails(
      tx,
      cancelled.map((booking) => trialCancelledMail(learnerMail(booking))),
    );
    await notifyChange(tx, "trials");
    return "changed";
  });
}

/** A class's change reaches the trial learners booked into its coming sessions (ADR 046): a
 * lesson the class still holds (it still takes trial learners and meets that day) follows the
 * class's times, its learner told when it moved; one it no longer holds (cancelled, another
 * weekday, past its end) is cancelled, its learner told. Call it in the transaction that changed
 * the class, after the change. */
export async function followClassChange(tx: Tx, classId: string, now: Date = new Date()) {
  const bookings = await tx
    .select(learnerOfBooking)
    .from(trialBookings)
    .where(
      and(
        eq(trialBookings.classId, classId),
        eq(trialBookings.status, "booked"),
        gt(trialBookings.startsAt, now),
      ),
    );
  if (bookings.length === 0) return;
  const [klass] = await tx
    .select({
      status: courseClasses.status,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      sessionCount: courseClasses.sessionCount,
      endsOn: courseClasses.endsOn,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
    })
    .from(courseClasses)
    .where(eq(courseClasses.id, classId));
  const takesTrials = klass !== undefined && (trialClassStatuses as readonly string[]).includes(klass.status);
  const changedAt = new Date();
  const mails: OutgoingMail[] = [];
  for (const booking of bookings) {
    const day = calendarDayInVietnam(booking.startsAt);
    if (takesTrials && classMeetingDays(klass, day, day).includes(day)) {
      const startsAt = vietnamInstant(day, klass.startTime);
      const endsAt = vietnamInstant(day, klass.endTime);
      if (startsAt.getTime() === booking.startsAt.getTime() && endsAt.getTime() === booking.endsAt.getTime())
        continue;
      await tx
        .update(trialBookings)
        .set({ startsAt, endsAt, updatedAt: changedAt })
        .where(eq(trialBookings.id, booking.id));
      if (startsAt.getTime() !== booking.startsAt.getTime())
        mails.push(trialMovedMail({ ...learnerMail(booking), startsAt, endsAt, changedAt }));
    } else {
      await tx
        .update(trialBookings)
        .set({ status: "cancelled", updatedAt: changedAt })
        .where(eq(trialBookings.id, booking.id));
      mails.push(trialCancelledMail(learnerMail(booking)));
    }
  }
  await queueTrialChangeMails(tx, mails);
  await notifyChange(tx, "trials");
}

/* ---------------------------------------------------------------- "Đăng ký khóa học" */

/** What the conversion dialog offers: the open courses and the classes taking enrolments (the
 * same lists as /enroll's form), with what naming them needs. */
export async function listTrialConvertChoices(db: Db) {
  const [courseRows, classes] = await Promise.all([listEnrollmentCourses(db), listEnrollableClasses(db)]);
  return { courses: courseRows, classes };
}

export type TrialConvertChoiceLists = Awaited<ReturnType<typeof listTrialConvertChoices>>;

/** The level a learner gave when booking, as the enrolment's "Kinh nghiệm học tiếng Đức". */
const experienceOfLevel: Record<TrialLevel, (typeof enrollmentExperiences)[number]> = {
  beginner: "beginner",
  a1: "basic",
  a2: "basic",
  b1: "intermediate",
  b2: "advanced",
};

export type TrialConversion =
  | { status: "converted"; enrollmentId: string }
  | { status: "not-found" | "not-allowed" | "class-closed" };

/** Thrown inside the enrolment's transaction when the trial turned out to be converted (or no
 * longer attended) once its row was locked: the enrolment and its mails are undone. */
class TrialAlreadyConverted extends Error {}

/** Turns an attended trial into an enrolment through the one enrolment path (createEnrollment:
 * the first-course discount by its one rule, the class's seat or waitlist, the usual mails in the
 * booking's language), linking the trial to it in the same transaction. The trial's row is locked
 * there and checked again, so two admins clicking at once make one enrolment. */
export async function convertTrialBooking(
  db: Db,
  input: TrialConvertInput,
  choices: TrialConvertChoiceLists,
  config: Pick<AppLoadContext["config"], "SCHOOL_INBOX">,
): Promise<TrialConversion> {
  const [booking] = await db
    .select({
      status: sql<TrialStatus>`${trialBookings.status}`,
      enrollmentId: trialBookings.enrollmentId,
      fullName: trialBookings.fullName,
      phone: trialBookings.phone,
      email: trialBookings.email,
      level: sql<TrialLevel>`${trialBookings.level}`,
      language: trialBookings.language,
      userId: trialBookings.userId,
    })
    .from(trialBookings)
    .where(eq(trialBookings.id, input.id));
  if (!booking) return { status: "not-found" };
  if (!canConvertTrial(booking)) return { status: "not-allowed" };
  const course = choices.courses.find((entry) => entry.id === input.courseId);
  const klass = input.classId
    ? choices.classes.find((entry) => entry.id === input.classId && entry.courseId === input.courseId)
    : undefined;
  if (!course || (input.classId && !klass)) return { status: "class-closed" };
  const language = isLanguage(booking.language) ? booking.language : defaultLanguage;
  const [learnerCourses, school, payment] = await Promise.all([
    listEnrollmentCourses(db, language),
    getSchoolContact(db),
    getPaymentSettings(db),
  ]);
  try {
    const saved = await createEnrollment(
      db,
      {
        fullName: booking.fullName,
        phone: booking.phone,
        email: booking.email,
        course: course.id,
        classId: klass?.id,
        schedule: input.schedule,
        goals: undefined,
        experience: experienceOfLevel[booking.level],
      },
      {
        language,
        userAgent: null,
        userId: booking.userId,
        course: { ...course, learnerTitle: learnerCourses.find((entry) => entry.id === course.id)?.title },
        klass,
        school,
        schoolInbox: schoolInboxAddress(config, school),
        payment,
        onSaved: async (tx, enrollmentId) => {
          const locked = await lockBooking(tx, input.id);
          if (!locked || !canConvertTrial(locked)) throw new TrialAlreadyConverted();
          await tx
            .update(trialBookings)
            .set({ enrollmentId, updatedAt: new Date() })
            .where(eq(trialBookings.id, input.id));
          await notifyChange(tx, "trials");
        },
      },
    );
    return { status: "converted", enrollmentId: saved.id };
  } catch (error) {
    if (error instanceof TrialAlreadyConverted) return { status: "not-allowed" };
    // Closed, started or cancelled between the dialog and the class's lock.
    if (error instanceof ClassSeatError) return { status: "class-closed" };
    throw error;
  }
}

/* ---------------------------------------------------------------- the school's trial sessions */

const heldSeats = sql<number>`(select count(*)::int from ${trialBookings} b
  where b.trial_session_id = ${trialSessions.id}
    and b.status in (${sql.join(
      seatHoldingTrialStatuses.map((status) => sql`${status}`),
      sql`, `,
    )}))`;
const bookingCount = sql<number>`(select count(*)::int from ${trialBookings} b
  where b.trial_session_id = ${trialSessions.id})`;
const sessionEnd = sql`${trialSessions.startsAt} + make_interval(mins => ${trialSessions.durationMinutes}::int)`;

/** The sessions not over yet (soonest first) or those over (the latest first), with their seats
 * held and their bookings of any status (a session with bookings is cancelled, never deleted). */
/** A session as the admin's list and its dialogs show it (joined with its teacher). */
const sessionColumnsForAdmin = {
  id: trialSessions.id,
  startsAt: trialSessions.startsAt,
  durationMinutes: trialSessions.durationMinutes,
  teacherId: trialSessions.teacherId,
  teacher: teamMembers.name,
  capacity: trialSessions.capacity,
  meetingUrl: trialSessions.meetingUrl,
  cancelled: trialSessions.cancelled,
  held: heldSeats,
  bookings: bookingCount,
};

export async function listTrialSessionsForAdmin(
  db: Db,
  options: { when?: Exclude<TrialWhen, "all">; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const upcoming = (options.when ?? "upcoming") === "upcoming";
  return (
    db
      .select(sessionColumnsForAdmin)
      .from(trialSessions)
      .leftJoin(teamMembers, eq(teamMembers.id, trialSessions.teacherId))
      .where(
        upcoming
          ? sql`${sessionEnd} > ${now.toISOString()}::timestamptz`
          : sql`${sessionEnd} <= ${now.toISOString()}::timestamptz`,
      )
      .orderBy(
        ...(upcoming
          ? [asc(trialSessions.startsAt), asc(trialSessions.id)]
          : [desc(trialSessions.startsAt), desc(trialSessions.id)]),
      )
      // The past is read for a glance back, not searched: its latest sessions are enough.
      .limit(upcoming ? 500 : 100)
  );
}

export type AdminTrialSession = Awaited<ReturnType<typeof listTrialSessionsForAdmin>>[number];

export async function getTrialSessionForAdmin(db: Db, id: string) {
  const [row] = await db
    .select(sessionColumnsForAdmin)
    .from(trialSessions)
    .leftJoin(teamMembers, eq(teamMembers.id, trialSessions.teacherId))
    .where(eq(trialSessions.id, id));
  return row;
}

/** The team members a session can name as its teacher. */
export async function listTrialTeachers(db: Db) {
  return db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .orderBy(asc(teamMembers.order), asc(teamMembers.name));
}

/** The form's values as the row stores them: the day and time are Vietnam's. */
function sessionColumns(input: TrialSessionInput) {
  return {
    startsAt: vietnamInstant(input.day, input.time),
    durationMinutes: input.durationMinutes,
    teacherId: input.teacherId ?? null,
    capacity: input.capacity,
    meetingUrl: input.meetingUrl ?? "",
  };
}

export async function createTrialSession(db: Db, input: TrialSessionInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trialSessions)
      .values(sessionColumns(input))
      .returning({ id: trialSessions.id });
    await notifyChange(tx, "trials");
    return row!.id;
  });
}

/** Saves a session; false when it is gone. Its bookings keep its times (their reminder, the
 * learner's list and the seat counts read them): a session moved or lengthened moves them in the
 * same transaction. */
export async function updateTrialSession(db: Db, id: string, input: TrialSessionInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: trialSessions.id })
      .from(trialSessions)
      .where(eq(trialSessions.id, id))
      .for("update");
    if (!locked) return false;
    const columns = sessionColumns(input);
    await tx
      .update(trialSessions)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(trialSessions.id, id));
    const endsAt = new Date(columns.startsAt.getTime() + columns.durationMinutes * 60_000);
    const changedAt = new Date();
    const moved = await tx
      .update(trialBookings)
      .set({ startsAt: columns.startsAt, endsAt, updatedAt: changedAt })
      .where(
        and(
          eq(trialBookings.trialSessionId, id),
          // Only rows that differ: an unchanged time writes (and audits) nothing.
          sql`(${trialBookings.startsAt}, ${trialBookings.endsAt}) is distinct from (${columns.startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ ...learnerOfBooking, status: trialBookings.status });
    // The learners still coming are told the new time, with the lesson's calendar file again.
    await queueTrialChangeMails(
      tx,
      moved
        .filter((booking) => booking.status === "booked")
        .map((booking) => trialMovedMail({ ...learnerMail(booking), changedAt })),
    );
    await notifyChange(tx, "trials");
    return true;
  });
}

/** "Hủy buổi học": the session is no longer offered and its booked learners' bookings are
 * cancelled, each learner told (the attended and no-show ones of a past session stay as they are). */
export async function cancelTrialSession(db: Db, id: string): Promise<"cancelled" | "not-found"> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(trialSessions)
      .set({ cancelled: true, updatedAt: new Date() })
      .where(eq(trialSessions.id, id))
      .returning({ id: trialSessions.id });
    if (rows.length === 0) return "not-found";
    const cancelled = await tx
      .update(trialBookings)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(trialBookings.trialSessionId, id), eq(trialBookings.status, "booked")))
      .returning(learnerOfBooking);
    // Each learner who was coming is told.
    await queueTrialChangeMails(
      tx,
      cancelled.map((booking) => trialCancelledMail(learnerMail(booking))),
    );
    await notifyChange(tx, "trials");
    return "cancelled";
  });
}

/** Deletes a session nobody booked. One with bookings (of any status: they are the school's
 * record of who came) is refused: it is cancelled instead. */
export async function deleteTrialSession(
  db: Db,
  id: string,
): Promise<"deleted" | "not-found" | "has-bookings"> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: trialSessions.id })
      .from(trialSessions)
      .where(eq(trialSessions.id, id))
      .for("update");
    if (!locked) return "not-found";
    // A booking made meanwhile locks the session first (bookTrial), so this count stands.
    const [booked] = await tx
      .select({ n: count() })
      .from(trialBookings)
      .where(eq(trialBookings.trialSessionId, id));
    if ((booked?.n ?? 0) > 0) return "has-bookings";
    await tx.delete(trialSessions).where(eq(trialSessions.id, id));
    await notifyChange(tx, "trials");
    return "deleted";
  });
}
