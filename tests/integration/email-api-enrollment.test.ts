import fs from "node:fs";
// POST /api/email/enrollment through its real route handler (spec §7, ADR 006): the
// JSON contract, nothing saved on bad input, and mail that survives a mail server outage.
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { action as pageAction } from "~/routes/site/enroll";
import { formTicketCookie } from "../support/form-ticket";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const SCHOOL_INBOX = "school@lernhaus.test";
const germanCommon = JSON.parse(fs.readFileSync("app/locales/de/common.json", "utf8")) as {
  validation: { email: string };
};
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db); // the four open courses A1–B2 and the contact config
  const config = parseConfig({ DATA_DIR: "/nonexistent", SCHOOL_INBOX });
  context = { db: database.db, config: { ...config, authSecret: "x".repeat(32) } } as AppLoadContext;
});

let ipCounter = 0;
/** Each test posts from its own address, so the per-IP limit only counts its own requests. */
const nextIp = () => `10.0.0.${++ipCounter}`;

function post(
  body: unknown,
  options: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Response> {
  const request = new Request("http://localhost/api/email/enrollment", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "vitest-client/1.0", ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  });
  return apiAction({
    request,
    context: { ...context, clientIp: options.ip ?? nextIp() },
    params: {},
  } as Parameters<typeof apiAction>[0]);
}

// Each submission its own phone: one phone may send 3 forms per 10 minutes (ADR 013).
let phoneCounter = 0;
const nextPhone = () => `+84 90 ${String(++phoneCounter).padStart(7, "0")}`;

const valid = (email: string) => ({
  fullName: "Nguyễn Thị Lan",
  phone: nextPhone(),
  email,
  course: "b1",
  schedule: "evening",
  experience: "basic",
  goals: "Thi B1 để học Ausbildung",
  hearAbout: "friend",
});

async function savedCounts() {
  const [records] = await database.db.select({ n: count() }).from(enrollments);
  const [mails] = await database.db.select({ n: count() }).from(emailOutbox);
  return { records: records!.n, mails: mails!.n };
}

