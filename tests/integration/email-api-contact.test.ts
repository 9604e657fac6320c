// POST /api/email/contact through its real route handler (spec §7, ADR 006): the JSON
// contract, the record of spec §4, where the school's copy goes, and delivery after an outage.
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { contactMessages, emailOutbox } from "~/db/schema";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { updateContactConfig } from "~/models/contact-config.server";
import { fallbackSchoolContact } from "~/models/school-contact.server";
import { action as apiAction } from "~/routes/api/email.contact";
import { action as pageAction } from "~/routes/site/contact";
import { formTicketCookie } from "../support/form-ticket";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

beforeAll(async () => {
  // No contact config and no SCHOOL_INBOX: the school's copy goes to the fallback address.
  database = await createTestDatabase();
  const config = parseConfig({ DATA_DIR: "/nonexistent" });
  context = { db: database.db, config: { ...config, authSecret: "x".repeat(32) } } as AppLoadContext;
});

let ipCounter = 0;
const nextIp = () => `10.1.0.${++ipCounter}`;

function post(
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const request = new Request("http://localhost/api/email/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "vitest-client/1.0", ...options.headers },
    body: JSON.stringify(body),
  });
  return apiAction({
    request,
    context: { ...context, clientIp: options.ip ?? nextIp() },
    params: {},
  } as Parameters<typeof apiAction>[0]);
}

// Each submission its own phone: one phone may send 3 forms per 10 minutes (ADR 013).
let phoneCounter = 0;
const nextPhone = () => `090 ${String(++phoneCounter).padStart(7, "0")}`;

const valid = (email: string) => ({
  name: "Trần Minh",
  email,
  phone: nextPhone(),
  subject: "pricing",
  message: "Khóa B1 học bao lâu và học phí thế nào?",
  contactMethod: "zalo",
});

async function savedCounts() {
  const [records] = await database.db.select({ n: count() }).from(contactMessages);
  const [mails] = await database.db.select({ n: count() }).from(emailOutbox);
  return { records: records!.n, mails: mails!.n };
}

describe("POST /api/email/contact", () => {
  it("saves the message as new and unread with the client's IP, queues both mails, and answers 200", async () => {
    const response = await post(valid("minh@example.com"), {
      ip: "203.0.113.7",
      headers: { "Accept-Language": "en-GB,en;q=0.9" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body).toEqual({ ok: true, id: expect.any(String) });
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({
      name: "Trần Minh",
      email: "minh@example.com",
      phone: expect.stringMatching(/^090 \d{7}$/),
      subject: "pricing",
      message: "Khóa B1 học bao lâu và học phí thế nào?",
      contactMethod: "zalo",
      status: "new",
      isRead: false,
      responseTime: null,
      ipAddress: "203.0.113.7",
      userAgent: "vitest-client/1.0",
      language: "en",
    });
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((m) => [m.kind, m.to, m.replyTo]).sort()).toEqual([
      // Without SCHOOL_INBOX and without stored contact details: Lernhaus's own address.
      ["contact-confirmation", "minh@example.com", fallbackSchoolContact.email],
      ["contact-notification", fallbackSchoolContact.email, "minh@example.com"],
    ]);
  });

  it("contacts by email when no method is given (spec §5)", async () => {
    const { contactMethod: _, ...withoutMethod } = valid("default@example.com");
    const { id } = (await (await post(withoutMethod)).json()) as { id: string };
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.contactMethod).toBe("email");
  });

  it.each([
    ["a missing message", { message: undefined }, "Nội dung câu hỏi: Vui lòng điền thông tin này"],
    ["an unknown subject", { subject: "refund" }, "Chủ đề: Lựa chọn không hợp lệ"],
    [
      "an unknown contact method",
      { contactMethod: "fax" },
      "Bạn muốn được liên hệ qua: Lựa chọn không hợp lệ",
    ],
    ["an oversized message", { message: "a".repeat(5001) }, "Nội dung câu hỏi: Nội dung quá dài"],
    ["an oversized name", { name: "a".repeat(101) }, "Họ và tên: Nội dung quá dài"],
    ["a bad email", { email: "minh@" }, "Email: Email không hợp lệ"],
  ])("answers 400 naming the problem for %s, and saves nothing", async (_case, change, error) => {
    const before = await savedCounts();
    const response = await post({ ...valid("bad@example.com"), ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
    expect(await savedCounts()).toEqual(before);
  });

  it("stores script tags as typed text and escapes them in the HTML mail", async () => {
    const response = await post({
      ...valid("html@example.com"),
      name: "<b>Minh</b>",
      message: "<script>alert('x')</script>",
    });
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.name).toBe("<b>Minh</b>");
    expect(row!.message).toBe("<script>alert('x')</script>");
    const [notification] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, "html@example.com"));
    expect(notification!.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(notification!.html).not.toContain("<script>");
  });

  it("keeps an email with a Unicode domain in its IDNA form and mails it there", async () => {
    const response = await post({ ...valid("minh@trường.vn"), name: "Minh\u202E \u200BAnh" });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect([row!.email, row!.name]).toEqual(["minh@xn--trng-rib8295b.vn", "Minh Anh"]);
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, row!.email));
    expect(mails.map((m) => m.kind)).toEqual(["contact-confirmation"]);
    // Before the @ it stays ASCII, with a message that says so.
    const refused = await post(valid("học@trường.vn"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Email: Phần trước dấu @ của email chỉ được dùng chữ không dấu, chữ số và các dấu . _ + -",
    });
  });

  it("answers a filled honeypot like a success and keeps nothing", async () => {
    const before = await savedCounts();
    const response = await post({ ...valid("robot@example.com"), website: "x" });
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(await savedCounts()).toEqual(before);
  });

  it("limits one address to 30 messages in 10 minutes, answered in the request's language", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await post(valid(`q${i}@example.com`), { ip })).status).toBe(200);
    const before = await savedCounts();
    const limited = await post(valid("q30@example.com"), { ip, headers: { Cookie: "lng=vi" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "Bạn đã gửi quá nhiều lần. Vui lòng thử lại sau 10 phút" });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await savedCounts()).toEqual(before);
  });

  it("sends the school's copy to the stored contact email when SCHOOL_INBOX is unset", async () => {
    await updateContactConfig(database.db, { email: "tuvan@lernhaus.test" });
    const response = await post(valid("stored-inbox@example.com"));
    expect(response.status).toBe(200);
    const [notification] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, "stored-inbox@example.com"));
    expect(notification!.to).toBe("tuvan@lernhaus.test");
  });
});

