// The free trial lesson in the admin (issue 29, ADR 046) through the real /admin/trials route
// module (and Settings' trial tab) against PostgreSQL: who may use it, the list's filters and the
// placement result beside a booking, marking after the lesson (a matrix over every status), the
// note, the school's cancel freeing the seat, "Đăng ký khóa học" through the one enrolment path
// (the first-course discount, the link, the mails, one enrolment under two clicks at once), and
// the school's trial sessions (moved with their bookings; cancelled, not deleted, once booked).
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  courses,
  emailOutbox,
  enrollments,
  placementAttempts,
  schoolSettings,
  teamMembers,
  trialBookings,
  trialSessions,
} from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { languages } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { canConvertTrial, canMarkTrial, trialMarks, trialStatuses, vietnamInstant } from "~/lib/trial-lesson";
import { updatePaymentSettings } from "~/models/payment-settings.server";
import { getTrialSettings, listTrialSlots } from "~/models/trial-lesson.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { action, loader } from "~/routes/admin/trials";
import { amountDue } from "~/schemas/payment";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
const PAGE = "/admin/trials";
const HOUR = 3_600_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let userCookie: string;
let b1: { id: string; price: number; title: string };
let a1: { id: string };
let teacherId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  userCookie = await fixture.cookieFor("hoc.thu@lernhaus.test", "Học Thử", "user");
  const rows = await database.db
    .select({ id: courses.id, level: courses.level, price: courses.price, title: courses.title })
    .from(courses);
  b1 = rows.find((row) => row.level === "B1")!;
  a1 = rows.find((row) => row.level === "A1")!;
  const [teacher] = await database.db.select({ id: teamMembers.id }).from(teamMembers).limit(1);
  teacherId = teacher!.id;
});

beforeEach(async () => {
  await database.db.delete(trialBookings);
  await database.db.delete(trialSessions);
  await database.db.delete(enrollments);
  await database.db.delete(emailOutbox);
  await database.db.delete(placementAttempts);
  await database.db.delete(auditLog);
  await updatePaymentSettings(database.db, {
    bankBin: "",
    accountNumber: "",
    accountHolder: "",
    transferPrefix: "",
    firstCourseDiscount: false,
  });
});

/* ---------------------------------------------------------------- fixtures and requests */

async function createSession(values: { inHours?: number; capacity?: number; durationMinutes?: number } = {}) {
  const [row] = await database.db
    .insert(trialSessions)
    .values({
      startsAt: new Date(Date.now() + (values.inHours ?? 48) * HOUR),
      durationMinutes: values.durationMinutes ?? 60,
      capacity: values.capacity ?? 6,
      teacherId,
      meetingUrl: "https://meet.example.com/trial",
    })
    .returning({ id: trialSessions.id, startsAt: trialSessions.startsAt });
  return row!;
}

let people = 0;
async function book(
  sessionId: string,
  values: Partial<typeof trialBookings.$inferInsert> & { inHours?: number } = {},
) {
  people += 1;
  const startsAt = new Date(Date.now() + (values.inHours ?? 48) * HOUR);
  const [row] = await database.db
    .insert(trialBookings)
    .values({
      trialSessionId: sessionId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      fullName: `Người học thử ${people}`,
      phone: `+84 93 ${String(people).padStart(7, "0")}`,
      email: `thu-${people}-${Date.now()}@example.com`,
      level: "a1",
      language: "vi",
      source: "home",
      ...values,
    })
    .returning();
  return row!;
}

type Fields = Record<string, string>;

