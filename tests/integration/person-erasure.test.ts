// Personal data through the real route modules: an admin corrects and deletes single records and
// erases a person across every table (and the .eml copies); a signed-in learner erases their own
// data (at once when their address is proven, else through a mailed link) and deletes their
// account; the audit log names who did it and keeps counts, never the erased data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondFactorLimitKeys, signInLimitKeys } from "~/auth/attempt-limits.server";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import {
  account,
  auditLog,
  contactMessages,
  emailOutbox,
  enrollmentNotes,
  enrollments,
  messageReplies,
  newsletterSubscribers,
  placementAttempts,
  session,
  trialBookings,
  trialSessions,
  user,
} from "~/db/schema";
import { submissionRateLimitKeys } from "~/models/public-submission.server";
import { hitRateLimit } from "~/models/request-limit.server";
import { findUserByEmail, setUserRole } from "~/models/user.server";
import { action as messagesAction } from "~/routes/admin/messages";
import { action as eraseAction, loader as eraseLoader } from "~/routes/admin/settings.erase";
import { action as studentsAction } from "~/routes/admin/students";
import { action as profileAction } from "~/routes/site/profile";
import { action as selfEraseAction } from "~/routes/site/profile.erase";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3995";
const PASSWORD = "Lernen-2025!";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let config: AppLoadContext["config"];
let dataDir: string;
let adminCookie: string;

function contextFor(ip = "198.51.100.20"): AppLoadContext {
  return {
    db: database.db,
    config,
    clientIp: ip,
    cspNonce: "",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  } as unknown as AppLoadContext;
}

