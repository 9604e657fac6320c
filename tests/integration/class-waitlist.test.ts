// POST /admin/classes/seats through its real route handler, signed in as an admin: move up and
// down, promote onto a free seat (refused with 409 when none is free), remove, and move to
// another class; refused to non-admins; every change in the audit log.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, courseClasses, courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { countSeatsHeld, waitlistPosition } from "~/models/class-seat.server";
import { action } from "~/routes/admin/classes.seats";
import { createSessionFixture } from "../support/admin-session";
import { createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3998";
let database: Database;
let context: AppLoadContext;
let adminCookie: string;
let userCookie: string;
let a1: string;
let b1: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const sessions = createSessionFixture(database.db, APP_URL);
  context = sessions.context;
  adminCookie = await sessions.cookieFor("admin@lernhaus.test", "Admin", "admin");
  userCookie = await sessions.cookieFor("learner@lernhaus.test", "Learner", "user");
  const rows = await database.db.select({ id: courses.id, level: courses.level }).from(courses);
  a1 = rows.find((row) => row.level === "A1")!.id;
  b1 = rows.find((row) => row.level === "B1")!.id;
});

async function post(fields: Record<string, string>, cookie = adminCookie) {
  const request = new Request(`${APP_URL}/admin/classes/seats`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body: new URLSearchParams(fields),
  });
  // The guard swaps context.db for the admin's audited handle: each request its own context.
  const result = await action({ request, context: { ...context }, params: {} } as Parameters<
    typeof action
  >[0]);
  if (result instanceof Response) return { status: result.status, data: undefined };
  if ("data" in result && "init" in result) {
    return { status: result.init?.status ?? 200, data: result.data as { ok: boolean; error?: string } };
  }
  return { status: 200, data: result as { ok: boolean; error?: string } };
}

async function row(id: string) {
  const [found] = await database.db.select().from(enrollments).where(eq(enrollments.id, id));
  return found!;
}

/** A full class of `capacity` seats with `waiting` learners on its waitlist, ranked 1…n. */
async function fullClass(capacity: number, waiting: number, courseId = b1) {
  const classId = await createClass(database.db, { courseId, capacity, status: "full" });
  const seats = [];
  for (let i = 0; i < capacity; i++) seats.push(await enrolDirectly(database.db, classId));
  const line = [];
  for (let i = 1; i <= waiting; i++)
    line.push(await enrolDirectly(database.db, classId, { waitlistRank: i }));
  return { classId, seats, line };
}

async function positions(ids: string[]) {
  return Promise.all(ids.map((id) => waitlistPosition(database.db, id)));
}

describe("POST /admin/classes/seats", () => {
  it("moves a learner up and down the waitlist, and nowhere past either end", async () => {
    const { line } = await fullClass(1, 3);
    expect((await post({ intent: "move-up", enrollmentId: line[2]! })).data).toEqual({ ok: true });
    expect(await positions(line)).toEqual([1, 3, 2]);
    expect((await post({ intent: "move-down", enrollmentId: line[0]! })).data).toEqual({ ok: true });
    expect(await positions(line)).toEqual([2, 3, 1]);
    await post({ intent: "move-up", enrollmentId: line[2]! });
    await post({ intent: "move-down", enrollmentId: line[1]! });
    expect(await positions(line)).toEqual([2, 3, 1]);
    // A seat holder is not on the waitlist.
    const holder = await enrolDirectly(database.db, (await row(line[0]!)).classId!);
    expect(await post({ intent: "move-up", enrollmentId: holder })).toEqual({
      status: 409,
      data: { ok: false, error: "class-seats:errors.notWaiting" },
    });
  });

  it("promotes onto a free seat with the offer mail, and refuses with 409 when none is free", async () => {
    const { classId, line } = await fullClass(2, 2);
    expect(await post({ intent: "promote", enrollmentId: line[1]! })).toEqual({
      status: 409,
      data: { ok: false, error: "class-seats:errors.noSeat" },
    });
    await database.db.update(courseClasses).set({ capacity: 3 }).where(eq(courseClasses.id, classId));
    expect((await post({ intent: "promote", enrollmentId: line[1]! })).data).toEqual({ ok: true });
    expect(await row(line[1]!)).toMatchObject({ waitlistRank: null, seatOfferedAt: expect.any(Date) });
    expect(await countSeatsHeld(database.db, classId)).toBe(3);
    expect(await positions(line)).toEqual([1, null]);
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, (await row(line[1]!)).email), eq(emailOutbox.kind, "class-seat-offer")));
    expect(mails).toHaveLength(1);
  });

  it("removes a learner from the waitlist (cancelled), the others moving up", async () => {
    const { line } = await fullClass(1, 3);
    expect((await post({ intent: "remove", enrollmentId: line[0]! })).data).toEqual({ ok: true });
    expect((await row(line[0]!)).status).toBe("cancelled");
    expect(await positions(line)).toEqual([null, 1, 2]);
    expect((await post({ intent: "remove", enrollmentId: line[0]! })).status).toBe(404);
  });

  it("moves a seat holder to a class of another course, and offers the freed seat to the first waiting", async () => {
    const from = await fullClass(1, 2);
    const to = await createClass(database.db, { courseId: a1, capacity: 2 });
    expect((await post({ intent: "move-to-class", enrollmentId: from.seats[0]!, classId: to })).data).toEqual(
      {
        ok: true,
      },
    );
    expect(await row(from.seats[0]!)).toMatchObject({
      classId: to,
      courseId: a1,
      course: "a1",
      waitlistRank: null,
    });
    expect(await row(from.line[0]!)).toMatchObject({ waitlistRank: null, seatOfferedAt: expect.any(Date) });
    expect(await positions(from.line)).toEqual([null, 1]);
    expect(await countSeatsHeld(database.db, to)).toBe(1);
  });

  it("moves a waitlisted learner onto the waitlist of a full class, and refuses a closed one", async () => {
    const from = await fullClass(1, 1);
    const to = await fullClass(1, 2, a1);
    expect(
      (await post({ intent: "move-to-class", enrollmentId: from.line[0]!, classId: to.classId })).data,
    ).toEqual({
      ok: true,
    });
    expect(await waitlistPosition(database.db, from.line[0]!)).toBe(3);
    const cancelled = await createClass(database.db, { courseId: b1, status: "cancelled" });
    expect(await post({ intent: "move-to-class", enrollmentId: from.seats[0]!, classId: cancelled })).toEqual(
      {
        status: 409,
        data: { ok: false, error: "class-seats:errors.classClosed" },
      },
    );
    expect(
      await post({ intent: "move-to-class", enrollmentId: from.seats[0]!, classId: from.classId }),
    ).toEqual({
      status: 409,
      data: { ok: false, error: "class-seats:errors.sameClass" },
    });
  });

  it("refuses a malformed request with 400 and a non-admin with 403, and logs the admin's changes", async () => {
    expect((await post({ intent: "promote", enrollmentId: "not-a-uuid" })).status).toBe(400);
    expect((await post({ intent: "move-to-class", enrollmentId: crypto.randomUUID() })).status).toBe(400);
    const { line } = await fullClass(1, 2);
    await expect(post({ intent: "move-up", enrollmentId: line[1]! }, userCookie)).rejects.toMatchObject({
      status: 403,
    });
    expect(await positions(line)).toEqual([1, 2]);
    await post({ intent: "move-up", enrollmentId: line[1]! });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, line[1]!), eq(auditLog.actorEmail, "admin@lernhaus.test")));
    expect(entries.length).toBeGreaterThan(0);
  });
});
