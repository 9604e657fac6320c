// The reminder two hours before a trial lesson (issue 29, ADR 046), with its meeting link. Run by
// the class reminder check (one process per period, ADR 021) in the host process, which is
// bundled without Vite: nothing here may import the bundled translations (resources.server.ts).
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, trialBookings, trialSessions } from "~/db/schema";
import { defaultLanguage, isLanguage, type Language } from "~/i18n/language";
import { TRIAL_REMINDER_HOURS } from "~/lib/trial-lesson";
import { queueTrialReminderMail } from "~/mail/templates/trial-reminder.server";

/** Queues the reminders due at `now` (lessons starting within the next two hours) that are not
 * queued yet; each at most once whoever queues it (its once-key). Returns how many this call queued. */
export async function queueTrialReminders(db: Db, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + TRIAL_REMINDER_HOURS * 3_600_000);
  const due = await db
    .select({
      id: trialBookings.id,
      fullName: trialBookings.fullName,
      email: trialBookings.email,
      language: trialBookings.language,
      startsAt: trialBookings.startsAt,
      endsAt: trialBookings.endsAt,
      meetingUrl: sql<string>`coalesce(${trialSessions.meetingUrl}, ${courseClasses.meetingUrl}, '')`,
      courseTitle: courses.title,
    })
    .from(trialBookings)
    .leftJoin(trialSessions, eq(trialSessions.id, trialBookings.trialSessionId))
    .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
    .leftJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(
      and(
        eq(trialBookings.status, "booked"),
        gt(trialBookings.startsAt, now),
        sql`${trialBookings.startsAt} <= ${until.toISOString()}::timestamptz`,
        // trialReminderKey's, in SQL: the lesson's start in milliseconds.
        sql`not exists (select 1 from email_outbox o where o.once_key = 'trial-reminder:' || ${trialBookings.id}
          || ':' || (extract(epoch from ${trialBookings.startsAt}) * 1000)::bigint)`,
      ),
    );
  let queued = 0;
  for (const row of due) {
    const language: Language = isLanguage(row.language) ? row.language : defaultLanguage;
    if (await queueTrialReminderMail(db, { ...row, language })) queued += 1;
  }
  return queued;
}