async function signUp(email: string, name: string, role?: "admin") {
  const auth = authFor(contextFor());
  const headers = new Headers({ origin: APP_URL });
  const { user } = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name }, headers });
  // A role set after signing in would end that session (issue 30): set it first.
  if (role) await setUserRole(database.db, user.id, role);
  // Sign-up mails a verification link; these tests count and read the other mails.
  await database.db.delete(emailOutbox).where(eq(emailOutbox.kind, "email-verification"));
  const response = await auth.api.signInEmail({
    body: { email, password: PASSWORD },
    headers,
    asResponse: true,
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type AnyAction = (args: never) => Promise<unknown>;

async function post(action: AnyAction, cookie: string, url: string, form: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}${url}`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return (action as (args: unknown) => Promise<unknown>)({
    request,
    context: contextFor(),
    params: {},
  }).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } })?.init?.status;

const enrollment = (values: Partial<typeof enrollments.$inferInsert>) => ({
  fullName: "Ngô Bảo Châu",
  phone: "0912 345 678",
  email: "chau@example.test",
  course: "a1",
  schedule: "morning",
  ...values,
});

const message = (values: Partial<typeof contactMessages.$inferInsert>) => ({
  name: "Ngô Bảo Châu",
  email: "chau@example.test",
  phone: "0912345678",
  subject: "pricing",
  message: "Học phí?",
  ...values,
});

const mail = (values: Partial<typeof emailOutbox.$inferInsert>) => ({
  kind: "test",
  to: "school@lernhaus.test",
  subject: "Mail",
  text: "Xin chào",
  ...values,
});

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-erasure-"));
  config = {
    ...parseConfig({ APP_URL, DATA_DIR: dataDir }),
    authSecret: "integration-test-secret-0123456789abcdef",
  };
  adminCookie = await signUp("co.mai@lernhaus.test", "Cô Mai", "admin");
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("an admin", () => {
  it("corrects an enrolment's and a message's personal fields, logged with the changed fields", async () => {
    const [row] = await database.db
      .insert(enrollments)
      .values(enrollment({ email: "sai@example.test" }))
      .returning();
    const result = await post(studentsAction, adminCookie, `/admin/students?id=${row!.id}`, {
      intent: "edit-personal",
      id: row!.id,
      fullName: "Ngô Bảo Châu",
      email: "dung@example.test",
      phone: "0912 345 679",
    });
    expect(statusOf(result)).toBe(302);
    const [stored] = await database.db.select().from(enrollments).where(eq(enrollments.id, row!.id));
    expect(stored).toMatchObject({ email: "dung@example.test", phone: "0912 345 679" });

    const invalid = await post(studentsAction, adminCookie, `/admin/students?id=${row!.id}`, {
      intent: "edit-personal",
      id: row!.id,
      fullName: "",
      email: "not-an-email",
      phone: "12",
    });
    expect(statusOf(invalid)).toBe(400);

    const [msg] = await database.db
      .insert(contactMessages)
      .values(message({ name: "Chau" }))
      .returning();
    expect(
      statusOf(
        await post(messagesAction, adminCookie, `/admin/messages?id=${msg!.id}`, {
          intent: "edit-personal",
          id: msg!.id,
          name: "Ngô Bảo Châu",
          email: "chau@example.test",
          phone: "0912345678",
        }),
      ),
    ).toBe(302);
    const [storedMessage] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, msg!.id));
    expect(storedMessage!.name).toBe("Ngô Bảo Châu");

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} in (${row!.id}, ${msg!.id})`);
    expect(entries.map((e) => [e.entity, e.changedFields])).toEqual(
      expect.arrayContaining([
        ["enrollments", ["email", "phone"]],
        ["contact_messages", ["name"]],
      ]),
    );
    await database.db.delete(contactMessages).where(eq(contactMessages.id, msg!.id));
  });

  it("deletes a single record only after a ticked confirmation", async () => {
    const [row] = await database.db
      .insert(enrollments)
      .values(enrollment({ email: "spam@example.test" }))
      .returning();
    const unconfirmed = await post(studentsAction, adminCookie, `/admin/students?id=${row!.id}`, {
      intent: "delete-record",
      id: row!.id,
    });
    expect(statusOf(unconfirmed)).toBe(400);
    expect(await database.db.select().from(enrollments).where(eq(enrollments.id, row!.id))).toHaveLength(1);
    const deleted = await post(studentsAction, adminCookie, `/admin/students?id=${row!.id}&page=2`, {
      intent: "delete-record",
      id: row!.id,
      confirm: "on",
    });
    expect(statusOf(deleted)).toBe(302);
    expect((deleted as Response).headers.get("Location")).toBe("/admin/students?page=2");
    expect(await database.db.select().from(enrollments).where(eq(enrollments.id, row!.id))).toHaveLength(0);

    const [spam] = await database.db
      .insert(contactMessages)
      .values(message({ email: "spam@example.test" }))
      .returning();
    const gone = await post(messagesAction, adminCookie, `/admin/messages?id=${spam!.id}`, {
      intent: "delete-record",
      id: spam!.id,
      confirm: "on",
    });
    expect(statusOf(gone)).toBe(302);
    expect(
      await database.db.select().from(contactMessages).where(eq(contactMessages.id, spam!.id)),
    ).toHaveLength(0);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, spam!.id));
    expect(entry).toMatchObject({
      entity: "contact_messages",
      action: "delete",
      actorEmail: "co.mai@lernhaus.test",
    });
  });

  it("erases a person across every table and the .eml copies, and keeps everyone else", async () => {
    // Hers: found by email in any case, or by phone in any notation.
    const [e1] = await database.db
      .insert(enrollments)
      .values(enrollment({ email: "Lan.Tran@Example.test", phone: "+84 903 111 222" }))
      .returning();
    await database.db
      .insert(enrollments)
      .values(enrollment({ email: "other-address@example.test", phone: "0903.111.222" }));
    await database.db
      .insert(enrollmentNotes)
      .values({ enrollmentId: e1!.id, authorName: "Cô Mai", body: "Gọi lại" });
    const [m1] = await database.db
      .insert(contactMessages)
      .values(message({ email: "lan.tran@example.test", phone: "0999 000 111" }))
      .returning();
    const [replyMail] = await database.db
      .insert(emailOutbox)
      .values(mail({ to: "lan.tran@example.test", status: "sent" }))
      .returning();
    await database.db
      .insert(messageReplies)
      .values({ messageId: m1!.id, authorName: "Cô Mai", body: "Chào Lan", outboxId: replyMail!.id });
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: "lan.tran@example.test", token: "tok-lan" });
    await database.db
      .insert(emailOutbox)
      .values([
        mail({ replyTo: "lan.tran@example.test", text: "Họ tên: Lan" }),
        mail({ text: "Đăng ký mới\nSố điện thoại: 0903 111 222\nEmail: khac@example.test" }),
      ]);
    // Not hers: a longer address that contains hers, another phone, another subscriber.
    await database.db
      .insert(enrollments)
      .values(enrollment({ email: "xlan.tran@example.test", phone: "0903111223" }));
    await database.db.insert(newsletterSubscribers).values({ email: "hoa@example.test", token: "tok-hoa" });
    await database.db
      .insert(emailOutbox)
      .values(mail({ text: "Email: xlan.tran@example.test, 09031112229" }));
    // Her placement test results: one left with her email, one with her phone; and someone else's.
    const testResult = (tokenHash: string, contact: { email?: string; phone?: string }) => ({
      tokenHash,
      questionIds: [],
      language: "vi",
      submittedAt: new Date(),
      answers: {},
      byLevel: {},
      startLevel: "A1",
      ...contact,
    });
    await database.db
      .insert(placementAttempts)
      .values([
        testResult("a".repeat(64), { email: "Lan.Tran@example.test" }),
        testResult("b".repeat(64), { phone: "+84 903 111 222" }),
        testResult("c".repeat(64), { email: "xlan.tran@example.test" }),
      ]);
    // Her trial lessons: one booked with her email, one with her phone; and someone else's.
    const [session] = await database.db
      .insert(trialSessions)
      .values({ startsAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: trialSessions.id });
    const trial = (email: string, phone: string) => ({
      trialSessionId: session!.id,
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 90_000_000),
      fullName: "Lan",
      email,
      phone,
      level: "a1",
    });
    await database.db
      .insert(trialBookings)
      .values([
        trial("lan.tran@EXAMPLE.test", "0900 000 001"),
        trial("lan.other@example.test", "84903111222"),
        trial("xlan.tran@example.test", "0903 111 2229"),
      ]);
    const mailDir = path.join(dataDir, "mail");
    fs.mkdirSync(mailDir, { recursive: true });
    fs.writeFileSync(
      path.join(mailDir, "hers.eml"),
      "To: Lan <lan.tran@example.test>\nSubject: x\n\nXin chào",
    );
    fs.writeFileSync(
      path.join(mailDir, "notification.eml"),
      "To: school@lernhaus.test\n\nSĐT: 0903 111 =\n222",
    );
    fs.writeFileSync(path.join(mailDir, "other.eml"), "To: hoa@example.test\n\nXin chào");

    const person = { email: "LAN.TRAN@example.test", phone: "0903111222" };
    const preview = await eraseLoader({
      request: new Request(`${APP_URL}/admin/settings/erase?${new URLSearchParams(person)}`, {
        headers: { cookie: adminCookie },
      }),
      context: contextFor(),
      params: {},
    } as Parameters<typeof eraseLoader>[0]);
    expect(preview.counts).toEqual({
      enrollments: 2,
      enrollmentNotes: 1,
      contactMessages: 1,
      messageReplies: 1,
      newsletterSubscribers: 1,
      placementResults: 2,
      trialBookings: 2,
      outboxMails: 3,
      accounts: 0,
      rateLimits: 0,
    });

    const unconfirmed = await post(eraseAction, adminCookie, "/admin/settings/erase", person);
    expect(unconfirmed).toMatchObject({ status: "error" });
    const result = await post(eraseAction, adminCookie, "/admin/settings/erase", {
      ...person,
      confirm: "on",
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toContain("enrollments=2");

    const left = async (table: typeof enrollmentNotes | typeof contactMessages | typeof messageReplies) =>
      (await database.db.select({ n: count() }).from(table))[0]!.n;
    expect(
      (await database.db.select({ email: enrollments.email }).from(enrollments)).map((r) => r.email).sort(),
    ).toEqual(["dung@example.test", "xlan.tran@example.test"]);
    expect(await left(enrollmentNotes)).toBe(0);
    expect(await left(contactMessages)).toBe(0);
    expect(await left(messageReplies)).toBe(0);
    expect(
      (await database.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map(
        (r) => r.email,
      ),
    ).toEqual(["hoa@example.test"]);
    expect(
      (await database.db.select({ text: emailOutbox.text }).from(emailOutbox)).map((r) => r.text),
    ).toEqual(["Email: xlan.tran@example.test, 09031112229"]);
    expect(fs.readdirSync(mailDir)).toEqual(["other.eml"]);
    expect(
      (await database.db.select({ email: placementAttempts.email }).from(placementAttempts)).map(
        (r) => r.email,
      ),
    ).toEqual(["xlan.tran@example.test"]);
    expect(
      (await database.db.select({ email: trialBookings.email }).from(trialBookings)).map((r) => r.email),
    ).toEqual(["xlan.tran@example.test"]);

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entity, "person"));
    expect(entry).toMatchObject({ action: "erase", actorEmail: "co.mai@lernhaus.test", ip: "198.51.100.20" });
    expect(entry!.detail).toMatchObject({ by: "admin", enrollments: 2, outboxMails: 3, mailFiles: 2 });
    const everything = JSON.stringify(await database.db.select().from(auditLog));
    expect(everything).not.toMatch(/lan\.tran|0903|903 111/i);
  });

  it("erases the person's account (sessions, sign-in methods) and every rate-limit counter naming them", async () => {
    const hoaCookie = await signUp("hoa.pham@example.test", "Phạm Thị Hoa");
    const hoa = (await findUserByEmail(database.db, "hoa.pham@example.test"))!;
    await signUp("hoa.pham2@example.test", "Another Hoa");
    const ip = "203.0.113.9";
    // Her counters as the app's limits write them: failed sign-ins and second-factor codes, the
    // enrolment form's per-email and per-phone counters; and counters that are not hers.
    const keys = [
      ...signInLimitKeys("hoa.pham@example.test", ip),
      ...secondFactorLimitKeys(hoa.id, ip),
      ...submissionRateLimitKeys("enrollment", {
        clientIp: ip,
        email: "Hoa.Pham@example.test",
        phone: "+84 988 777 666",
      }),
      ...signInLimitKeys("hoa.pham2@example.test", "203.0.113.10"),
      ...submissionRateLimitKeys("contact", {
        clientIp: ip,
        email: "xhoa.pham@example.test",
        phone: "0988 777 6667",
      }),
    ];
    for (const { key, rule } of keys) await hitRateLimit(database.db, key, rule);
    const limitKeys = async () =>
      (await database.db.execute<{ key: string }>(sql`select key from request_limits order by key`)).rows.map(
        (row) => row.key,
      );
    const before = await limitKeys();

    const person = { email: "hoa.pham@example.test", phone: "0988777666" };
    const preview = await eraseLoader({
      request: new Request(`${APP_URL}/admin/settings/erase?${new URLSearchParams(person)}`, {
        headers: { cookie: adminCookie },
      }),
      context: contextFor(),
      params: {},
    } as Parameters<typeof eraseLoader>[0]);
    // Hers: email-ip, email, 2fa user, enrolment email, enrolment phone.
    expect(preview.counts).toMatchObject({ accounts: 1, rateLimits: 5 });

    const result = await post(eraseAction, adminCookie, "/admin/settings/erase", {
      ...person,
      confirm: "on",
    });
    expect((result as Response).headers.get("Location")).toMatch(
      /accounts=1.*rateLimits=5|rateLimits=5.*accounts=1/,
    );
    expect(await findUserByEmail(database.db, "hoa.pham@example.test")).toBeFalsy();
    expect(await database.db.select().from(session).where(eq(session.userId, hoa.id))).toHaveLength(0);
    expect(await database.db.select().from(account).where(eq(account.userId, hoa.id))).toHaveLength(0);
    // Her old session no longer signs in.
    const profile = await post(profileAction, hoaCookie, "/profile", {
      intent: "update-profile",
      name: "Hoa",
    });
    expect([302, 401, 403]).toContain(statusOf(profile));
    expect(await database.db.select().from(user).where(eq(user.name, "Hoa"))).toHaveLength(0);

    const after = await limitKeys();
    const erased = before.filter((key) => !after.includes(key));
    expect(erased.sort()).toEqual(
      [
        "signin:fail:email-ip:hoa.pham@example.test|203.0.113.9",
        "signin:fail:email:hoa.pham@example.test",
        `2fa:fail:user:${hoa.id}`,
        "enrollment-form:email:hoa.pham@example.test",
        "enrollment-form:phone:0988777666",
      ].sort(),
    );
    expect(JSON.stringify(after)).not.toMatch(/"[^"]*:hoa\.pham@|0988777666"/);
    // Someone else's account and counters are kept.
    expect(await findUserByEmail(database.db, "hoa.pham2@example.test")).toBeTruthy();
    expect(after).toContain("signin:fail:email:hoa.pham2@example.test");
    expect(after).toContain("contact-form:email:xhoa.pham@example.test");
  });

  it("is the only one who may erase", async () => {
    const learnerCookie = await signUp("hv.khac@example.test", "Học viên");
    const refused = await post(eraseAction, learnerCookie, "/admin/settings/erase", {
      email: "dung@example.test",
      confirm: "on",
    });
    expect(statusOf(refused)).toBe(403);
    expect(
      await database.db.select().from(enrollments).where(eq(enrollments.email, "dung@example.test")),
    ).toHaveLength(1);
  });
});