/** `cookie` "": an anonymous visitor. */
async function post(
  fields: Fields,
  cookie = adminCookie,
  search = "",
  route: (args: never) => Promise<unknown> = action,
  page = PAGE,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const headers = new Headers({ origin: APP_URL });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${APP_URL}${page}${search}`, { method: "POST", headers, body });
  return route({ request, context: { ...fixture.context }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

async function view(search = "", cookie = adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${APP_URL}${PAGE}${search}`, { headers });
  return loader({ request, context: { ...fixture.context }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

/** The mails to `to` of `kind`, with their calendar file's text when they carry one. */
async function mailsTo(to: string, kind: string) {
  const rows = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
  return rows.map((row) => ({
    ...row,
    calendar:
      row.attachments?.[0] && Buffer.from(row.attachments[0].contentBase64, "base64").toString("utf8"),
  }));
}

async function bookingsView(search = "") {
  const result = (await view(search)) as Awaited<ReturnType<typeof loader>>;
  if (result.tab !== "bookings") throw new Error("not the bookings tab");
  return result;
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const errorsOf = (result: unknown) => (result as { data?: { error?: Record<string, string[]> } }).data?.error;

/** Every message of an answer is a key the admin reads in vi, en and de. */
function expectTranslated(errors: Record<string, string[]> | undefined) {
  const keys = Object.values(errors ?? {}).flat();
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const [namespace, path] = key.includes(":") ? key.split(":") : ["common", key];
    for (const language of languages)
      expect(i18n.store.lookup(language, namespace!, path!), `${language}: ${key}`).toBeTruthy();
  }
}

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(trialBookings).where(eq(trialBookings.id, id));
  return row!;
}

/* ---------------------------------------------------------------- who */

describe("who may use the trial lessons' admin", () => {
  it("sends an anonymous visitor to sign in and a learner away, and refuses their posts with 403", async () => {
    const anonymous = await view("", "");
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toBe("/login");
    const learner = await view("", userCookie);
    expect(statusOf(learner)).toBe(302);
    expect((learner as Response).headers.get("Location")).toBe("/");

    const session = await createSession();
    const booking = await book(session.id, { status: "attended" });
    for (const cookie of ["", userCookie]) {
      for (const fields of <Fields[]>[
        { intent: "mark", id: booking.id, status: "no-show" },
        { intent: "note", id: booking.id, note: "x" },
        { intent: "cancel", id: booking.id },
        { intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" },
        { intent: "save-session", day: addDays(3), time: "19:00", durationMinutes: "60", capacity: "4" },
        { intent: "cancel-session", id: session.id },
        { intent: "delete", id: session.id },
        // Even a request the page does not know: the guard answers first.
        { intent: "nonsense" },
      ])
        expect(
          statusOf(await post(fields, cookie)),
          `${cookie ? "learner" : "visitor"} ${fields.intent}`,
        ).toBe(403);
      expect(
        statusOf(
          await post(
            { intent: "save-trial", offer: "both", classSeats: "3" },
            cookie,
            "",
            settingsAction,
            "/admin/settings",
          ),
        ),
      ).toBe(403);
    }
    expect(await bookingRow(booking.id)).toEqual(booking);
    expect(await database.db.select().from(enrollments)).toEqual([]);
    expect(await database.db.select().from(trialSessions)).toHaveLength(1);
  });

  it("answers an unknown intent of an admin with 400", async () => {
    expect(statusOf(await post({ intent: "nonsense" }))).toBe(400);
  });
});

/* ---------------------------------------------------------------- the list */

describe("the bookings list", () => {
  it("shows what is ahead by default, soonest first; the past and all on asking, and filters by status and search", async () => {
    const session = await createSession();
    const later = await book(session.id, { inHours: 72, fullName: "Trần Thị Ánh" });
    const soon = await book(session.id, { inHours: 5, status: "cancelled" });
    const over = await book(session.id, { inHours: -30, status: "attended" });
    const older = await book(session.id, { inHours: -80, status: "no-show", phone: "0912 888 777" });

    const ids = (result: Awaited<ReturnType<typeof bookingsView>>) => result.list.rows.map((row) => row.id);
    expect(ids(await bookingsView())).toEqual([soon.id, later.id]);
    expect(ids(await bookingsView("?when=upcoming"))).toEqual([soon.id, later.id]);
    expect(ids(await bookingsView("?when=past"))).toEqual([over.id, older.id]);
    expect(ids(await bookingsView("?when=all"))).toEqual([later.id, soon.id, over.id, older.id]);
    expect(ids(await bookingsView("?when=all&status=attended"))).toEqual([over.id]);
    expect(ids(await bookingsView("?when=past&status=booked"))).toEqual([]);
    // A name without its accents, a phone by its digits however typed.
    expect(ids(await bookingsView("?when=all&q=tran%20thi%20anh"))).toEqual([later.id]);
    expect(ids(await bookingsView("?when=all&q=0912.888"))).toEqual([older.id]);
    // An edited URL is read leniently: an unknown filter is none.
    expect(ids(await bookingsView("?when=soon&status=maybe"))).toEqual([soon.id, later.id]);
    const all = await bookingsView("?when=all");
    expect(all.list.total).toBe(4);
    expect(all.list.rows[0]).toMatchObject({
      sessionId: session.id,
      teacher: expect.any(String),
      courseTitle: null,
    });
  });

  it("pages like the other admin lists", async () => {
    const session = await createSession();
    for (let n = 0; n < 27; n += 1) await book(session.id, { inHours: 10 + n });
    const first = await bookingsView();
    const second = await bookingsView("?page=2");
    expect(first.list).toMatchObject({ total: 27, page: 1 });
    expect(first.list.rows).toHaveLength(25);
    expect(second.list.rows).toHaveLength(2);
    expect(new Set([...first.list.rows, ...second.list.rows].map((row) => row.id)).size).toBe(27);
  });

  it("names a class's session by its course, and puts the person's latest placement result beside them", async () => {
    const classId = await createClass(database.db, { courseId: b1.id });
    people += 1;
    const startsAt = new Date(Date.now() + 30 * HOUR);
    const [inClass] = await database.db
      .insert(trialBookings)
      .values({
        classId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        fullName: "Lê Văn Minh",
        phone: "0987 654 321",
        email: "Minh.Le@Example.com",
        level: "b1",
      })
      .returning({ id: trialBookings.id });
    const attempt = (email: string | null, phone: string | null, reached: string, daysAgo: number) => ({
      tokenHash: `${email}-${phone}-${daysAgo}`,
      questionIds: [],
      language: "vi",
      submittedAt: new Date(Date.now() - daysAgo * 24 * HOUR),
      answers: {},
      byLevel: {},
      reachedLevel: reached,
      startLevel: reached,
      email,
      phone,
    });
    await database.db.insert(placementAttempts).values([
      attempt("minh.le@example.com", null, "A1", 10),
      // By the phone alone, written with +84: the same person, and the latest.
      attempt(null, "+84 987 654 321", "A2", 2),
      attempt("someone.else@example.com", "0900 000 000", "B2", 1),
    ]);
    const { list } = await bookingsView();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      id: inClass!.id,
      classId,
      courseTitle: b1.title,
      placement: { reached: "A2", startAt: "A2" },
    });
  });
});

