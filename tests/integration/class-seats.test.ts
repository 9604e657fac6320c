// Seats and the waitlist of a class (ADR 026) through the real enrolment paths at real
// PostgreSQL: seat counting, the last seat under parallel requests, the waitlist position in the
// answer and the confirmation mail, and a class checked against the chosen course.
import { and, asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { notifyChange, startChangeBus } from "~/db/change-bus.server";
import { connectDatabase, type Database } from "~/db/client.server";
import { courseClasses, courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import {
  acceptsEnrollments,
  ClassSeatError,
  countSeatsHeld,
  enrollIntoClass,
  listEnrollableClasses,
  seatsLeft,
  waitlistPosition,
} from "~/models/class-seat.server";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { action as pageAction } from "~/routes/site/enroll";
import { addDays, createClass, enrolDirectly } from "../support/class-fixtures";
import { formTicketCookie } from "../support/form-ticket";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let context: AppLoadContext;
let b1: string;
let a1: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const config = parseConfig({ DATA_DIR: "/nonexistent", SCHOOL_INBOX: "school@lernhaus.test" });
  context = { db: database.db, config: { ...config, authSecret: "x".repeat(32) } } as AppLoadContext;
  const rows = await database.db.select({ id: courses.id, level: courses.level }).from(courses);
  b1 = rows.find((row) => row.level === "B1")!.id;
  a1 = rows.find((row) => row.level === "A1")!.id;
});

let counter = 0;
function person(prefix: string) {
  counter += 1;
  return {
    fullName: `Học viên ${counter}`,
    phone: `+84 91 ${String(counter).padStart(7, "0")}`,
    email: `${prefix}-${counter}@example.com`,
    schedule: "evening",
  };
}

function post(body: Record<string, unknown>, ctx: AppLoadContext = context, language = "vi") {
  const request = new Request("http://localhost/api/email/enrollment", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": language },
    body: JSON.stringify(body),
  });
  return apiAction({
    request,
    context: { ...ctx, clientIp: `10.1.${Math.floor(counter / 200)}.${counter % 200}` },
    params: {},
  } as Parameters<typeof apiAction>[0]);
}

describe("seat counting", () => {
  it("counts the enrolments that are not cancelled and not waiting, and ranks the waitlist", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 3 });
    await enrolDirectly(database.db, classId, { status: "new" });
    await enrolDirectly(database.db, classId, { status: "trial" });
    await enrolDirectly(database.db, classId, { status: "cancelled" });
    const second = await enrolDirectly(database.db, classId, { waitlistRank: 7 });
    const first = await enrolDirectly(database.db, classId, { waitlistRank: 2 });
    await enrolDirectly(database.db, classId, { waitlistRank: 1, status: "cancelled" });

    expect(await countSeatsHeld(database.db, classId)).toBe(2);
    expect(await waitlistPosition(database.db, first)).toBe(1);
    expect(await waitlistPosition(database.db, second)).toBe(2);
    const listed = (await listEnrollableClasses(database.db)).find((klass) => klass.id === classId);
    expect(listed).toMatchObject({ seatsLeft: 1, full: false, courseId: b1 });
    expect(listed).not.toHaveProperty("meetingUrl");
    expect(seatsLeft(3, 5)).toBe(0);
  });

  it("takes enrolments only while open or full and before the first day in Vietnam", () => {
    expect(acceptsEnrollments({ status: "open", startsOn: "2027-01-05" }, "2027-01-04")).toBe(true);
    expect(acceptsEnrollments({ status: "full", startsOn: "2027-01-05" }, "2027-01-04")).toBe(true);
    expect(acceptsEnrollments({ status: "open", startsOn: "2027-01-05" }, "2027-01-05")).toBe(false);
    expect(acceptsEnrollments({ status: "running", startsOn: "2027-01-05" }, "2027-01-01")).toBe(false);
    expect(acceptsEnrollments({ status: "cancelled", startsOn: "2027-01-05" }, "2027-01-01")).toBe(false);
  });

  it("refuses a class that has started or is cancelled, under its lock", async () => {
    const started = await createClass(database.db, { courseId: b1, startsOn: addDays(0) });
    const cancelled = await createClass(database.db, { courseId: b1, status: "cancelled" });
    for (const classId of [started, cancelled]) {
      await expect(
        database.db.transaction((tx) => enrollIntoClass(tx, { classId, courseId: b1 })),
      ).rejects.toEqual(new ClassSeatError("closed"));
    }
    const other = await createClass(database.db, { courseId: a1 });
    await expect(
      database.db.transaction((tx) => enrollIntoClass(tx, { classId: other, courseId: b1 })),
    ).rejects.toEqual(new ClassSeatError("not-found"));
  });
});

