// Reminders a day before a class's first session (ADR 026): one per seat holder with the meeting
// link, never for a waitlisted or cancelled enrolment or a cancelled class, queued once even when
// two instances run the check at the same moment, and still sent to a learner who enrols inside
// the 24 hours.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database } from "~/db/client.server";
import { courseClasses, courses, emailOutbox } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { calendarDayInVietnam, formatTimeVi } from "~/lib/format";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import {
  advanceClassStatuses,
  queueClassReminders,
  runClassReminderCheck,
} from "~/models/class-reminder.server";
import { createClass, enrolDirectly } from "../support/class-fixtures";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let b1: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.level, "B1"));
  b1 = course!.id;
});

/** A class whose first session is `hours` from `now`, in Vietnam's date and time (it meets on
 * that day's weekday). */
function startingIn(hours: number, now: Date) {
  const at = new Date(now.getTime() + hours * HOUR);
  const startsOn = calendarDayInVietnam(at);
  return { startsOn, startTime: formatTimeVi(at), weekdays: [isoWeekday(startsOn)] };
}

function isoWeekday(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

function addDaysTo(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
}

async function remindersTo(classId: string) {
  const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "class-reminder"));
  return rows.filter((row) => row.onceKey?.startsWith(`class-reminder:${classId}:`));
}

describe("class reminders", () => {
  it("reminds each seat holder once within 24 hours of the first session, even with two instances checking", async () => {
    const now = new Date();
    const classId = await createClass(database.db, {
      courseId: b1,
      ...startingIn(20, now),
      status: "full",
      meetingUrl: "https://meet.example.com/b1-class",
    });
    const first = await enrolDirectly(database.db, classId, { language: "en", fullName: "Lan" });
    const second = await enrolDirectly(database.db, classId);
    await enrolDirectly(database.db, classId, { waitlistRank: 1 });
    await enrolDirectly(database.db, classId, { status: "cancelled" });
    const later = await createClass(database.db, { courseId: b1, ...startingIn(30, now) });
    await enrolDirectly(database.db, later);
    const cancelled = await createClass(database.db, {
      courseId: b1,
      ...startingIn(5, now),
      status: "cancelled",
    });
    await enrolDirectly(database.db, cancelled);

    // Two instances, each with its own connections, check at the same moment.
    const other = connectDatabase(database.url, { max: 2 });
    try {
      const counts = await Promise.all([
        queueClassReminders(database.db, now),
        queueClassReminders(other.db, now),
      ]);
      expect(counts[0]! + counts[1]!).toBe(2);
      const claims = await Promise.all([
        runClassReminderCheck(database.db, { now }),
        runClassReminderCheck(other.db, { now }),
      ]);
      expect(claims.filter((claim) => claim !== null)).toEqual([0]);
    } finally {
      await other.close();
    }
    const reminders = await remindersTo(classId);
    expect(reminders.map((row) => row.onceKey).sort()).toEqual(
      [`class-reminder:${classId}:${first}`, `class-reminder:${classId}:${second}`].sort(),
    );
    expect(await remindersTo(later)).toEqual([]);
    expect(await remindersTo(cancelled)).toEqual([]);

    // Enrolled after the window opened: the next check reminds them, and only them.
    const late = await enrolDirectly(database.db, classId);
    expect(await queueClassReminders(database.db, new Date(now.getTime() + 5 * 60_000))).toBe(1);
    expect((await remindersTo(classId)).map((row) => row.onceKey)).toContain(
      `class-reminder:${classId}:${late}`,
    );
    expect(await remindersTo(classId)).toHaveLength(3);

    // Once the session has begun nothing more is queued.
    await enrolDirectly(database.db, classId);
    // (the class 30 hours ahead now is within its 24 hours: its learner is reminded)
    expect(await queueClassReminders(database.db, new Date(now.getTime() + 21 * HOUR))).toBe(1);
    expect(await remindersTo(classId)).toHaveLength(3);
    expect(await remindersTo(later)).toHaveLength(1);

    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    try {
      const english = reminders.find((row) => row.onceKey?.endsWith(first))!;
      await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
      const mail = await sink.waitFor((m) => m.to.includes(english.to));
      const { startsOn, startTime } = startingIn(20, now);
      expect(mail.subject).toBe(
        `Reminder: your Tiếng Đức trung cấp B1 class starts on ${startsOn.split("-").reverse().join("/")} at ${startTime}`,
      );
      expect(mail.text).toContain("Hello Lan,");
      expect(mail.text).toContain("Join the online class: https://meet.example.com/b1-class");
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it("counts the first session from the first of the class's weekdays on or after its start date", async () => {
    const now = new Date();
    // Set to start 20 hours from now, but it meets only on the weekday two days later: no reminder
    // yet, until the check runs a day before that session.
    const { startsOn, startTime } = startingIn(20, now);
    const meetsOn = addDaysTo(startsOn, 2);
    const classId = await createClass(database.db, {
      courseId: b1,
      startsOn,
      startTime,
      weekdays: [isoWeekday(meetsOn)],
    });
    await enrolDirectly(database.db, classId);
    await queueClassReminders(database.db, now);
    expect(await remindersTo(classId)).toHaveLength(0);
    await queueClassReminders(database.db, new Date(now.getTime() + 48 * HOUR));
    const [reminder] = await remindersTo(classId);
    expect(reminder?.text).toContain(meetsOn.split("-").reverse().join("/"));
  });

  it("moves classes on with the calendar: running from the first session's day, finished after the last", async () => {
    const today = calendarDayInVietnam();
    const starting = await createClass(database.db, {
      courseId: b1,
      startsOn: today,
      weekdays: [isoWeekday(today)],
      status: "full",
    });
    const later = await createClass(database.db, { courseId: b1, startsOn: addDaysTo(today, 10) });
    const over = await createClass(database.db, {
      courseId: b1,
      startsOn: addDaysTo(today, -200),
      weekdays: [1, 3],
      status: "running",
    });
    const cancelled = await createClass(database.db, {
      courseId: b1,
      startsOn: addDaysTo(today, -3),
      status: "cancelled",
    });
    expect(await advanceClassStatuses(database.db, today)).toBeGreaterThanOrEqual(2);
    const statusOf = async (id: string) =>
      (
        await database.db
          .select({ status: courseClasses.status })
          .from(courseClasses)
          .where(eq(courseClasses.id, id))
      )[0]?.status;
    expect(await statusOf(starting)).toBe("running");
    expect(await statusOf(later)).toBe("open");
    expect(await statusOf(over)).toBe("finished");
    expect(await statusOf(cancelled)).toBe("cancelled");
    // Nothing left to move: the next check changes nothing.
    expect(await advanceClassStatuses(database.db, today)).toBe(0);
  });
});