describe("POST /api/email/enrollment", () => {
  it("saves the enrolment in its initial state and queues both mails, then answers 200 with its id", async () => {
    const response = await post(valid("lan.valid@example.com"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body).toEqual({ ok: true, id: expect.any(String) });

    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, body.id));
    expect(row).toMatchObject({
      fullName: "Nguyễn Thị Lan",
      phone: expect.stringMatching(/^\+84 90 \d{7}$/),
      email: "lan.valid@example.com",
      course: "b1",
      schedule: "evening",
      experience: "basic",
      goals: "Thi B1 để học Ausbildung",
      hearAbout: "friend",
      status: "new",
      isProcessed: false,
      paymentStatus: "pending",
      userAgent: "vitest-client/1.0",
      language: "vi",
    });
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const queued = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "queued"))
      .then((rows) => rows.filter((m) => m.text.includes(body.id) || m.to === "lan.valid@example.com"));
    expect(queued.map((m) => [m.kind, m.to, m.replyTo]).sort()).toEqual([
      ["enrollment-confirmation", "lan.valid@example.com", "info@lernhaus.edu.vn"],
      ["enrollment-notification", SCHOOL_INBOX, "lan.valid@example.com"],
    ]);
  });

  it.each([
    ["a missing field", { fullName: undefined }, "Họ và tên: Vui lòng điền thông tin này"],
    ["an unknown schedule", { schedule: "midnight" }, "Lịch học mong muốn: Lựa chọn không hợp lệ"],
    ["an unknown experience", { experience: "expert" }, "Trình độ tiếng Đức hiện tại: Lựa chọn không hợp lệ"],
    [
      "a course that is not open",
      { course: "c2" },
      "Khóa học quan tâm: Khóa học này hiện không mở đăng ký. Vui lòng chọn khóa học khác",
    ],
    ["an oversized name", { fullName: "a".repeat(101) }, "Họ và tên: Nội dung quá dài"],
    ["oversized goals", { goals: "a".repeat(5001) }, "Mục tiêu học tập: Nội dung quá dài"],
    ["a bad email", { email: "lan@example" }, "Email: Email không hợp lệ"],
    ["a short phone number", { phone: "12 34" }, "Số điện thoại: Số điện thoại không hợp lệ (8–15 chữ số)"],
    // A line break in a name (header injection) or a NUL byte is a 400.
    [
      "a line break in the name",
      { fullName: "Lan\r\nBcc: victim@example.com" },
      "Họ và tên: Nội dung có ký tự không hợp lệ",
    ],
    ["a NUL byte in the goals", { goals: "B1\u0000" }, "Mục tiêu học tập: Nội dung có ký tự không hợp lệ"],
  ])("answers 400 naming the problem for %s, and saves nothing", async (_case, change, error) => {
    const before = await savedCounts();
    const response = await post({ ...valid("lan.invalid@example.com"), ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
    expect(await savedCounts()).toEqual(before);
  });

  it("refuses other content types, broken JSON and oversized bodies, saving nothing", async () => {
    const before = await savedCounts();
    const form = await post(undefined, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      raw: "fullName=Lan",
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      error: "Yêu cầu phải gửi dữ liệu JSON (Content-Type: application/json).",
    });
    const broken = await post(undefined, { raw: '{"fullName": "Lan",' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "Dữ liệu gửi lên không phải JSON hợp lệ." });
    const list = await post([valid("a@example.com")]);
    expect(list.status).toBe(400);
    const huge = await post({ ...valid("a@example.com"), padding: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await savedCounts()).toEqual(before);
  });

  it("answers in the request's language: the lng cookie, else Accept-Language, else Vietnamese", async () => {
    const bad = { ...valid("lan.lang@example.com"), email: "nope" };
    const german = await post(bad, { headers: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" } });
    expect(await german.json()).toEqual({ error: `E-Mail: ${germanCommon.validation.email}` });
    const cookie = await post(bad, { headers: { "Accept-Language": "de", Cookie: "lng=en" } });
    expect(((await cookie.json()) as { error: string }).error).toMatch(/^Email: /);
    const unknown = await post(bad, { headers: { "Accept-Language": "fr" } });
    expect(await unknown.json()).toEqual({ error: "Email: Email không hợp lệ" });
  });

  it("stores script tags as typed text", async () => {
    const response = await post({
      ...valid("lan.html@example.com"),
      fullName: "<script>alert(1)</script>",
      goals: '<img src=x onerror="alert(2)">',
    });
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row!.fullName).toBe("<script>alert(1)</script>");
    expect(row!.goals).toBe('<img src=x onerror="alert(2)">');
  });

  it("answers a filled honeypot like a success and keeps nothing", async () => {
    const before = await savedCounts();
    const response = await post({ ...valid("robot@example.com"), website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(await savedCounts()).toEqual(before);
  });

  it("limits one address to 30 enrolments in 10 minutes, with Retry-After, and saves nothing beyond", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expect((await post(valid(`burst${i}@example.com`), { ip })).status).toBe(200);
    }
    const before = await savedCounts();
    const limited = await post(valid("burst30@example.com"), { ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "Bạn đã gửi quá nhiều lần. Vui lòng thử lại sau 10 phút" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(await savedCounts()).toEqual(before);
    // Another visitor is not affected.
    expect((await post(valid("other@example.com"))).status).toBe(200);
  });

  it("answers 405 to GET", async () => {
    await expect(async () => {
      await (await import("~/routes/api/email.enrollment")).loader();
    }).rejects.toMatchObject({ status: 405 });
  });
});

describe("two open courses at one level (an admin added a second B1)", () => {
  let demoB1: string;
  let weekendB1: string;
  let closedB1: string;
  beforeAll(async () => {
    const [demo] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.title, "Tiếng Đức trung cấp B1"));
    demoB1 = demo!.id;
    const second = {
      level: "B1",
      description: "Cuối tuần",
      duration: "8 tuần",
      lessons: "16 buổi",
      color: "teal",
    };
    const [weekend, closed] = await database.db
      .insert(courses)
      .values([
        { ...second, title: "B1 cấp tốc cuối tuần", price: 5_000_000 },
        { ...second, title: "B1 đã đóng", price: 1_000_000, active: false },
      ])
      .returning({ id: courses.id });
    weekendB1 = weekend!.id;
    closedB1 = closed!.id;
  });

  async function saved(response: Response) {
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, id));
    const [notification] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "enrollment-notification"))
      .then((mails) => mails.filter((mail) => mail.text.includes(id)));
    return { row: row!, notification: notification! };
  }

  it("stores the course chosen by its id, with its level, and names it in the mail", async () => {
    const { row, notification } = await saved(
      await post({ ...valid("weekend@example.com"), course: weekendB1 }),
    );
    expect(row).toMatchObject({ course: "b1", courseId: weekendB1 });
    expect(notification.subject).toBe(
      "Đăng ký học mới: Nguyễn Thị Lan – B1 (5.000.000đ) – B1 cấp tốc cuối tuần",
    );
  });

  it("resolves the level code b1 to the first B1 the form lists (the demo's, at 3.500.000đ)", async () => {
    const { row, notification } = await saved(await post(valid("level-code@example.com")));
    expect(row).toMatchObject({ course: "b1", courseId: demoB1 });
    expect(notification.text).toContain("Khóa học quan tâm: B1 (3.500.000đ) – Tiếng Đức trung cấp B1");
  });

  it("keeps the consultation choice without a course", async () => {
    const { row } = await saved(await post({ ...valid("consult@example.com"), course: "consultation" }));
    expect(row).toMatchObject({ course: "consultation", courseId: null });
  });

  it("refuses a closed or unknown course id with the course message, saving nothing", async () => {
    const before = await savedCounts();
    for (const course of [closedB1, "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"]) {
      const response = await post(
        { ...valid("closed@example.com"), course },
        { headers: { "Accept-Language": "en" } },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Course: This course is not open for enrolment. Please choose another course",
      });
    }
    expect(await savedCounts()).toEqual(before);
  });
});

