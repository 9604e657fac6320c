// The free trial lesson (issue 29, ADR 046), the learner's side: the time slots /trial offers,
// booking one (race-free: the slot's row is locked while its seats are counted), the learner's own
// bookings on /profile. The reminder two hours before is trial-reminder.server.ts's.
import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import {
  courseClasses,
  courses,
  schoolSettings,
  teamMembers,
  trialBookings,
  trialSessions,
} from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import {
  classMeetingDays,
  offersClassSessions,
  offersTrialSessions,
  parseTrialSlotKey,
  seatHoldingTrialStatuses,
  TRIAL_BOOKING_CLOSES_MINUTES,
  TRIAL_DAYS_AHEAD,
  type TrialOffer,
  type TrialSlotRef,
  type TrialStatus,
  trialClassStatuses,
  trialOffers,
  trialSlotKey,
  vietnamInstant,
} from "~/lib/trial-lesson";
import { enqueueMails } from "~/mail/outbox.server";
import { queueTrialBookingMails, trialCancelledByLearnerMail } from "~/mail/templates/trial-booking.server";
import { type TrialBookingInput, trialBookingSchema } from "~/schemas/trial-booking";
import type { Tx } from "./class-seat.server";
import { isCourseOpen } from "./course-query.server";
import { type Learner, ownedByLearner } from "./learner-enrollment.server";
import {
  type SavedSubmission,
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact, schoolInboxAddress } from "./school-contact.server";

/* ---------------------------------------------------------------- settings */

export interface TrialSettings {
  offer: TrialOffer;
  /** Trial learners one session of a real class takes. */
  classSeats: number;
}

export const defaultTrialSettings: TrialSettings = { offer: "sessions", classSeats: 2 };

export async function getTrialSettings(db: Pick<Db, "select">): Promise<TrialSettings> {
  const [row] = await db
    .select({ offer: schoolSettings.trialOffer, classSeats: schoolSettings.trialClassSeats })
    .from(schoolSettings)
    .limit(1);
  if (!row) return defaultTrialSettings;
  const offer = (trialOffers as readonly string[]).includes(row.offer)
    ? (row.offer as TrialOffer)
    : "sessions";
  return { offer, classSeats: row.classSeats };
}

export async function updateTrialSettings(db: Db, settings: TrialSettings) {
  await db.transaction(async (tx) => {
    const values = { trialOffer: settings.offer, trialClassSeats: settings.classSeats };
    await tx
      .insert(schoolSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: schoolSettings.id, set: { ...values, updatedAt: new Date() } });
    await notifyChange(tx, "trials");
  });
}

/* ---------------------------------------------------------------- slots */

/** A time a learner can book, as /trial lists it. No meeting link: the page is public. */
export interface TrialSlot {
  key: string;
  kind: TrialSlotRef["kind"];
  startsAt: Date;
  endsAt: Date;
  seatsLeft: number;
  /** The teacher's name, when the school named one. */
  teacher: string | null;
  /** A class session: its course's level and title. */
  level: string | null;
  courseTitle: string | null;
}

const seatHolding = inArray(trialBookings.status, [...seatHoldingTrialStatuses]);

/** The window a slot must start in to be booked at `now`: from an hour ahead to three weeks. */
function bookingWindow(now: Date) {
  return {
    from: new Date(now.getTime() + TRIAL_BOOKING_CLOSES_MINUTES * 60_000),
    to: new Date(now.getTime() + TRIAL_DAYS_AHEAD * 86_400_000),
  };
}

/** The slots open for booking at `now`, soonest first, with their seats left (full ones too: the
 * page shows them as full). */
export async function listTrialSlots(
  db: Db,
  options: { now?: Date; settings?: TrialSettings } = {},
): Promise<TrialSlot[]> {
  const now = options.now ?? new Date();
  const settings = options.settings ?? (await getTrialSettings(db));
  const window = bookingWindow(now);
  const [sessionSlots, classSlots] = await Promise.all([
    offersTrialSessions(settings.offer) ? listSessionSlots(db, window) : [],
    offersClassSessions(settings.offer) ? listClassSlots(db, window, settings.classSeats) : [],
  ]);
  return [...sessionSlots, ...classSlots].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.key.localeCompare(b.key),
  );
}