describe("the /contact page action (no JavaScript) runs the same code", () => {
  it("saves a valid form and answers with the email for the thank-you screen", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      // The page came with a form ticket; a person takes more than 3 s.
      headers: { Cookie: formTicketCookie(context.config.authSecret, 5_000) },
      body: new URLSearchParams({ ...valid("page@example.com"), website: "" }),
    });
    const result = await pageAction({
      request,
      context: { ...context, clientIp: "198.51.100.4" },
      params: {},
    } as Parameters<typeof pageAction>[0]);
    // The thank-you screen recaps how and where the school will answer.
    expect(result.data).toEqual({
      status: "sent",
      sent: { email: "page@example.com", phone: expect.stringMatching(/\d/), contactMethod: "zalo" },
    });
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "page@example.com"));
    expect(row).toMatchObject({ ipAddress: "198.51.100.4", language: "vi", status: "new", isRead: false });
  });
});

describe("mail delivery when the mail server is down", () => {
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await sink?.close();
  });

  it("keeps the message and answers 200; both mails go out once the server is back", async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: "/nonexistent",
    });
    await database.db.update(emailOutbox).set({ status: "sent" }); // only this test's mail is due

    const response = await post(
      { ...valid("outage@example.com"), phone: "0912 345 678", subject: "certificate", contactMethod: "all" },
      { headers: { Cookie: "lng=de" } },
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(
      1,
    );
    expect(await deliverDueMail(database.db, transport, { from: "no-reply@lernhaus.test" })).toEqual({
      sent: 0,
      failed: 2,
    });

    sink = await startSmtpSink(port);
    const later = new Date(Date.now() + 5 * 60_000);
    expect(
      await deliverDueMail(database.db, transport, { from: "no-reply@lernhaus.test", now: later }),
    ).toEqual({
      sent: 2,
      failed: 0,
    });
    transport.close();

    const notification = await sink.waitFor((m) => m.to.includes("tuvan@lernhaus.test"));
    expect(notification.subject).toBe("Câu hỏi mới từ Trần Minh: Chứng chỉ");
    expect(notification.replyTo).toEqual(["outage@example.com"]);
    for (const field of [
      "Họ và tên: Trần Minh",
      "Email: outage@example.com",
      "Số điện thoại: 0912 345 678",
      "Chủ đề: Chứng chỉ",
      "Bạn muốn được liên hệ qua: Tất cả",
      "Nội dung câu hỏi: Khóa B1 học bao lâu và học phí thế nào?",
      "Ngôn ngữ: Deutsch",
      `Mã tin nhắn: ${id}`,
    ]) {
      expect(notification.text).toContain(field);
    }

    const confirmation = await sink.waitFor((m) => m.to.includes("outage@example.com"));
    expect(confirmation.subject).toBe("Lernhaus hat Ihre Frage erhalten");
    expect(confirmation.replyTo).toEqual(["tuvan@lernhaus.test"]);
    expect(confirmation.text).toContain("per E-Mail, Telefon oder Zalo");
    expect(confirmation.text).toContain("spätestens innerhalb von 24 Stunden");
    expect(confirmation.text).toContain("E-Mail: tuvan@lernhaus.test");
    // The school saved only an email: the fields it left empty are not listed, not Lernhaus's own.
    expect(confirmation.text).not.toContain("Hotline:");
    expect(confirmation.text).not.toContain(fallbackSchoolContact.phone);
    // The question itself is not echoed to the address typed in the form (no spam relay).
    expect(confirmation.text).not.toContain("Khóa B1 học bao lâu");
  });
});