describe("the /enroll page action (no JavaScript) runs the same code", () => {
  function submitForm(fields: Record<string, string>) {
    const request = new Request("http://localhost/enroll", {
      method: "POST",
      // The page came with a form ticket; a person takes more than 3 s.
      headers: {
        Cookie: `lng=en; ${formTicketCookie(context.config.authSecret, 5_000)}`,
        "User-Agent": "no-js-browser",
      },
      body: new URLSearchParams(fields),
    });
    return pageAction({ request, context: { ...context, clientIp: nextIp() }, params: {} } as Parameters<
      typeof pageAction
    >[0]);
  }

  it("saves a valid form with its mails, in the page's language", async () => {
    const result = await submitForm({ ...valid("nojs@example.com"), experience: "", website: "" });
    expect(result.init?.status ?? 200).toBe(200);
    // The success screen recaps the address, the course and the schedule as sent.
    expect(result.data).toEqual({
      status: "sent",
      sent: { email: "nojs@example.com", course: "b1", classId: "", schedule: "evening" },
    });
    const [row] = await database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.email, "nojs@example.com"));
    expect(row).toMatchObject({
      experience: null,
      language: "en",
      userAgent: "no-js-browser",
      status: "new",
    });
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, "nojs@example.com"));
    expect(mails.map((m) => m.subject)).toEqual(["Lernhaus has received your enrolment"]);
  });

  it("answers 400 with the field errors and the values typed, saving nothing", async () => {
    const before = await savedCounts();
    const result = await submitForm({ ...valid("nojs-bad@example.com"), phone: "abc" });
    expect(result.init?.status).toBe(400);
    const data = result.data as {
      status: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(data.status).toBe("error");
    expect(data.result.error.phone).toEqual(["validation.phone"]);
    expect(data.result.initialValue.fullName).toBe("Nguyễn Thị Lan");
    expect(await savedCounts()).toEqual(before);
  });
});