async function listSessionSlots(db: Db, window: { from: Date; to: Date }): Promise<TrialSlot[]> {
  const rows = await db
    .select({
      id: trialSessions.id,
      startsAt: trialSessions.startsAt,
      durationMinutes: trialSessions.durationMinutes,
      capacity: trialSessions.capacity,
      teacher: teamMembers.name,
      held: sql<number>`(select count(*)::int from ${trialBookings} b
        where b.trial_session_id = ${trialSessions.id} and b.status in ('booked', 'attended', 'no-show'))`,
    })
    .from(trialSessions)
    .leftJoin(teamMembers, eq(teamMembers.id, trialSessions.teacherId))
    .where(
      and(
        eq(trialSessions.cancelled, false),
        gt(trialSessions.startsAt, window.from),
        lt(trialSessions.startsAt, window.to),
      ),
    )
    .orderBy(asc(trialSessions.startsAt));
  return rows.map((row) => ({
    key: trialSlotKey({ kind: "session", sessionId: row.id }),
    kind: "session",
    startsAt: row.startsAt,
    endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
    seatsLeft: Math.max(0, row.capacity - row.held),
    teacher: row.teacher,
    level: null,
    courseTitle: null,
  }));
}

async function listClassSlots(
  db: Db,
  window: { from: Date; to: Date },
  classSeats: number,
): Promise<TrialSlot[]> {
  const classes = await db
    .select({
      id: courseClasses.id,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      sessionCount: courseClasses.sessionCount,
      endsOn: courseClasses.endsOn,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      level: courses.level,
      courseTitle: courses.title,
      teacher: teamMembers.name,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .leftJoin(teamMembers, eq(teamMembers.id, courseClasses.teacherId))
    .where(and(isCourseOpen, inArray(courseClasses.status, [...trialClassStatuses])));
  if (classes.length === 0) return [];
  const held = await db
    .select({
      classId: trialBookings.classId,
      startsAt: trialBookings.startsAt,
      count: sql<number>`count(*)::int`,
    })
    .from(trialBookings)
    .where(
      and(
        inArray(
          trialBookings.classId,
          classes.map((klass) => klass.id),
        ),
        seatHolding,
        gt(trialBookings.startsAt, window.from),
      ),
    )
    .groupBy(trialBookings.classId, trialBookings.startsAt);
  const heldAt = new Map(held.map((row) => [`${row.classId}:${row.startsAt.getTime()}`, row.count]));
  const from = calendarDayInVietnam(window.from);
  const to = calendarDayInVietnam(window.to);
  return classes.flatMap((klass) =>
    classMeetingDays(klass, from, to).flatMap((day): TrialSlot[] => {
      const startsAt = vietnamInstant(day, klass.startTime);
      if (startsAt <= window.from || startsAt >= window.to) return [];
      return [
        {
          key: trialSlotKey({ kind: "class", classId: klass.id, day }),
          kind: "class",
          startsAt,
          endsAt: vietnamInstant(day, klass.endTime),
          seatsLeft: Math.max(0, classSeats - (heldAt.get(`${klass.id}:${startsAt.getTime()}`) ?? 0)),
          teacher: klass.teacher,
          level: klass.level,
          courseTitle: klass.courseTitle,
        },
      ];
    }),
  );
}

/* ---------------------------------------------------------------- booking */

export class TrialSlotError extends Error {
  constructor(readonly problem: "gone" | "full" | "already-booked") {
    super(`trial slot: ${problem}`);
  }
}

/** The one server path of a trial booking (page action and JSON API alike). */
export async function submitTrialBooking(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  const [settings, school] = await Promise.all([getTrialSettings(context.db), getSchoolContact(context.db)]);
  const slots = await listTrialSlots(context.db, { settings });
  try {
    return await submitPublicForm(context, input, {
      form: "trial",
      formToken: meta.formToken,
      // A full lesson is still one the page offers: its lock says "vừa hết chỗ" (409), which tells
      // the learner more than "không còn nhận đăng ký".
      schema: trialBookingSchema(slots.map((slot) => slot.key)),
      save: (values) =>
        bookTrial(context.db, values, {
          ...meta,
          settings,
          school,
          schoolInbox: schoolInboxAddress(context.config, school),
        }),
    });
  } catch (error) {
    if (error instanceof TrialSlotError) {
      return {
        status: "conflict",
        message: error.problem === "already-booked" ? "trial:errors.alreadyBooked" : "trial:errors.slotFull",
      };
    }
    throw error;
  }
}

interface LockedSlot {
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  held: number;
  teacher: string | null;
  courseTitle: string | null;
}

/** The slot's row locked until the transaction ends (the session, or the class: the queue its
 * bookings wait in), and its seats held counted after the lock. Throws when it is gone. */
async function lockSlot(tx: Tx, slot: TrialSlotRef, settings: TrialSettings, now: Date): Promise<LockedSlot> {
  const window = bookingWindow(now);
  if (slot.kind === "session") {
    const [row] = await tx
      .select({
        startsAt: trialSessions.startsAt,
        durationMinutes: trialSessions.durationMinutes,
        capacity: trialSessions.capacity,
        cancelled: trialSessions.cancelled,
        teacherId: trialSessions.teacherId,
      })
      .from(trialSessions)
      .where(eq(trialSessions.id, slot.sessionId))
      .for("update");
    if (!row || row.cancelled || !offersTrialSessions(settings.offer)) throw new TrialSlotError("gone");
    if (row.startsAt <= window.from || row.startsAt >= window.to) throw new TrialSlotError("gone");
    const [counted] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(trialBookings)
      .where(and(eq(trialBookings.trialSessionId, slot.sessionId), seatHolding));
    const teacher = row.teacherId
      ? ((
          await tx
            .select({ name: teamMembers.name })
            .from(teamMembers)
            .where(eq(teamMembers.id, row.teacherId))
        )[0]?.name ?? null)
      : null;
    return {
      startsAt: row.startsAt,
      endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
      capacity: row.capacity,
      held: counted?.held ?? 0,
      teacher,
      courseTitle: null,
    };
  }
  const [row] = await tx
    .select({
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      sessionCount: courseClasses.sessionCount,
      endsOn: courseClasses.endsOn,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      status: courseClasses.status,
      courseId: courseClasses.courseId,
      teacherId: courseClasses.teacherId,
    })
    .from(courseClasses)
    .where(eq(courseClasses.id, slot.classId))
    .for("update");
  if (!row || !offersClassSessions(settings.offer)) throw new TrialSlotError("gone");
  if (!(trialClassStatuses as readonly string[]).includes(row.status)) throw new TrialSlotError("gone");
  if (!classMeetingDays(row, slot.day, slot.day).includes(slot.day)) throw new TrialSlotError("gone");
  const startsAt = vietnamInstant(slot.day, row.startTime);
  if (startsAt <= window.from || startsAt >= window.to) throw new TrialSlotError("gone");
  // One query at a time: a transaction is one connection (pg refuses overlapping queries on one
  // from its next major version).
  const [course] = await tx
    .select({ title: courses.title, open: sql<boolean>`${isCourseOpen}`, teacher: teamMembers.name })
    .from(courses)
    .leftJoin(teamMembers, eq(teamMembers.id, sql`${row.teacherId}::uuid`))
    .where(eq(courses.id, row.courseId));
  if (!course?.open) throw new TrialSlotError("gone");
  const [counted] = await tx
    .select({ held: sql<number>`count(*)::int` })
    .from(trialBookings)
    .where(and(eq(trialBookings.classId, slot.classId), eq(trialBookings.startsAt, startsAt), seatHolding));
  return {
    startsAt,
    endsAt: vietnamInstant(slot.day, row.endTime),
    capacity: settings.classSeats,
    held: counted?.held ?? 0,
    teacher: course.teacher ?? null,
    courseTitle: course.title,
  };
}

/** Books the slot for the learner and queues the confirmation (with the lesson as an .ics) and
 * the school's notice, atomically. Throws TrialSlotError when the slot is gone or full, or the
 * same address already holds a seat in it. */
export async function bookTrial(
  db: Db,
  values: TrialBookingInput,
  context: SubmissionMeta & {
    settings: TrialSettings;
    school: SchoolContact;
    schoolInbox: string;
    now?: Date;
  },
): Promise<SavedSubmission> {
  const slot = parseTrialSlotKey(values.slot);
  if (!slot) throw new TrialSlotError("gone");
  return db.transaction(async (tx) => {
    const locked = await lockSlot(tx, slot, context.settings, context.now ?? new Date());
    if (locked.held >= locked.capacity) throw new TrialSlotError("full");
    const [same] = await tx
      .select({ id: trialBookings.id })
      .from(trialBookings)
      .where(
        and(
          slot.kind === "session"
            ? eq(trialBookings.trialSessionId, slot.sessionId)
            : and(eq(trialBookings.classId, slot.classId), eq(trialBookings.startsAt, locked.startsAt)),
          eq(trialBookings.status, "booked"),
          sql`lower(${trialBookings.email}) = ${values.email.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (same) throw new TrialSlotError("already-booked");
    const [row] = await tx
      .insert(trialBookings)
      .values({
        trialSessionId: slot.kind === "session" ? slot.sessionId : null,
        classId: slot.kind === "class" ? slot.classId : null,
        startsAt: locked.startsAt,
        endsAt: locked.endsAt,
        fullName: values.fullName,
        phone: values.phone,
        email: values.email,
        level: values.level,
        language: context.language,
        source: values.source,
        userId: context.userId,
      })
      .returning({ id: trialBookings.id, createdAt: trialBookings.createdAt });
    await queueTrialBookingMails(
      tx,
      {
        id: row!.id,
        fullName: values.fullName,
        email: values.email,
        phone: values.phone,
        level: values.level,
        source: values.source,
        startsAt: locked.startsAt,
        endsAt: locked.endsAt,
        teacher: locked.teacher,
        courseTitle: locked.courseTitle,
        language: context.language,
        bookedAt: row!.createdAt,
        school: context.school,
        schoolInbox: context.schoolInbox,
      },
      ["trials"],
    );
    return {
      id: row!.id,
      details: { startsAt: locked.startsAt.toISOString(), endsAt: locked.endsAt.toISOString() },
    };
  });
}

/* ---------------------------------------------------------------- the learner's own bookings */

/** The learner's bookings: made while signed in, or under their proven address (as their
 * enrolments, ADR 026). */
const ownedBy = (learner: Learner) => ownedByLearner(learner, trialBookings);

/** "Khóa học của tôi"'s trial lessons, newest first; nothing while the address is unproven. */
export async function listLearnerTrials(db: Db, learner: Learner) {
  if (!learner.emailVerified) return [];
  return db
    .select({
      id: trialBookings.id,
      startsAt: trialBookings.startsAt,
      endsAt: trialBookings.endsAt,
      status: sql<TrialStatus>`${trialBookings.status}`,
      courseTitle: courses.title,
      enrollmentId: trialBookings.enrollmentId,
    })
    .from(trialBookings)
    .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
    .leftJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(ownedBy(learner))
    .orderBy(desc(trialBookings.startsAt), desc(trialBookings.id))
    .limit(50);
}

export type LearnerTrial = Awaited<ReturnType<typeof listLearnerTrials>>[number];

/** The learner cancels a booking of theirs that is still ahead: its seat frees and the school is
 * told. Someone else's booking is "not-found"; `db` should be scoped to the learner (the audit log
 * names them). */
export async function cancelLearnerTrial(
  db: Db,
  learner: Learner,
  bookingId: string,
  schoolInbox: string,
  now: Date = new Date(),
): Promise<"cancelled" | "not-found" | "not-cancellable"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: trialBookings.id,
        status: trialBookings.status,
        startsAt: trialBookings.startsAt,
        endsAt: trialBookings.endsAt,
        fullName: trialBookings.fullName,
        email: trialBookings.email,
        phone: trialBookings.phone,
      })
      .from(trialBookings)
      .where(and(eq(trialBookings.id, bookingId), ownedBy(learner)))
      .for("update");
    if (!row) return "not-found";
    if (row.status !== "booked" || row.startsAt <= now) return "not-cancellable";
    await tx.update(trialBookings).set({ status: "cancelled" }).where(eq(trialBookings.id, bookingId));
    // The school is told (its seat is free again), with the change, in one statement each.
    await enqueueMails(tx, [trialCancelledByLearnerMail({ ...row, schoolInbox })], ["trials"]);
    return "cancelled";
  });
}
