// A learner's account (ADR 026): sign-up mails a verification link in the page's language, the
// link proves the address (bad and expired links are answers, not errors), sending it again is
// limited; "Khóa học của tôi" lists the enrolments under the proven address (any case) and those
// made while signed in, never someone else's, and nothing while unproven; a learner cancels only
// their own enrolment, the school is told and the audit log names the learner.

import { createEmailVerificationToken } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyEmailToken } from "~/auth/email-verification.server";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { signUpWithPassword } from "~/auth/sign-in.server";
import { parseConfig } from "~/config.server";
import { actorScopedDb } from "~/db/audit-actor.server";
import { auditLog, courseClasses, courses, emailOutbox, enrollments, user } from "~/db/schema";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { cancelLearnerEnrollment, listLearnerEnrollments } from "~/models/learner-enrollment.server";
import { action as enrollmentApi } from "~/routes/api/email.enrollment";
import { loader as verifyLoader } from "~/routes/auth/verify-email";
import { action as profileAction, loader as profileLoader } from "~/routes/site/profile";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3993";
const SECRET = "integration-test-secret-0123456789abcdef";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let sink: SmtpSink;

function contextFor(ip = "203.0.113.9"): AppLoadContext {
  return { ...context, db: database.db, clientIp: ip };
}