describe("mail delivery when the mail server is down", () => {
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await sink?.close();
  });

  it("keeps the enrolment and answers 200; both mails go out once the server is back", async () => {
    // A port with nothing listening: start a sink to learn a free port, then stop it.
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: "/nonexistent",
    });
    await database.db.update(emailOutbox).set({ status: "sent" }); // only this test's mail is due

    const response = await post(
      { ...valid("outage@example.com"), phone: "+84 912 345 678" },
      { headers: { Cookie: "lng=en" } },
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(await database.db.select().from(enrollments).where(eq(enrollments.id, id))).toHaveLength(1);

    const down = await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
    expect(down).toEqual({ sent: 0, failed: 2 });
    const waiting = await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "queued"));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((m) => m.attempts === 1 && m.lastError)).toBe(true);

    sink = await startSmtpSink(port);
    const later = new Date(Date.now() + 5 * 60_000); // past the retry delay
    expect(
      await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>", now: later }),
    ).toEqual({
      sent: 2,
      failed: 0,
    });
    transport.close();

    const notification = await sink.waitFor((m) => m.to.includes(SCHOOL_INBOX));
    expect(notification.subject).toBe(
      "Đăng ký học mới: Nguyễn Thị Lan – B1 (3.500.000đ) – Tiếng Đức trung cấp B1",
    );
    expect(notification.headers.some((h) => h.key === "bcc")).toBe(false);
    expect(sink.messages.flatMap((m) => m.to).sort()).toEqual([SCHOOL_INBOX, "outage@example.com"].sort());
    expect(notification.replyTo).toEqual(["outage@example.com"]);
    for (const field of [
      "Số điện thoại: +84 912 345 678",
      "Email: outage@example.com",
      "Khóa học quan tâm: B1 (3.500.000đ) – Tiếng Đức trung cấp B1",
      "Lịch học mong muốn: Buổi tối (19:00-21:00)",
      "Trình độ tiếng Đức hiện tại: Đã biết cơ bản",
      "Mục tiêu học tập: Thi B1 để học Ausbildung",
      "Bạn biết đến Lernhaus qua: Bạn bè giới thiệu",
      "Ngôn ngữ: English",
      `Mã đăng ký: ${id}`,
    ]) {
      expect(notification.text).toContain(field);
    }

    const confirmation = await sink.waitFor((m) => m.to.includes("outage@example.com"));
    expect(confirmation.subject).toBe("Lernhaus has received your enrolment");
    expect(confirmation.replyTo).toEqual(["info@lernhaus.edu.vn"]);
    expect(confirmation.text).toContain("will contact you within 24 hours");
    expect(confirmation.text).toContain("Hotline: +84 24 3123 4567");
    expect(confirmation.text).toContain("Email: info@lernhaus.edu.vn");
    // The learner's copy names the course in their language (the demo course is translated);
    // the school's notification above keeps the Vietnamese title.
    expect(confirmation.text).toContain("Course: B1 (3.500.000đ) – Intermediate German B1");
    const statuses = await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "queued"));
    expect(statuses).toHaveLength(0);
  });

  it("escapes markup typed into the form in the HTML mail", async () => {
    const response = await post({ ...valid("markup@example.com"), goals: "<script>alert(1)</script>" });
    expect(response.status).toBe(200);
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, "markup@example.com"));
    expect(mail!.text).toContain("<script>alert(1)</script>");
    expect(mail!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail!.html).not.toContain("<script>");
  });
});