/* ---------------------------------------------------------------- a booking's changes */

describe("marking after the lesson", () => {
  // Every status a booking can be in, with each mark: what the rule (canMarkTrial) allows is
  // done, anything else is refused with 409 and changes nothing.
  const cases = trialStatuses.flatMap((status) => trialMarks.map((mark) => ({ status, mark })));
  it.each(cases)("a $status booking marked $mark", async ({ status, mark }) => {
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status });
    const result = await post({ intent: "mark", id: booking.id, status: mark }, adminCookie, "?when=past");
    if (canMarkTrial(status)) {
      expect(statusOf(result)).toBe(302);
      expect((result as Response).headers.get("Location")).toBe(`${PAGE}?when=past&done=saved`);
      expect((await bookingRow(booking.id)).status).toBe(mark);
    } else {
      expect(statusOf(result)).toBe(409);
      expectTranslated(errorsOf(result));
      expect((await bookingRow(booking.id)).status).toBe(status);
    }
  });

  it("leaves a trial turned into an enrolment as it is, and refuses what is not a mark", async () => {
    const session = await createSession({ inHours: -3 });
    const enrollmentId = await enrolDirectly(
      database.db,
      await createClass(database.db, { courseId: b1.id }),
    );
    const converted = await book(session.id, { inHours: -3, status: "attended", enrollmentId });
    const refused = await post({ intent: "mark", id: converted.id, status: "no-show" });
    expect(statusOf(refused)).toBe(409);
    expect(errorsOf(refused)).toEqual({ "": ["admin-trials:errors.notAllowed"] });
    expect((await bookingRow(converted.id)).status).toBe("attended");

    for (const status of ["cancelled", "booked", ""]) {
      const bad = await post({ intent: "mark", id: converted.id, status });
      expect(statusOf(bad)).toBe(400);
      expectTranslated(errorsOf(bad));
    }
    const gone = await post({
      intent: "mark",
      id: "00000000-0000-4000-8000-000000000000",
      status: "attended",
    });
    expect(statusOf(gone)).toBe(404);
    expect(statusOf(await post({ intent: "mark", id: "not-an-id", status: "attended" }))).toBe(400);
  });

  it("records the admin's change in the audit log", async () => {
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3 });
    await post({ intent: "mark", id: booking.id, status: "attended" });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trial_bookings"), eq(auditLog.entityId, booking.id)));
    expect(entry).toMatchObject({ action: "update", actorEmail: "co.lan@lernhaus.test" });
    expect(entry!.changedFields).toContain("status");
  });
});