/** Signs up through our sign-up path; returns the session cookie. */
async function signUp(email: string, name: string, language = "vi") {
  const outcome = await signUpWithPassword(
    new Request(`${APP_URL}/signup`, {
      method: "POST",
      headers: { cookie: `lng=${language}`, origin: APP_URL },
    }),
    contextFor(),
    { name, email, password: "Lernen-2025!" },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  const session = outcome.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return `${session}; lng=${language}`;
}

async function sessionUser(cookie: string): Promise<SessionUser> {
  const found = await getSessionUser(
    new Request(`${APP_URL}/profile`, { headers: { cookie } }),
    contextFor(),
  );
  if (!found) throw new Error("not signed in");
  return found;
}

async function deliverAndRead(to: string) {
  const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
  await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
  transport.close();
  return sink.waitFor((m) => m.to.includes(to));
}

const verificationLink = (text: string) => new URL(/http\S+\/verify-email\?token=\S+/.exec(text)![0]);

function post(cookie: string, form: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}/profile`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return (profileAction as (args: unknown) => Promise<unknown>)({
    request,
    context: contextFor(),
    params: {},
  }).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: { status?: number } })?.init?.status ?? 200);

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const config = { ...parseConfig({ APP_URL, SCHOOL_INBOX: "school@lernhaus.test" }), authSecret: SECRET };
  context = {
    db: database.db,
    config,
    clientIp: "203.0.113.9",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
  return () => sink.close();
});

describe("email verification", () => {
  it("mails the link on sign-up in the page's language; following it verifies and lands on /profile", async () => {
    const cookie = await signUp("Linh.Verify@lernhaus.test", "Linh", "de");
    expect((await sessionUser(cookie)).emailVerified).toBe(false);
    const mail = await deliverAndRead("linh.verify@lernhaus.test");
    expect(mail.subject).toBe("Bestätigen Sie die E-Mail Ihres Lernhaus-Kontos");
    expect(mail.text).toContain("Hallo Linh,");
    const link = verificationLink(mail.text);
    expect(link.origin + link.pathname).toBe(`${APP_URL}/verify-email`);

    const landed = await (verifyLoader as (args: unknown) => Promise<unknown>)({
      request: new Request(link, { headers: { cookie } }),
      context: contextFor(),
      params: {},
    }).catch((thrown: unknown) => thrown);
    expect(landed).toBeInstanceOf(Response);
    expect((landed as Response).headers.get("Location")).toBe("/profile?verified=1");
    expect((await sessionUser(cookie)).emailVerified).toBe(true);
  });

  it("answers a bad, a forged and an expired link with a page, not an error", async () => {
    expect(await verifyEmailToken(contextFor(), "")).toBe("invalid");
    expect(await verifyEmailToken(contextFor(), "not-a-token")).toBe("invalid");
    const forged = await createEmailVerificationToken(
      "another-secret-0123456789abcdef-xyz",
      "x@lernhaus.test",
    );
    expect(await verifyEmailToken(contextFor(), forged)).toBe("invalid");
    const expired = await createEmailVerificationToken(SECRET, "x@lernhaus.test", undefined, -60);
    expect(await verifyEmailToken(contextFor(), expired)).toBe("expired");
    const page = await (verifyLoader as (args: unknown) => Promise<{ init: { status: number } }>)({
      request: new Request(`${APP_URL}/verify-email?token=${expired}`),
      context: contextFor(),
      params: {},
    });
    expect(page.init.status).toBe(400);
  });

  it("works once: the same link opened again says it was used, and does nothing", async () => {
    const cookie = await signUp("once@lernhaus.test", "Once");
    const token = verificationLink((await deliverAndRead("once@lernhaus.test")).text).searchParams.get(
      "token",
    )!;
    expect(await verifyEmailToken(contextFor(), token)).toBe("verified");
    expect((await sessionUser(cookie)).emailVerified).toBe(true);
    // Within its 24 hours, signed out (a forwarded mail, a shared computer's history): refused.
    const again = await (
      verifyLoader as (args: unknown) => Promise<{ data: unknown; init: { status: number } }>
    )({
      request: new Request(`${APP_URL}/verify-email?token=${token}`),
      context: contextFor("198.51.100.3"),
      params: {},
    });
    expect(again.init.status).toBe(400);
    expect(again.data).toEqual({ outcome: "used", signedIn: false });
    // The owner, signed in, is sent to their courses as the first time.
    const owner = await (verifyLoader as (args: unknown) => Promise<unknown>)({
      request: new Request(`${APP_URL}/verify-email?token=${token}`, { headers: { cookie } }),
      context: contextFor(),
      params: {},
    }).catch((thrown: unknown) => thrown);
    expect((owner as Response).headers.get("Location")).toBe("/profile?verified=1");
    // A link refused as expired used nothing up: it keeps saying why.
    const expired = await createEmailVerificationToken(SECRET, "once@lernhaus.test", undefined, -60);
    expect(await verifyEmailToken(contextFor(), expired)).toBe("expired");
    expect(await verifyEmailToken(contextFor(), expired)).toBe("expired");
  });

  it("lets only one of two simultaneous visits of a link use it", async () => {
    await signUp("twice@lernhaus.test", "Twice");
    const token = verificationLink((await deliverAndRead("twice@lernhaus.test")).text).searchParams.get(
      "token",
    )!;
    const outcomes = await Promise.all([
      verifyEmailToken(contextFor(), token),
      verifyEmailToken(contextFor(), token),
    ]);
    expect(outcomes.sort()).toEqual(["used", "verified"]);
  });

  it("sends the link again on request, a few times an hour, and not once verified", async () => {
    const cookie = await signUp("resend@lernhaus.test", "Resend");
    await database.db.delete(emailOutbox);
    for (let i = 0; i < 3; i++) {
      const sent = await post(cookie, { intent: "resend-verification" });
      expect(statusOf(sent)).toBe(200);
    }
    const refused = (await post(cookie, { intent: "resend-verification" })) as {
      init: { status: number; headers: Record<string, string> };
    };
    expect(refused.init.status).toBe(429);
    expect(Number(refused.init.headers["Retry-After"])).toBeGreaterThan(0);
    const queued = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "email-verification"));
    expect(queued).toHaveLength(3);

    const verifiedCookie = await signUp("already@lernhaus.test", "Already");
    await database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, "already@lernhaus.test"));
    expect(statusOf(await post(verifiedCookie, { intent: "resend-verification" }))).toBe(409);
  });
});

describe("my courses", () => {
  let courseId: string;
  let classId: string;
  beforeAll(async () => {
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "B1",
        title: "Tiếng Đức B1",
        description: "",
        duration: "3 tháng",
        lessons: "36",
        price: 3_500_000,
        color: "blue",
      })
      .returning({ id: courses.id });
    courseId = course!.id;
    const [klass] = await database.db
      .insert(courseClasses)
      .values({
        courseId,
        startsOn: "2055-01-05",
        sessionCount: 24,
        weekdays: [2, 4],
        startTime: "19:00",
        endTime: "20:30",
        capacity: 1,
      })
      .returning({ id: courseClasses.id });
    classId = klass!.id;
  });

  const enrol = async (values: Partial<typeof enrollments.$inferInsert> & { email: string }) => {
    const [row] = await database.db
      .insert(enrollments)
      .values({ fullName: "Học viên", phone: "0912345678", course: "b1", schedule: "evening", ...values })
      .returning({ id: enrollments.id });
    return row!.id;
  };

  it("lists the proven address's enrolments (any case) and the account's, with class and waitlist, nothing of others", async () => {
    const cookie = await signUp("mai.list@lernhaus.test", "Mai");
    const learner = await sessionUser(cookie);
    const before = await enrol({ email: "MAI.List@Lernhaus.test", courseId, classId });
    const whileSignedIn = await enrol({
      email: "other-address@lernhaus.test",
      userId: learner.id,
      course: "consultation",
    });
    const someoneElse = await enrol({ email: "someone@lernhaus.test", classId, courseId, waitlistRank: 1 });
    const waitlisted = await enrol({ email: "mai.list@lernhaus.test", classId, courseId, waitlistRank: 5 });

    // Unproven: nothing, not even what was made while signed in.
    expect(await listLearnerEnrollments(database.db, learner)).toEqual([]);
    const unverifiedPage = (
      await (profileLoader as (args: unknown) => Promise<{ learner: { enrollments: unknown[] } }>)({
        request: new Request(`${APP_URL}/profile`, { headers: { cookie } }),
        context: contextFor(),
        params: {},
      })
    ).learner;
    expect(unverifiedPage.enrollments).toEqual([]);

    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learner.id));
    const list = await listLearnerEnrollments(database.db, { ...learner, emailVerified: true });
    expect(list.map((row) => row.id).sort()).toEqual([before, whileSignedIn, waitlisted].sort());
    expect(list.map((row) => row.id)).not.toContain(someoneElse);
    const held = list.find((row) => row.id === before)!;
    expect(held).toMatchObject({
      courseTitle: "Tiếng Đức B1",
      classStartsOn: "2055-01-05",
      classWeekdays: [2, 4],
      classStartTime: "19:00:00",
      waitlistPosition: null,
      status: "new",
      paymentStatus: "pending",
    });
    // Someone else is ranked before: position 2.
    expect(list.find((row) => row.id === waitlisted)!.waitlistPosition).toBe(2);
    expect(list.find((row) => row.id === whileSignedIn)).toMatchObject({
      level: "consultation",
      classId: null,
    });
  });

  it("cancels the learner's own enrolment once, tells the school, logs it; refuses someone else's", async () => {
    const cookie = await signUp("cancel.me@lernhaus.test", "Cancel");
    const learner = await sessionUser(cookie);
    const mine = await enrol({ email: "Cancel.Me@lernhaus.test", courseId, classId });
    const theirs = await enrol({ email: "stranger@lernhaus.test", courseId, classId });
    await database.db.delete(emailOutbox);

    // Unproven address: an enrolment under it is not the learner's to cancel.
    expect(statusOf(await post(cookie, { intent: "cancel-enrollment", enrollmentId: mine }))).toBe(404);
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learner.id));

    const done = await post(cookie, { intent: "cancel-enrollment", enrollmentId: mine });
    expect(statusOf(done)).toBe(302);
    expect((done as Response).headers.get("Location")).toMatch(/^\/profile\?cancelled=1/);
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, mine));
    expect(row).toMatchObject({ status: "cancelled", waitlistRank: null });

    const [notice] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "enrollment-cancelled-by-learner"));
    expect(notice).toMatchObject({ to: "school@lernhaus.test", replyTo: "Cancel.Me@lernhaus.test" });
    expect(notice!.subject).toContain("Tiếng Đức B1");

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "enrollments"), eq(auditLog.entityId, mine)));
    expect(entry).toMatchObject({ actorId: learner.id, action: "update" });

    expect(statusOf(await post(cookie, { intent: "cancel-enrollment", enrollmentId: mine }))).toBe(409);
    expect(statusOf(await post(cookie, { intent: "cancel-enrollment", enrollmentId: theirs }))).toBe(404);
    expect(statusOf(await post(cookie, { intent: "cancel-enrollment", enrollmentId: "nope" }))).toBe(400);
    const [untouched] = await database.db.select().from(enrollments).where(eq(enrollments.id, theirs));
    expect(untouched!.status).toBe("new");
  });

  it("lets an unproven account cancel what it enrolled while signed in", async () => {
    const cookie = await signUp("own.account@lernhaus.test", "Own");
    const learner = await sessionUser(cookie);
    const mine = await enrol({ email: "typed-else@lernhaus.test", userId: learner.id });
    const scoped = actorScopedDb(database.db, { id: learner.id, email: learner.email, ip: "203.0.113.9" });
    expect(await cancelLearnerEnrollment(scoped, learner, mine, "school@lernhaus.test")).toBe("cancelled");
    const count = await database.db.execute(
      sql`select count(*)::int as n from enrollments where id = ${mine} and status = 'cancelled'`,
    );
    expect((count.rows[0] as { n: number }).n).toBe(1);
  });

  it("records the signed-in account on an enrolment sent through the API, none for a visitor", async () => {
    const cookie = await signUp("api.signed@lernhaus.test", "Api");
    const learner = await sessionUser(cookie);
    const send = async (headers: Record<string, string>, email: string) => {
      const response = (await (enrollmentApi as (args: unknown) => Promise<Response>)({
        request: new Request(`${APP_URL}/api/email/enrollment`, {
          method: "POST",
          headers: { "Content-Type": "application/json", origin: APP_URL, ...headers },
          body: JSON.stringify({
            fullName: "Api Học Viên",
            phone: "0912 555 000",
            email,
            course: "consultation",
            schedule: "evening",
          }),
        }),
        context: contextFor("198.51.100.20"),
        params: {},
      })) as Response;
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    };
    const signedIn = await send({ cookie }, "typed.other@lernhaus.test");
    const anonymous = await send({}, "visitor@lernhaus.test");
    const rows = await database.db
      .select({ id: enrollments.id, userId: enrollments.userId })
      .from(enrollments)
      .where(sql`${enrollments.id} in (${signedIn}, ${anonymous})`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.userId]))).toEqual({
      [signedIn]: learner.id,
      [anonymous]: null,
    });
  });
});