describe("a signed-in learner", () => {
  it("erases their own data through a mailed link when the address is unproven, at once when proven", async () => {
    const cookie = await signUp("minh.le@example.test", "Lê Minh");
    const learner = (await findUserByEmail(database.db, "minh.le@example.test"))!;
    await database.db
      .insert(enrollments)
      .values([
        enrollment({ email: "Minh.Le@example.test", phone: "0933 000 001" }),
        enrollment({ email: "someone.else@example.test", phone: "0933 000 001" }),
      ]);
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: "minh.le@example.test", token: "tok-minh" });

    expect(
      statusOf(
        await post(selfEraseAction, cookie, "/profile/erase", { intent: "request", password: PASSWORD }),
      ),
    ).toBe(400);
    expect(
      statusOf(
        await post(selfEraseAction, cookie, "/profile/erase", {
          intent: "request",
          password: "wrong-password-1",
          confirm: "on",
        }),
      ),
    ).toBe(400);
    const requested = await post(selfEraseAction, cookie, "/profile/erase", {
      intent: "request",
      password: PASSWORD,
      confirm: "on",
    });
    expect((requested as Response).headers.get("Location")).toBe("/profile/erase?sent=1");
    // Nothing erased yet: anyone can sign up with someone else's address.
    expect(
      await database.db
        .select()
        .from(enrollments)
        .where(sql`lower(${enrollments.email}) = 'minh.le@example.test'`),
    ).toHaveLength(1);
    const [link] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "minh.le@example.test"));
    const token = /token=([\w-]+)/.exec(link!.text)![1]!;

    expect(
      statusOf(
        await post(selfEraseAction, cookie, "/profile/erase", { intent: "confirm", token: "x".repeat(43) }),
      ),
    ).toBe(400);
    const confirmed = await post(selfEraseAction, cookie, "/profile/erase", { intent: "confirm", token });
    expect((confirmed as Response).headers.get("Location")).toMatch(/done=erased.*enrollments=1/);
    expect(
      await database.db
        .select()
        .from(enrollments)
        .where(sql`lower(${enrollments.email}) = 'minh.le@example.test'`),
    ).toHaveLength(0);
    // Matched by the account's email only: the phone is not proven.
    expect(
      await database.db.select().from(enrollments).where(eq(enrollments.email, "someone.else@example.test")),
    ).toHaveLength(1);
    expect(
      await database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "minh.le@example.test")),
    ).toHaveLength(0);
    // The link is used up.
    expect(
      statusOf(await post(selfEraseAction, cookie, "/profile/erase", { intent: "confirm", token })),
    ).toBe(400);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'person' and ${auditLog.actorId} = ${learner.id}`);
    expect(entry).toMatchObject({ action: "erase", actorEmail: "minh.le@example.test" });
    expect(entry!.detail).toMatchObject({ by: "self", enrollments: 1, newsletterSubscribers: 1 });

    // Proven now: the next request erases at once.
    await database.db.insert(enrollments).values(enrollment({ email: "minh.le@example.test" }));
    const atOnce = await post(selfEraseAction, cookie, "/profile/erase", {
      intent: "request",
      password: PASSWORD,
      confirm: "on",
    });
    expect((atOnce as Response).headers.get("Location")).toMatch(/done=erased.*enrollments=1/);
  });

  it("deletes their account with their password; sessions go with it, and the audit log says who", async () => {
    const cookie = await signUp("xoa.tk@example.test", "Xóa Tài Khoản");
    const learner = (await findUserByEmail(database.db, "xoa.tk@example.test"))!;
    const wrong = await post(profileAction, cookie, "/profile", {
      intent: "delete-account",
      password: "wrong-password-1",
      confirm: "on",
    });
    expect(statusOf(wrong)).toBe(400);
    const deleted = await post(profileAction, cookie, "/profile", {
      intent: "delete-account",
      password: PASSWORD,
      confirm: "on",
    });
    expect(statusOf(deleted)).toBe(302);
    expect(await database.db.select().from(user).where(eq(user.id, learner.id))).toHaveLength(0);
    expect(await database.db.select().from(session).where(eq(session.userId, learner.id))).toHaveLength(0);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entity} = 'user' and ${auditLog.entityId} = ${learner.id} and ${auditLog.action} = 'delete'`,
      );
    expect(entry).toMatchObject({
      actorId: learner.id,
      actorEmail: "xoa.tk@example.test",
      ip: "198.51.100.20",
    });
  });
});