describe("the note", () => {
  it("is saved, cleared, bounded and refused for a booking that is gone", async () => {
    const session = await createSession();
    const booking = await book(session.id);
    expect(statusOf(await post({ intent: "note", id: booking.id, note: "  Gọi lại sau 18h  " }))).toBe(302);
    expect((await bookingRow(booking.id)).note).toBe("Gọi lại sau 18h");

    const long = await post({ intent: "note", id: booking.id, note: "x".repeat(1001) });
    expect(statusOf(long)).toBe(400);
    expect(errorsOf(long)).toEqual({ note: ["validation.tooLong"] });
    expectTranslated(errorsOf(long));
    expect((await bookingRow(booking.id)).note).toBe("Gọi lại sau 18h");

    expect(statusOf(await post({ intent: "note", id: booking.id, note: "" }))).toBe(302);
    expect((await bookingRow(booking.id)).note).toBe("");

    const gone = await post({ intent: "note", id: "00000000-0000-4000-8000-000000000000", note: "x" });
    expect(statusOf(gone)).toBe(404);
    expectTranslated(errorsOf(gone));
  });
});

describe("the school's cancel", () => {
  it("frees the booking's seat for /trial and tells the learner in their language", async () => {
    const session = await createSession({ capacity: 1 });
    const booking = await book(session.id, {
      startsAt: session.startsAt,
      endsAt: new Date(session.startsAt.getTime() + HOUR),
      language: "de",
    });
    const seats = async () =>
      (await listTrialSlots(database.db)).find((slot) => slot.key === `session:${session.id}`);
    expect((await seats())?.seatsLeft).toBe(0);
    expect(statusOf(await post({ intent: "cancel", id: booking.id }))).toBe(302);
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    expect((await seats())?.seatsLeft).toBe(1);
    const [told] = await mailsTo(booking.email, "trial-cancelled");
    expect(told!.subject).toMatch(/^Ihre Probestunde am \d\d\/\d\d\/\d{4} wurde abgesagt$/);
  });

  it.each(trialStatuses)("of a %s booking: only a booked one is cancelled", async (status) => {
    const session = await createSession();
    const booking = await book(session.id, { status });
    const result = await post({ intent: "cancel", id: booking.id });
    expect(statusOf(result)).toBe(status === "booked" ? 302 : 409);
    expect((await bookingRow(booking.id)).status).toBe(status === "booked" ? "cancelled" : status);
  });
});

/* ---------------------------------------------------------------- "Đăng ký khóa học" */

