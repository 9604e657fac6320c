// The free trial lesson's booking against real PostgreSQL (issue 29, ADR 046): exactly the
// capacity booked under parallel requests (a trial session, a class's session), only the slots the
// school offers, one seat per address and slot, the confirmation with its calendar file in the
// page's language, the page's form without JavaScript, and the reminder two hours before queued
// once across instances.
import { and, eq, inArray, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { connectDatabase, type Database } from "~/db/client.server";
import { courses, emailOutbox, trialBookings, trialSessions } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { calendarDayInVietnam, formatTimeVi } from "~/lib/format";
import { TRIAL_BOOKING_CLOSES_MINUTES, TRIAL_DAYS_AHEAD, trialSlotKey } from "~/lib/trial-lesson";
import { deleteClass, updateClass } from "~/models/course-class.server";
import { listTrialSlots, updateTrialSettings } from "~/models/trial-lesson.server";
import { queueTrialReminders } from "~/models/trial-reminder.server";
import { action as apiAction } from "~/routes/api/email.trial";
import { action as pageAction } from "~/routes/site/trial";
import type { CourseClassInput } from "~/schemas/course-class";
import { createClass } from "../support/class-fixtures";
import { formTicketCookie } from "../support/form-ticket";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let context: AppLoadContext;
let b1: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  // Demo content may bring its own trial sessions: these tests count their own.
  await database.db.delete(trialBookings);
  await database.db.delete(trialSessions);
  const config = parseConfig({ DATA_DIR: "/nonexistent" });
  context = { db: database.db, config: { ...config, authSecret: "y".repeat(32) } } as AppLoadContext;
  const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.level, "B1"));
  b1 = course!.id;
});

beforeEach(async () => {
  await updateTrialSettings(database.db, { offer: "both", classSeats: 2 });
});

let counter = 0;
const next = () => ++counter;

function booking(slot: string, overrides: Record<string, string> = {}) {
  const n = next();
  return {
    slot,
    fullName: `Người học thử ${n}`,
    phone: `091 ${String(n).padStart(7, "0")}`,
    email: `trial-${n}@example.com`,
    level: "a2",
    source: "placement-test",
    ...overrides,
  };
}

function post(body: unknown, path = "/api/email/trial"): Promise<Response> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return apiAction({
    request,
    context: { ...context, clientIp: `10.9.${Math.floor(counter / 200)}.${counter % 200}` },
    params: {},
  } as Parameters<typeof apiAction>[0]);
}

async function createSession(values: {
  startsAt: Date;
  capacity?: number;
  meetingUrl?: string;
  cancelled?: boolean;
}) {
  const [row] = await database.db
    .insert(trialSessions)
    .values({
      startsAt: values.startsAt,
      capacity: values.capacity ?? 4,
      meetingUrl: values.meetingUrl ?? "https://meet.example.com/trial",
      cancelled: values.cancelled ?? false,
    })
    .returning({ id: trialSessions.id });
  return row!.id;
}

const inHours = (hours: number, from = new Date()) => new Date(from.getTime() + hours * HOUR);

describe("the slots /trial offers", () => {
  it("offers sessions and class sessions as Settings says, within the booking window, with seats left", async () => {
    const now = new Date();
    const soon = await createSession({ startsAt: inHours(0.5, now) });
    const open = await createSession({ startsAt: inHours(30, now), capacity: 3 });
    const cancelled = await createSession({ startsAt: inHours(40, now), cancelled: true });
    const tooFar = await createSession({ startsAt: inHours(24 * (TRIAL_DAYS_AHEAD + 1), now) });
    const klass = await createClass(database.db, { courseId: b1, startsOn: calendarDayInVietnam(now) });

    const keys = (await listTrialSlots(database.db, { now })).map((slot) => slot.key);
    expect(keys).toContain(trialSlotKey({ kind: "session", sessionId: open }));
    for (const id of [soon, cancelled, tooFar])
      expect(keys).not.toContain(trialSlotKey({ kind: "session", sessionId: id }));
    // The class meets on Tuesdays and Thursdays: about six of its sessions in three weeks.
    const classSlots = keys.filter((key) => key.startsWith(`class:${klass}:`));
    expect(classSlots.length).toBeGreaterThanOrEqual(5);
    expect(classSlots.length).toBeLessThanOrEqual(7);

    await updateTrialSettings(database.db, { offer: "sessions", classSeats: 2 });
    const onlySessions = await listTrialSlots(database.db, { now });
    expect(onlySessions.every((slot) => slot.kind === "session")).toBe(true);
    await updateTrialSettings(database.db, { offer: "classes", classSeats: 3 });
    const onlyClasses = await listTrialSlots(database.db, { now });
    expect(onlyClasses.every((slot) => slot.kind === "class")).toBe(true);
    expect(onlyClasses.find((slot) => slot.key.startsWith(`class:${klass}:`))?.seatsLeft).toBe(3);
  });
});