describe("what an enrolment announces on the change bus", () => {
  // The anonymous page cache takes out the class pages on "classes" (their seats left), the
  // admin's lists refresh on "enrollments", the mail worker wakes on "outbox".
  it("announces its class's seats, the enrolment and its mails on commit, and nothing when refused", async () => {
    const bus = await startChangeBus(database.url);
    const topics: ChangeTopic[] = [];
    bus.subscribe((topic) => topics.push(topic));
    const waitForMarker = async () => {
      topics.length = 0;
      await notifyChange(database.db, "stats");
      await expect.poll(() => topics.includes("stats")).toBe(true);
    };
    try {
      await waitForMarker();
      const classId = await createClass(database.db, { courseId: b1 });
      topics.length = 0;
      expect((await post({ ...person("bus"), course: b1, classId })).status).toBe(200);
      await expect
        .poll(() => ["classes", "enrollments", "outbox"].every((t) => topics.includes(t as ChangeTopic)))
        .toBe(true);

      // Asking for advice takes no seat: the class pages stay in the cache.
      await waitForMarker();
      expect((await post({ ...person("bus"), course: "consultation" })).status).toBe(200);
      await expect
        .poll(() => ["enrollments", "outbox"].every((t) => topics.includes(t as ChangeTopic)))
        .toBe(true);
      await notifyChange(database.db, "stats");
      await expect.poll(() => topics.includes("stats")).toBe(true);
      expect(topics).not.toContain("classes");

      // A class cancelled while the form was open: refused, and nothing announced.
      const closed = await createClass(database.db, { courseId: b1 });
      const listed = (await listEnrollableClasses(database.db)).some((klass) => klass.id === closed);
      expect(listed).toBe(true);
      await database.db
        .update(courseClasses)
        .set({ status: "cancelled" })
        .where(eq(courseClasses.id, closed));
      await waitForMarker();
      topics.length = 0;
      expect((await post({ ...person("bus"), course: b1, classId: closed })).status).toBeGreaterThanOrEqual(
        400,
      );
      await notifyChange(database.db, "stats");
      await expect.poll(() => topics.includes("stats")).toBe(true);
      expect(topics).toEqual(["stats"]);
    } finally {
      await bus.close();
    }
  });
});