describe("turning an attended trial into an enrolment", () => {
  async function discountOn() {
    await updatePaymentSettings(database.db, {
      bankBin: "970436",
      accountNumber: "0011001234567",
      accountHolder: "TRUONG DUC NGU LERNHAUS",
      transferPrefix: "HOC PHI",
      firstCourseDiscount: true,
    });
  }

  it("creates one enrolment with the first-course discount, links it and mails the learner in the booking's language", async () => {
    await discountOn();
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended", language: "de", level: "b1" });
    const result = await post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`${PAGE}?done=saved`);

    const made = await database.db.select().from(enrollments);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      fullName: booking.fullName,
      email: booking.email,
      phone: booking.phone,
      courseId: b1.id,
      classId: null,
      schedule: "evening",
      experience: "intermediate",
      status: "new",
      language: "de",
      paymentAmount: amountDue(b1.price, true),
    });
    expect((await bookingRow(booking.id)).enrollmentId).toBe(made[0]!.id);

    const mails = await database.db
      .select({ kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject })
      .from(emailOutbox)
      .orderBy(asc(emailOutbox.kind));
    expect(mails).toEqual([
      { kind: "enrollment-confirmation", to: booking.email, subject: "Lernhaus hat Ihre Anmeldung erhalten" },
      {
        kind: "enrollment-notification",
        to: expect.any(String),
        subject: expect.stringContaining(booking.fullName),
      },
    ]);

    // The list links the row to the enrolment and offers no second conversion.
    const { list } = await bookingsView("?when=past");
    expect(list.rows[0]).toMatchObject({ id: booking.id, enrollmentId: made[0]!.id });
    expect(canConvertTrial(list.rows[0]!)).toBe(false);
    const again = await post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" });
    expect(statusOf(again)).toBe(409);
    expect(errorsOf(again)).toEqual({ "": ["admin-trials:errors.notConvertible"] });
    expect(await database.db.select().from(enrollments)).toHaveLength(1);
  });

  it("gives no discount to a learner who enrolled before (the same phone, another address)", async () => {
    await discountOn();
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended" });
    const [earlier] = await database.db
      .insert(enrollments)
      .values({
        fullName: booking.fullName,
        phone: booking.phone.replace("+84 ", "0"),
        email: "earlier.address@example.com",
        course: "a1",
        courseId: a1.id,
        schedule: "morning",
        status: "enrolled",
      })
      .returning({ id: enrollments.id });
    expect(
      statusOf(await post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "weekend" })),
    ).toBe(302);
    const [made] = await database.db.select().from(enrollments).where(eq(enrollments.email, booking.email));
    expect(made!.id).not.toBe(earlier!.id);
    expect(made!.paymentAmount).toBe(b1.price);
  });

  it("gives no discount while the payment setting is off", async () => {
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended" });
    expect(
      statusOf(await post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" })),
    ).toBe(302);
    const [made] = await database.db.select().from(enrollments);
    expect(made!.paymentAmount).toBe(b1.price);
  });

  it("enrols into a chosen class of the course (a seat taken under the class's lock)", async () => {
    const classId = await createClass(database.db, { courseId: b1.id, capacity: 4, startsOn: addDays(20) });
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended" });
    expect(statusOf(await post({ intent: "convert", id: booking.id, courseId: b1.id, classId }))).toBe(302);
    const [made] = await database.db.select().from(enrollments);
    expect(made).toMatchObject({ classId, waitlistRank: null, email: booking.email });
  });

  it("makes one enrolment when two admins click at once", async () => {
    await discountOn();
    const classId = await createClass(database.db, { courseId: b1.id, capacity: 4, startsOn: addDays(20) });
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended" });
    const results = await Promise.all([
      post({ intent: "convert", id: booking.id, courseId: b1.id, classId }),
      post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" }),
    ]);
    expect(results.map(statusOf).sort()).toEqual([302, 409]);
    const made = await database.db.select().from(enrollments);
    expect(made).toHaveLength(1);
    expect((await bookingRow(booking.id)).enrollmentId).toBe(made[0]!.id);
    const confirmations = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "enrollment-confirmation"), eq(emailOutbox.to, booking.email)));
    expect(confirmations).toHaveLength(1);
  });

  it.each(trialStatuses.filter((status) => status !== "attended"))(
    "refuses a %s trial and makes nothing",
    async (status) => {
      const session = await createSession({ inHours: -3 });
      const booking = await book(session.id, { inHours: -3, status });
      const result = await post({ intent: "convert", id: booking.id, courseId: b1.id, schedule: "evening" });
      expect(statusOf(result)).toBe(409);
      expectTranslated(errorsOf(result));
      expect(await database.db.select().from(enrollments)).toEqual([]);
      expect(await database.db.select().from(emailOutbox)).toEqual([]);
    },
  );

  it("answers bad input with the form's translated errors (400) and makes nothing", async () => {
    const otherClass = await createClass(database.db, { courseId: a1.id, startsOn: addDays(20) });
    const session = await createSession({ inHours: -3 });
    const booking = await book(session.id, { inHours: -3, status: "attended" });
    const cases: [Fields, Record<string, string[]>][] = [
      [{ schedule: "evening" }, { courseId: ["validation.required"] }],
      [
        { courseId: "00000000-0000-4000-8000-000000000000", schedule: "evening" },
        { courseId: ["validation.courseUnavailable"] },
      ],
      [{ courseId: b1.id }, { schedule: ["validation.required"] }],
      [{ courseId: b1.id, schedule: "midnight" }, { schedule: ["validation.invalidChoice"] }],
      [{ courseId: b1.id, classId: otherClass }, { classId: ["class-seats:errors.classUnavailable"] }],
    ];
    for (const [fields, errors] of cases) {
      const result = await post({ intent: "convert", id: booking.id, ...fields });
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(errorsOf(result)).toEqual(errors);
      expectTranslated(errorsOf(result));
    }
    expect(await database.db.select().from(enrollments)).toEqual([]);
    expect((await bookingRow(booking.id)).enrollmentId).toBeNull();
  });

  it("opens the dialog only for a trial it can convert, with the open courses and classes", async () => {
    const session = await createSession({ inHours: -3 });
    const attended = await book(session.id, { inHours: -3, status: "attended" });
    const booked = await book(session.id, { inHours: -3 });
    const open = await bookingsView(`?when=past&dialog=edit&kind=convert&id=${attended.id}`);
    expect(open.dialog).toMatchObject({ kind: "convert", booking: { id: attended.id } });
    expect(open.dialog?.choices?.courses.map((course) => course.id)).toContain(b1.id);
    expect((await bookingsView(`?when=past&dialog=edit&kind=convert&id=${booked.id}`)).dialog).toBeNull();
    expect((await bookingsView(`?when=past&dialog=edit&kind=note&id=${booked.id}`)).dialog).toMatchObject({
      kind: "note",
    });
  });
});

