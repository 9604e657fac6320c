// Reminders a day before a class's first session (ADR 026): every learner holding a seat gets one
// mail with the meeting link. Every app process runs the check on the mail worker's timer; the
// database lets one of them run it per period (ADR 021), and each reminder's once-key lets a mail
// be queued once even if two checks overlap. A check queues for every class whose first session
// is within the next 24 hours, so a learner who enrols inside that window is reminded by the
// next check. The same check moves classes on with the calendar (open → running → finished).
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { isLanguage } from "~/i18n/language";
import { classEndDay, firstSessionDay } from "~/lib/class-dates";
import { calendarDayInVietnam, TIME_ZONE } from "~/lib/format";
import { queueClassReminderMail } from "~/mail/templates/class-reminder.server";
import { claimJobRun } from "./scheduled-job.server";
import { queueTrialReminders } from "./trial-reminder.server";

export const CLASS_REMINDER_PERIOD_SECONDS = 5 * 60;
const REMINDER_LEAD = "24 hours";

/** The first session's day: the start date, or the first of the class's weekdays after it (a
 * class may be set to start on a Tuesday and meet on Mondays and Wednesdays), as the schedule and
 * the calendar file count it (app/lib/class-dates.ts). */
const firstSessionDaySql = sql<string>`(${courseClasses.startsOn} + (select min((day - extract(isodow from ${courseClasses.startsOn})::int + 7) % 7)
  from unnest(${courseClasses.weekdays}) as day)::int)`;
/** The first session as an instant: its Vietnam date and time, read in Asia/Ho_Chi_Minh. */
const firstSession = sql`((${firstSessionDaySql} + ${courseClasses.startTime}) at time zone ${TIME_ZONE})`;

/** Queues the reminders due at `now` that are not queued yet; returns how many this call queued. */
export async function queueClassReminders(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const due = await db
    .select({
      classId: courseClasses.id,
      enrollmentId: enrollments.id,
      fullName: enrollments.fullName,
      email: enrollments.email,
      language: enrollments.language,
      courseTitle: courses.title,
      startsOn: sql<string>`${firstSessionDaySql}::text`,
      weekdays: courseClasses.weekdays,
      startTime: courseClasses.startTime,
      endTime: courseClasses.endTime,
      meetingUrl: courseClasses.meetingUrl,
    })
    .from(enrollments)
    .innerJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(
      and(
        inArray(courseClasses.status, ["open", "full", "running"]),
        ne(enrollments.status, "cancelled"),
        isNull(enrollments.waitlistRank),
        sql`${firstSession} > ${at}::timestamptz`,
        sql`${firstSession} <= ${at}::timestamptz + ${REMINDER_LEAD}::interval`,
        sql`not exists (select 1 from email_outbox o
          where o.once_key = 'class-reminder:' || ${courseClasses.id} || ':' || ${enrollments.id})`,
      ),
    );
  let queued = 0;
  for (const row of due) {
    const mail = {
      to: row.email,
      name: row.fullName,
      language: isLanguage(row.language) ? row.language : ("vi" as const),
      courseTitle: row.courseTitle,
      when: row,
      classId: row.classId,
      enrollmentId: row.enrollmentId,
      meetingUrl: row.meetingUrl,
    };
    if (await queueClassReminderMail(db, mail)) queued += 1;
  }
  return queued;
}

/** This period's reminder check, run by one process of all (ADR 021); null for the others. */
export async function runClassReminderCheck(
  db: Db,
  options: { now?: Date; periodSeconds?: number } = {},
): Promise<number | null> {
  if (!(await claimJobRun(db, "class-reminders", options.periodSeconds ?? CLASS_REMINDER_PERIOD_SECONDS))) {
    return null;
  }
  await advanceClassStatuses(db, calendarDayInVietnam(options.now));
  // Trial lessons' reminders (two hours before, ADR 046) ride on the same period and claim.
  const [classReminders, trialReminders] = [
    await queueClassReminders(db, options.now),
    await queueTrialReminders(db, options.now),
  ];
  // Lessons pass their booking cutoff with time, not with a change: this takes them off the
  // cached /trial once a period (its only page; "trials" is a targeted topic, ADR 042).
  await notifyChange(db, "trials");
  return classReminders + trialReminders;
}

/** Classes move on with the calendar (Vietnam days): open or full → running from the day of the
 * first session, then → finished after the last day. The announcement is what takes a class that
 * starts today off the cached public schedule at midnight (the page cache keeps a page until a
 * change is announced). Returns how many classes changed. */
export async function advanceClassStatuses(db: Db, today: string): Promise<number> {
  const classes = await db
    .select({
      id: courseClasses.id,
      status: courseClasses.status,
      startsOn: courseClasses.startsOn,
      weekdays: courseClasses.weekdays,
      sessionCount: courseClasses.sessionCount,
      endsOn: courseClasses.endsOn,
    })
    .from(courseClasses)
    .where(inArray(courseClasses.status, ["open", "full", "running"]));
  const moves = classes.flatMap((row) => {
    const next =
      classEndDay(row) < today
        ? "finished"
        : firstSessionDay(row.startsOn, row.weekdays) <= today
          ? "running"
          : row.status;
    return next === row.status ? [] : [{ id: row.id, from: row.status, to: next }];
  });
  if (moves.length === 0) return 0;
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const move of moves) {
      // Unless an admin changed the class meanwhile: their status stands.
      const updated = await tx
        .update(courseClasses)
        .set({ status: move.to })
        .where(and(eq(courseClasses.id, move.id), eq(courseClasses.status, move.from)))
        .returning({ id: courseClasses.id });
      changed += updated.length;
    }
    if (changed > 0) await notifyChange(tx, "classes");
    return changed;
  });
}