describe("POST /api/email/enrollment with a class", () => {
  it("takes a seat, states the dates in the confirmation, and fills the class to full", async () => {
    const classId = await createClass(database.db, {
      courseId: b1,
      capacity: 1,
      startsOn: "2099-01-05",
      weekdays: [1, 3, 5],
    });
    const response = await post({ ...person("seat"), course: b1, classId });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: string };
    // The class's own slot is the schedule (issue 26).
    expect(body).toEqual({ ok: true, id: expect.any(String), schedule: "evening" });
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, body.id));
    expect(row).toMatchObject({ classId, courseId: b1, waitlistRank: null, status: "new" });
    const [klass] = await database.db.select().from(courseClasses).where(eq(courseClasses.id, classId));
    expect(klass!.status).toBe("full");
    const [confirmation] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, row!.email), eq(emailOutbox.kind, "enrollment-confirmation")));
    expect(confirmation!.text).toContain(
      "Lớp học: Khai giảng 05/01/2099 · Thứ 2, Thứ 4, Thứ 6 · 19:00–20:30",
    );
    expect(confirmation!.text).not.toContain("danh sách chờ");
  });

  it("accepts a level code for the course, as without a class", async () => {
    const classId = await createClass(database.db, { courseId: b1 });
    const response = await post({ ...person("level"), course: "b1", classId });
    expect(response.status).toBe(200);
  });

  it("refuses a class of another course, or one no longer taking enrolments, with 400", async () => {
    const ofA1 = await createClass(database.db, { courseId: a1 });
    const finished = await createClass(database.db, { courseId: b1, status: "finished" });
    for (const classId of [ofA1, finished, "00000000-0000-4000-8000-000000000000"]) {
      const response = await post({ ...person("wrong"), course: b1, classId }, context, "en");
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        "Class: This class does not belong to the chosen course or no longer takes enrolments",
      );
    }
    const consultation = await post({ ...person("wrong"), course: "consultation", classId: ofA1 });
    expect(consultation.status).toBe(400);
  });

  it("answers 409 when the class closes while the enrolment waits for its lock", async () => {
    const classId = await createClass(database.db, { courseId: b1 });
    const admin = await database.pool.connect();
    try {
      await admin.query("begin");
      await admin.query("select id from course_classes where id = $1 for update", [classId]);
      const pending = post({ ...person("closing"), course: b1, classId }, context, "en");
      // The enrolment has passed the schema and waits on the class row.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin.query("update course_classes set status = 'cancelled' where id = $1", [classId]);
      await admin.query("commit");
      const response = await pending;
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: "This class no longer takes enrolments. Please choose another class.",
      });
    } finally {
      admin.release();
    }
    expect(await database.db.select().from(enrollments).where(eq(enrollments.classId, classId))).toEqual([]);
  });

  it("gives the last seat to exactly one of ten parallel requests and waitlists the rest in order", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 3 });
    await enrolDirectly(database.db, classId);
    await enrolDirectly(database.db, classId);
    // Its own pool: ten connections, so that the ten requests really run at the same moment.
    const wide = connectDatabase(database.url, { max: 10 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          post({ ...person("race"), course: b1, classId }, { ...context, db: wide.db }),
        ),
      );
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as {
        ok: boolean;
        waitlistPosition?: number;
      }[];
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(bodies.filter((b) => b.waitlistPosition === undefined)).toHaveLength(1);
      expect(
        bodies
          .map((b) => b.waitlistPosition)
          .filter((p) => p !== undefined)
          .sort((x, y) => x! - y!),
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await wide.close();
    }
    expect(await countSeatsHeld(database.db, classId)).toBe(3);
    const waiting = await database.db
      .select({ id: enrollments.id, rank: enrollments.waitlistRank })
      .from(enrollments)
      .where(eq(enrollments.classId, classId))
      .orderBy(asc(enrollments.waitlistRank));
    const ranks = waiting.map((w) => w.rank).filter((rank) => rank !== null);
    expect(new Set(ranks).size).toBe(9);
    const [klass] = await database.db.select().from(courseClasses).where(eq(courseClasses.id, classId));
    expect(klass!.status).toBe("full");
  });

  it("puts an enrolment into a full class on the waitlist, with its position in the answer and the mail", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 1, status: "full" });
    await database.db.update(emailOutbox).set({ status: "sent" }); // only this test's mail is due
    await enrolDirectly(database.db, classId);
    await enrolDirectly(database.db, classId, { waitlistRank: 1 });
    const who = person("waiting");
    const response = await post({ ...who, course: b1, classId }, context, "en");
    expect(await response.json()).toEqual({
      ok: true,
      id: expect.any(String),
      waitlistPosition: 2,
      schedule: "evening",
    });

    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    try {
      await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
      const mail = await sink.waitFor((m) => m.to.includes(who.email));
      expect(mail.text).toContain("you are number 2 on the waitlist");
      expect(mail.text).toContain("Position on the waitlist: 2");
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it("recaps the waitlist position on the success screen without JavaScript", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 1 });
    await enrolDirectly(database.db, classId);
    const who = person("nojs");
    const request = new Request("http://localhost/enroll", {
      method: "POST",
      headers: { Cookie: `lng=vi; ${formTicketCookie(context.config.authSecret, 5_000)}` },
      body: new URLSearchParams({
        ...who,
        course: b1,
        classId,
        website: "",
      }),
    });
    const result = await pageAction({
      request,
      context: { ...context, clientIp: "10.9.9.9" },
      params: {},
    } as Parameters<typeof pageAction>[0]);
    expect(result.data).toEqual({
      status: "sent",
      sent: { email: who.email, course: b1, classId, schedule: "evening", waitlistPosition: "1" },
    });
  });
});