/* ---------------------------------------------------------------- the school's trial sessions */

describe("trial sessions", () => {
  const sessionFields = (overrides: Fields = {}): Fields => ({
    intent: "save-session",
    day: addDays(5),
    time: "19:30",
    durationMinutes: "45",
    capacity: "5",
    teacherId,
    meetingUrl: "https://meet.example.com/abc",
    ...overrides,
  });

  it("are created with their day and time read in Vietnam", async () => {
    const result = await post(sessionFields(), adminCookie, "?tab=sessions&dialog=new&kind=session");
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`${PAGE}?tab=sessions&done=saved`);
    const [row] = await database.db.select().from(trialSessions);
    expect(row).toMatchObject({
      startsAt: vietnamInstant(addDays(5), "19:30"),
      durationMinutes: 45,
      capacity: 5,
      teacherId,
      meetingUrl: "https://meet.example.com/abc",
      cancelled: false,
    });
    const listed = (await view("?tab=sessions")) as Awaited<ReturnType<typeof loader>>;
    expect(listed.tab === "sessions" && listed.sessions.map((session) => session.id)).toEqual([row!.id]);
  });

  it("refuse bad input with translated errors (400)", async () => {
    const cases: [Fields, string][] = [
      [{ day: "2026-02-30" }, "day"],
      [{ time: "25:00" }, "time"],
      [{ durationMinutes: "10" }, "durationMinutes"],
      [{ durationMinutes: "241" }, "durationMinutes"],
      [{ capacity: "0" }, "capacity"],
      [{ capacity: "31" }, "capacity"],
      [{ meetingUrl: "http://meet.example.com/abc" }, "meetingUrl"],
      [{ teacherId: "someone" }, "teacherId"],
    ];
    for (const [overrides, field] of cases) {
      const result = await post(sessionFields(overrides));
      expect(statusOf(result), JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(errorsOf(result) ?? {})).toEqual([field]);
      expectTranslated(errorsOf(result));
    }
    expect(await database.db.select().from(trialSessions)).toEqual([]);
  });

  it("moved, move their bookings' start and end in the same save", async () => {
    const session = await createSession();
    const first = await book(session.id, {
      startsAt: session.startsAt,
      endsAt: new Date(session.startsAt.getTime() + HOUR),
    });
    const cancelled = await book(session.id, {
      status: "cancelled",
      startsAt: session.startsAt,
      endsAt: new Date(session.startsAt.getTime() + HOUR),
    });
    const result = await post(
      sessionFields({ id: session.id, day: addDays(9), time: "08:15", durationMinutes: "90" }),
    );
    expect(statusOf(result)).toBe(302);
    const startsAt = vietnamInstant(addDays(9), "08:15");
    const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
    for (const id of [first.id, cancelled.id])
      expect(await bookingRow(id)).toMatchObject({ startsAt, endsAt });
    // The learner still coming is told the new time, with the lesson's calendar file; the
    // cancelled one is not.
    const [told] = await mailsTo(first.email, "trial-moved");
    expect(told!.subject).toContain("08:15–09:45");
    expect(told!.calendar).toContain(`UID:trial-${first.id}@lernhaus`);
    expect(told!.calendar).toContain(`DTSTART:${startsAt.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`);
    expect(await mailsTo(cancelled.email, "trial-moved")).toEqual([]);
    // Saved again at the same time: nobody is told twice.
    await post(sessionFields({ id: session.id, day: addDays(9), time: "08:15", durationMinutes: "90" }));
    expect(await mailsTo(first.email, "trial-moved")).toHaveLength(1);
    // A booking of another session stays where it was.
    const other = await createSession({ inHours: 100 });
    const elsewhere = await book(other.id, { inHours: 100 });
    await post(sessionFields({ id: session.id, day: addDays(10) }));
    expect((await bookingRow(elsewhere.id)).startsAt).toEqual(elsewhere.startsAt);
    // A session that is gone is said to be.
    const gone = await post(sessionFields({ id: "00000000-0000-4000-8000-000000000000" }));
    expect(statusOf(gone)).toBe(409);
    expectTranslated(errorsOf(gone));
  });

  it("with bookings are not deleted but cancelled, with their booked learners' bookings", async () => {
    const session = await createSession();
    const booked = await book(session.id);
    const attended = await book(session.id, { status: "attended" });
    const refused = await post(
      { intent: "delete", id: session.id },
      adminCookie,
      `?tab=sessions&dialog=delete&kind=session&id=${session.id}`,
    );
    expect(statusOf(refused)).toBe(409);
    expect(errorsOf(refused)).toEqual({ "": ["admin-trials:sessions.errors.hasBookings"] });
    expectTranslated(errorsOf(refused));
    expect(await database.db.select().from(trialSessions)).toHaveLength(1);

    expect(
      statusOf(await post({ intent: "cancel-session", id: session.id }, adminCookie, "?tab=sessions")),
    ).toBe(302);
    const [row] = await database.db.select().from(trialSessions).where(eq(trialSessions.id, session.id));
    expect(row!.cancelled).toBe(true);
    expect((await bookingRow(booked.id)).status).toBe("cancelled");
    expect((await bookingRow(attended.id)).status).toBe("attended");
    // The learner who was coming is told; the one who came is not.
    expect(await mailsTo(booked.email, "trial-cancelled")).toHaveLength(1);
    expect(await mailsTo(attended.email, "trial-cancelled")).toEqual([]);
    // No longer offered on /trial.
    expect((await listTrialSlots(database.db)).some((slot) => slot.key === `session:${session.id}`)).toBe(
      false,
    );
  });

  it("without bookings are deleted", async () => {
    const session = await createSession();
    const kept = await createSession({ inHours: 60 });
    const result = await post({ intent: "delete", id: session.id }, adminCookie, "?tab=sessions");
    expect(statusOf(result)).toBe(302);
    const left = await database.db.select({ id: trialSessions.id }).from(trialSessions);
    expect(left).toEqual([{ id: kept.id }]);
    expect(statusOf(await post({ intent: "delete", id: session.id }))).toBe(409);
    expect(statusOf(await post({ intent: "cancel-session", id: session.id }))).toBe(404);
  });
});

/* ---------------------------------------------------------------- Settings › Trial lesson */

describe("the trial settings", () => {
  it("are saved from Settings and bounded", async () => {
    const saved = await post(
      { intent: "save-trial", offer: "both", classSeats: "3" },
      adminCookie,
      "?tab=trial",
      settingsAction,
      "/admin/settings",
    );
    expect(statusOf(saved)).toBe(302);
    expect(await getTrialSettings(database.db)).toEqual({ offer: "both", classSeats: 3 });
    for (const fields of [
      { offer: "everything", classSeats: "3" },
      { offer: "classes", classSeats: "9" },
      { offer: "classes", classSeats: "0" },
    ]) {
      const refused = await post(
        { intent: "save-trial", ...fields },
        adminCookie,
        "?tab=trial",
        settingsAction,
        "/admin/settings",
      );
      expect(statusOf(refused), JSON.stringify(fields)).toBe(400);
      expectTranslated(errorsOf(refused));
    }
    const [row] = await database.db
      .select({ offer: schoolSettings.trialOffer, seats: schoolSettings.trialClassSeats })
      .from(schoolSettings);
    expect(row).toEqual({ offer: "both", seats: 3 });
  });
});