describe("booking a trial lesson", () => {
  it("books exactly a session's capacity when twelve learners ask at once; the rest are told it is full", async () => {
    const session = await createSession({ startsAt: inHours(50), capacity: 3 });
    const slot = trialSlotKey({ kind: "session", sessionId: session });
    const responses = await Promise.all(Array.from({ length: 12 }, () => post(booking(slot))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const refusals = await Promise.all(
      responses.filter((response) => response.status === 409).map((response) => response.json()),
    );
    expect(new Set(refusals.map((body) => (body as { error: string }).error))).toEqual(
      new Set(["Buổi học này vừa hết chỗ. Vui lòng chọn buổi khác."]),
    );
    const booked = await database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.trialSessionId, session));
    expect(booked).toHaveLength(3);
    // Each booking: the learner's confirmation and the school's notice, nothing for the refused.
    const mails = await database.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          booked.map((row) => row.email),
        ),
      );
    expect(mails.map((mail) => mail.kind).sort()).toEqual(Array(3).fill("trial-confirmation"));
    const slots = await listTrialSlots(database.db);
    expect(slots.find((entry) => entry.key === slot)?.seatsLeft).toBe(0);
  });

  it("books exactly the trial seats of a class's session, apart from the class's own seats", async () => {
    const now = new Date();
    const klass = await createClass(database.db, {
      courseId: b1,
      startsOn: calendarDayInVietnam(inHours(48, now)),
    });
    const [first] = (await listTrialSlots(database.db, { now })).filter((slot) =>
      slot.key.startsWith(`class:${klass}:`),
    );
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(booking(first!.key))));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(2);
    const rows = await database.db.select().from(trialBookings).where(eq(trialBookings.classId, klass));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.startsAt.getTime() === first!.startsAt.getTime())).toBe(true);
    // The next session of the class still has its two seats.
    const after = (await listTrialSlots(database.db, { now })).filter((slot) =>
      slot.key.startsWith(`class:${klass}:`),
    );
    expect(after.map((slot) => slot.seatsLeft).slice(0, 2)).toEqual([0, 2]);
  });

  it("refuses a slot the school does not offer, one made up, and one within the hour before it starts", async () => {
    const klass = await createClass(database.db, { courseId: b1, startsOn: calendarDayInVietnam() });
    const [classSlot] = (await listTrialSlots(database.db)).filter((slot) =>
      slot.key.startsWith(`class:${klass}:`),
    );
    await updateTrialSettings(database.db, { offer: "sessions", classSeats: 2 });
    const late = await createSession({ startsAt: inHours((TRIAL_BOOKING_CLOSES_MINUTES - 5) / 60) });
    for (const slot of [
      classSlot!.key,
      trialSlotKey({ kind: "session", sessionId: "00000000-0000-4000-8000-000000000000" }),
      trialSlotKey({ kind: "session", sessionId: late }),
      "session:'; drop table trial_bookings; --",
    ]) {
      const response = await post(booking(slot));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(
        "Buổi học này không còn nhận đăng ký",
      );
    }
  });

  it("takes one seat per address and slot", async () => {
    const session = await createSession({ startsAt: inHours(60), capacity: 5 });
    const slot = trialSlotKey({ kind: "session", sessionId: session });
    expect((await post(booking(slot, { email: "twice@example.com" }))).status).toBe(200);
    const again = await post(booking(slot, { email: "TWICE@example.com" }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("Email này đã đặt buổi học này rồi.");
  });

  it("mails the confirmation in the page's language with the lesson as a calendar file", async () => {
    const startsAt = inHours(72);
    const session = await createSession({ startsAt });
    const response = await post(
      booking(trialSlotKey({ kind: "session", sessionId: session }), { email: "english@example.com" }),
      "/en/api/email/trial",
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; startsAt: string };
    expect(body.startsAt).toBe(startsAt.toISOString());
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "english@example.com"), eq(emailOutbox.kind, "trial-confirmation")));
    expect(mail!.subject).toContain("Your trial lesson");
    expect(mail!.text).toContain(formatTimeVi(startsAt));
    // The meeting link is not in it: it comes with the reminder.
    expect(mail!.text).not.toContain("meet.example.com");
    const [calendar] = mail!.attachments!;
    expect(calendar!.contentType).toMatch(/^text\/calendar/);
    const ics = Buffer.from(calendar!.contentBase64, "base64").toString("utf8");
    const utc = `${startsAt.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain("SUMMARY:German trial lesson – Lernhaus");
    const [notice] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.replyTo, "english@example.com"), eq(emailOutbox.kind, "trial-notification")));
    // The school's notice is in Vietnamese, whatever the learner's language.
    expect(notice!.subject).toContain("Đặt học thử mới");
    const [row] = await database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.email, "english@example.com"));
    expect(row).toMatchObject({ language: "en", source: "placement-test", level: "a2", status: "booked" });
  });

  it("books from the page's own form without JavaScript and recaps the lesson", async () => {
    const startsAt = inHours(80);
    const session = await createSession({ startsAt });
    const request = new Request("http://localhost/trial", {
      method: "POST",
      headers: { Cookie: formTicketCookie(context.config.authSecret, 5_000) },
      body: new URLSearchParams({
        ...booking(trialSlotKey({ kind: "session", sessionId: session }), { email: "nojs@example.com" }),
        website: "",
      }),
    });
    const result = await pageAction({
      request,
      context: { ...context, clientIp: "198.51.100.9" },
      params: {},
    } as Parameters<typeof pageAction>[0]);
    expect(result.data).toEqual({
      status: "sent",
      sent: {
        email: "nojs@example.com",
        startsAt: startsAt.toISOString(),
        endsAt: inHours(1, startsAt).toISOString(),
      },
    });
  });

  it("answers a missing slot and a bad level with the form's translated errors", async () => {
    const response = await post({ ...booking(""), level: "c7" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("Buổi học: Vui lòng chọn một buổi học");
    const german = await post({ ...booking(""), level: "c7" }, "/de/api/email/trial");
    expect(((await german.json()) as { error: string }).error).toBe("Termin: Bitte wählen Sie einen Termin");
  });
});

describe("a class's change reaches the trial learners booked into its sessions", () => {
  it("moves their lessons with the class's time, cancels those it no longer holds, tells each, and keeps the class from deletion", async () => {
    const today = calendarDayInVietnam();
    const klass = await createClass(database.db, { courseId: b1, startsOn: today, weekdays: [2, 4] });
    const input: CourseClassInput = {
      courseId: b1,
      startsOn: today,
      sessionCount: 24,
      weekdays: [2, 4],
      startTime: "19:00",
      endTime: "20:30",
      capacity: 8,
      status: "open",
    };
    const slots = (await listTrialSlots(database.db)).filter((slot) =>
      slot.key.startsWith(`class:${klass}:`),
    );
    const [tuesdayOrThursday, next] = slots;
    const emails = ["class-first@example.com", "class-second@example.com"];
    for (const [index, slot] of [tuesdayOrThursday!, next!].entries())
      expect((await post(booking(slot.key, { email: emails[index]! }))).status).toBe(200);
    const rows = async () =>
      database.db
        .select()
        .from(trialBookings)
        .where(inArray(trialBookings.email, emails))
        .orderBy(trialBookings.startsAt);
    const mailsOf = async (kind: string) =>
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).filter((mail) =>
        emails.includes(mail.to),
      );

    // An hour earlier: both lessons move, both learners are told with the new time.
    expect(await updateClass(database.db, klass, { ...input, startTime: "18:00", endTime: "19:30" })).toBe(
      true,
    );
    const moved = await rows();
    expect(moved.map((row) => formatTimeVi(row.startsAt))).toEqual(["18:00", "18:00"]);
    expect(moved.map((row) => row.status)).toEqual(["booked", "booked"]);
    expect((await mailsOf("trial-moved")).map((mail) => mail.to).sort()).toEqual([...emails].sort());
    // Saved again unchanged: nothing moves, nobody is told twice.
    await updateClass(database.db, klass, { ...input, startTime: "18:00", endTime: "19:30" });
    expect(await mailsOf("trial-moved")).toHaveLength(2);

    // It meets on other weekdays from now on: the lessons booked are off, each learner told.
    const otherDays = ([1, 3] as const).filter(
      (day) => !moved.some((row) => isoWeekdayOf(row.startsAt) === day),
    );
    await updateClass(database.db, klass, {
      ...input,
      weekdays: otherDays,
      startTime: "18:00",
      endTime: "19:30",
    });
    expect((await rows()).map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
    expect((await mailsOf("trial-cancelled")).map((mail) => mail.to).sort()).toEqual([...emails].sort());

    // A class with trial bookings is kept: it can be cancelled, not deleted.
    expect(await deleteClass(database.db, klass)).toBe("has-trials");
  });

  it("cancels its coming trial lessons when the class is cancelled", async () => {
    const today = calendarDayInVietnam();
    const klass = await createClass(database.db, {
      courseId: b1,
      startsOn: today,
      weekdays: [1, 2, 3, 4, 5],
    });
    const [slot] = (await listTrialSlots(database.db)).filter((entry) =>
      entry.key.startsWith(`class:${klass}:`),
    );
    expect((await post(booking(slot!.key, { email: "class-off@example.com" }))).status).toBe(200);
    await updateClass(database.db, klass, {
      courseId: b1,
      startsOn: today,
      sessionCount: 24,
      weekdays: [1, 2, 3, 4, 5],
      startTime: "19:00",
      endTime: "20:30",
      capacity: 8,
      status: "cancelled",
    });
    const [row] = await database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.email, "class-off@example.com"));
    expect(row!.status).toBe("cancelled");
    const told = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "class-off@example.com"), eq(emailOutbox.kind, "trial-cancelled")));
    expect(told).toHaveLength(1);
  });
});

/** ISO weekday (1 = Monday) of an instant's day in Vietnam. */
function isoWeekdayOf(instant: Date) {
  return new Date(`${calendarDayInVietnam(instant)}T00:00:00Z`).getUTCDay() || 7;
}

describe("the public forms' limits (ADR 013)", () => {
  it("gives one address three bookings per ten minutes, then a 429 that says when to try again", async () => {
    const sessions = await Promise.all(
      [90, 91, 92, 93].map((hours) => createSession({ startsAt: inHours(hours) })),
    );
    const answers = [];
    for (const session of sessions) {
      answers.push(
        await post(
          booking(trialSlotKey({ kind: "session", sessionId: session }), { email: "often@example.com" }),
        ),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(Number(answers[3]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      await database.db.select().from(trialBookings).where(eq(trialBookings.email, "often@example.com")),
    ).toHaveLength(3);
  });

  it("answers a filled honeypot like a success and keeps nothing; refuses a form sent too fast", async () => {
    const session = await createSession({ startsAt: inHours(95) });
    const slot = trialSlotKey({ kind: "session", sessionId: session });
    const robot = await post({
      ...booking(slot, { email: "robot@example.com" }),
      website: "https://spam.example",
    });
    expect(robot.status).toBe(200);
    const fast = await pageAction({
      request: new Request("http://localhost/trial", {
        method: "POST",
        headers: { Cookie: formTicketCookie(context.config.authSecret, 500) },
        body: new URLSearchParams({ ...booking(slot, { email: "fast@example.com" }), website: "" }),
      }),
      context: { ...context, clientIp: "198.51.100.10" },
      params: {},
    } as Parameters<typeof pageAction>[0]);
    expect(fast.init?.status).toBe(400);
    const kept = await database.db
      .select()
      .from(trialBookings)
      .where(inArray(trialBookings.email, ["robot@example.com", "fast@example.com"]));
    expect(kept).toEqual([]);
  });
});

describe("the reminder two hours before", () => {
  it("is queued once per booking with the meeting link, even with two instances checking, and never for a cancelled one", async () => {
    const now = new Date();
    const session = await createSession({
      startsAt: inHours(3, now),
      meetingUrl: "https://meet.example.com/trial-xyz",
    });
    const slot = trialSlotKey({ kind: "session", sessionId: session });
    expect((await post(booking(slot, { email: "remind-me@example.com" }))).status).toBe(200);
    expect((await post(booking(slot, { email: "cancelled@example.com" }))).status).toBe(200);
    await database.db
      .update(trialBookings)
      .set({ status: "cancelled" })
      .where(eq(trialBookings.email, "cancelled@example.com"));

    const reminders = () =>
      database.db.select().from(emailOutbox).where(like(emailOutbox.onceKey, "trial-reminder:%"));
    // Three hours ahead: not yet.
    expect(await queueTrialReminders(database.db, now)).toBe(0);
    const due = inHours(1.1, now);
    const other = connectDatabase(database.url, { max: 2 });
    try {
      const counts = await Promise.all([
        queueTrialReminders(database.db, due),
        queueTrialReminders(other.db, due),
        queueTrialReminders(database.db, due),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    } finally {
      await other.close();
    }
    expect(await queueTrialReminders(database.db, inHours(0.2, due))).toBe(0);
    const sent = (await reminders()).filter((mail) => mail.to === "remind-me@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("https://meet.example.com/trial-xyz");
    expect((await reminders()).some((mail) => mail.to === "cancelled@example.com")).toBe(false);

    // The school moves the lesson a day later: it is reminded of again before its new time.
    await database.db
      .update(trialBookings)
      .set({ startsAt: inHours(27, now), endsAt: inHours(28, now) })
      .where(eq(trialBookings.email, "remind-me@example.com"));
    expect(await queueTrialReminders(database.db, inHours(2, now))).toBe(0);
    expect(await queueTrialReminders(database.db, inHours(25.5, now))).toBe(1);
    expect((await reminders()).filter((mail) => mail.to === "remind-me@example.com")).toHaveLength(2);
  });
});
