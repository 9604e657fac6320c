// The admin inbox through the real /admin/messages route module and a real SMTP server: a reply
// written in the reading pane reaches the person who asked, as the admin wrote it, starting from a
// greeting and signature in their language, with the school as Reply-To; responseTime is fixed by
// the first answer only; the inbox reads unread first.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { contactMessages, emailOutbox, messageReplies } from "~/db/schema";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { changeMessageStatus, listMessagesForAdmin, markMessageRead } from "~/models/contact-message.server";
import { setUserRole } from "~/models/user.server";
import { action, loader } from "~/routes/admin/messages";
import { readMessageListQuery } from "~/schemas/message-reply";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
const SCHOOL_INBOX = "tuvan@lernhaus.test";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let sink: SmtpSink;
let adminCookie: string;
let userCookie: string;

async function signUp(email: string, name: string, role: "admin" | "user") {
  const auth = authFor(context);
  const headers = new Headers({ origin: APP_URL });
  const { user } = await auth.api.signUpEmail({ body: { email, password: "Lernen-2025!", name }, headers });
  if (role === "admin") await setUserRole(database.db, user.id, "admin");
  const response = await auth.api.signInEmail({
    body: { email, password: "Lernen-2025!" },
    headers,
    asResponse: true,
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const config = {
    ...parseConfig({ APP_URL, SCHOOL_INBOX }),
    authSecret: "integration-test-secret-0123456789abcdef",
  };
  context = {
    db: database.db,
    config,
    clientIp: "127.0.0.1",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
  adminCookie = await signUp("co.hoa@lernhaus.test", "Cô Hoa", "admin");
  userCookie = await signUp("hoc.vien@lernhaus.test", "Học Viên", "user");
});

afterAll(async () => {
  await sink.close();
});

async function addMessage(values: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      name: "Lena Schmidt",
      email: "lena.schmidt@example.test",
      phone: "0912 345 678",
      subject: "pricing",
      message: "Wie viel kostet der B1-Kurs?",
      contactMethod: "email",
      language: "de",
      ipAddress: "10.0.0.7",
      userAgent: "vitest",
      ...values,
    })
    .returning();
  return row!;
}

function post(cookie: string, id: string, form: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.set(key, value);
  const request = new Request(`${APP_URL}/admin/messages?id=${id}`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return action({ request, context, params: {} } as Parameters<typeof action>[0]).catch(
    (thrown: unknown) => thrown,
  );
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

async function deliver() {
  const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
  await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
  transport.close();
}

describe("a reply from the reading pane", () => {
  it("reaches the sender over SMTP as written, Reply-To the school, and is kept in the thread", async () => {
    // Received 90 minutes ago.
    const message = await addMessage({ createdAt: new Date(Date.now() - 90 * 60 * 1000) });
    // The admin replaced the prefilled greeting and signature with their own.
    const written =
      "Liebe Frau Schmidt,\n\nder B1-Kurs kostet 3.500.000đ. Der nächste beginnt am 5. September.\n\nIhre Cô Hoa";
    const result = await post(adminCookie, message.id, { intent: "reply", id: message.id, body: written });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(
      `/admin/messages?id=${message.id}&done=replied`,
    );

    await deliver();
    const mail = await sink.waitFor((m) => m.to.includes("lena.schmidt@example.test"));
    expect(mail.subject).toBe("Re: Preise und Angebote");
    expect(mail.replyTo).toEqual([SCHOOL_INBOX]);
    // Nothing added: no greeting before the admin's, no signature after it.
    expect(mail.text.startsWith(`${written}\n\n`)).toBe(true);
    expect(mail.text).not.toContain("Hallo Lena Schmidt,");
    expect(mail.text).not.toContain("Viele Grüße");
    expect(mail.text).toContain("> Wie viel kostet der B1-Kurs?");

    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored).toMatchObject({ status: "answered", isRead: true });
    expect(stored!.responseTime).toBeGreaterThanOrEqual(90 * 60 - 5);
    expect(stored!.responseTime).toBeLessThan(90 * 60 + 60);

    const thread = await database.db
      .select({ authorName: messageReplies.authorName, body: messageReplies.body, mail: emailOutbox.status })
      .from(messageReplies)
      .innerJoin(emailOutbox, eq(emailOutbox.id, messageReplies.outboxId))
      .where(eq(messageReplies.messageId, message.id));
    expect(thread).toEqual([{ authorName: "Cô Hoa", body: written, mail: "sent" }]);
  });

  it("starts from a Vietnamese greeting and signature for a Vietnamese question, each sent once", async () => {
    const message = await addMessage({
      email: "minh@example.test",
      name: "Trần Minh",
      language: "vi",
      subject: "schedule",
    });
    const request = new Request(`${APP_URL}/admin/messages?id=${message.id}`, {
      headers: { cookie: adminCookie },
    });
    const { draft } = await loader({ request, context, params: {} } as Parameters<typeof loader>[0]);
    expect(draft).toMatchObject({ to: "minh@example.test", replyTo: SCHOOL_INBOX, subject: "Re: Lịch học" });
    expect(draft!.text).toBe("Chào Trần Minh,\n\n\n\nTrân trọng,\nCô Hoa\nLernhaus");
    // The admin writes on the blank line; the browser posts the line breaks as CRLF.
    const written = draft!.text.replace("\n\n\n\n", "\n\nLớp tối học 19:00-21:00.\n\n");
    expect(
      statusOf(
        await post(adminCookie, message.id, {
          intent: "reply",
          id: message.id,
          body: written.replaceAll("\n", "\r\n"),
        }),
      ),
    ).toBe(302);
    await deliver();
    const mail = await sink.waitFor((m) => m.to.includes("minh@example.test"));
    expect(mail.subject).toBe("Re: Lịch học");
    expect(mail.text.replaceAll("\r\n", "\n").startsWith(`${written}\n\n`)).toBe(true);
    expect(mail.text.split("Chào").length - 1).toBe(1);
    expect(mail.text.split("Trân trọng").length - 1).toBe(1);
    expect(mail.replyTo).toEqual([SCHOOL_INBOX]);
  });

  it("sets responseTime on the first answer only; a later reply keeps it and the thread grows", async () => {
    const message = await addMessage({
      email: "second@example.test",
      createdAt: new Date(Date.now() - 3 * 3600 * 1000),
    });
    await post(adminCookie, message.id, { intent: "reply", id: message.id, body: "Erste Antwort." });
    const [first] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    await database.db
      .update(contactMessages)
      .set({ status: "closed" })
      .where(eq(contactMessages.id, message.id));
    await new Promise((r) => setTimeout(r, 1100));
    await post(adminCookie, message.id, { intent: "reply", id: message.id, body: "Zweite Antwort." });
    const [second] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(first!.responseTime).toBeGreaterThanOrEqual(3 * 3600 - 5);
    expect(second!.responseTime).toBe(first!.responseTime);
    // A reply to a closed message reopens it as answered.
    expect(second!.status).toBe("answered");
    const replies = await database.db
      .select()
      .from(messageReplies)
      .where(eq(messageReplies.messageId, message.id));
    expect(replies.map((r) => r.body).sort()).toEqual(["Erste Antwort.", "Zweite Antwort."]);
  });

  it("refuses an empty reply with 400 and sends nothing", async () => {
    const message = await addMessage({ email: "empty@example.test" });
    const result = await post(adminCookie, message.id, { intent: "reply", id: message.id, body: "   " });
    expect(statusOf(result)).toBe(400);
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, "empty@example.test")),
    ).toEqual([]);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored).toMatchObject({ status: "new", responseTime: null });
  });

  it("refuses a plain user with 403 and changes nothing", async () => {
    const message = await addMessage({ email: "guarded@example.test" });
    const forms: Record<string, string>[] = [
      { intent: "reply", id: message.id, body: "Hacked" },
      { intent: "status", id: message.id, status: "closed" },
      { intent: "unread", id: message.id },
    ];
    for (const form of forms) {
      expect(statusOf(await post(userCookie, message.id, form)), form.intent).toBe(403);
    }
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored).toMatchObject({ status: "new", isRead: false, responseTime: null });
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, "guarded@example.test")),
    ).toEqual([]);
  });
});

describe("status changes", () => {
  it("mark a message unread again and close its pane", async () => {
    const message = await addMessage({ email: "unread@example.test", isRead: true });
    const result = await post(adminCookie, message.id, { intent: "unread", id: message.id });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/admin/messages");
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored!.isRead).toBe(false);
  });

  it("refuse a move the status does not allow with 409 and change nothing", async () => {
    const message = await addMessage({ email: "closed@example.test", status: "closed" });
    const result = await post(adminCookie, message.id, {
      intent: "status",
      id: message.id,
      status: "answered",
    });
    expect(statusOf(result)).toBe(409);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored!.status).toBe("closed");
  });

  it("follow the allowed transitions; answering by hand records the response time once", async () => {
    const message = await addMessage({
      email: "phone@example.test",
      createdAt: new Date(Date.now() - 600_000),
    });
    expect(await changeMessageStatus(database.db, message.id, "closed")).toBe("changed");
    // Closed without an answer reopens to new, not to answered.
    expect(await changeMessageStatus(database.db, message.id, "answered")).toBe("not-allowed");
    expect(await changeMessageStatus(database.db, message.id, "new")).toBe("changed");
    expect(await changeMessageStatus(database.db, message.id, "answered")).toBe("changed");
    const [answered] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(answered!.responseTime).toBeGreaterThanOrEqual(595);
    expect(await changeMessageStatus(database.db, message.id, "closed")).toBe("changed");
    expect(await changeMessageStatus(database.db, message.id, "answered")).toBe("changed");
    const [reopened] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(reopened!.responseTime).toBe(answered!.responseTime);
    expect(await changeMessageStatus(database.db, "00000000-0000-4000-8000-000000000000", "closed")).toBe(
      "not-found",
    );
  });
});

describe("the inbox", () => {
  it("lists unread first, then newest, filters by status, subject and name or email, and opening marks read once", async () => {
    await database.db.delete(contactMessages);
    const old = await addMessage({
      name: "Alt Ungelesen",
      email: "a@example.test",
      createdAt: new Date("2025-01-01"),
    });
    const newerRead = await addMessage({
      name: "Neu Gelesen",
      email: "b@example.test",
      isRead: true,
      subject: "schedule",
      status: "answered",
      createdAt: new Date("2025-03-01"),
    });
    const newest = await addMessage({
      name: "Neueste Ungelesen",
      email: "c@other.test",
      createdAt: new Date("2025-02-01"),
    });
    const list = (params: string) =>
      listMessagesForAdmin(database.db, readMessageListQuery(new URLSearchParams(params)));

    expect((await list("")).rows.map((r) => r.id)).toEqual([newest.id, old.id, newerRead.id]);
    expect((await list("")).unread).toBe(2);
    expect((await list("status=answered")).rows.map((r) => r.id)).toEqual([newerRead.id]);
    expect((await list("subject=pricing")).rows.map((r) => r.id)).toEqual([newest.id, old.id]);
    expect((await list("q=other.test")).rows.map((r) => r.id)).toEqual([newest.id]);
    expect((await list("q=gelesen")).total).toBe(3);
    expect((await list("q=%25")).total).toBe(0);

    expect(await markMessageRead(database.db, old.id)).toBe(true);
    expect(await markMessageRead(database.db, old.id)).toBe(false);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.id, old.id), eq(contactMessages.isRead, true)));
    expect(stored).toBeTruthy();
  });

  it("opens a message through the loader: every field, the thread, and still unread", async () => {
    const message = await addMessage({ email: "loader@example.test" });
    const request = new Request(`${APP_URL}/admin/messages?id=${message.id}`, {
      headers: { cookie: adminCookie },
    });
    const data = await loader({ request, context, params: {} } as Parameters<typeof loader>[0]);
    // A GET (a link preview, a prefetch) is not someone reading it.
    expect(data.selected).toMatchObject({
      id: message.id,
      isRead: false,
      phone: "0912 345 678",
      ipAddress: "10.0.0.7",
      userAgent: "vitest",
      contactMethod: "email",
      replies: [],
    });
    expect(data.draft).toMatchObject({ to: "loader@example.test", replyTo: SCHOOL_INBOX });
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(stored!.isRead).toBe(false);

    // The pane's POST (sent when it is shown, or the no-JS button) marks it read.
    const fromPane = await post(adminCookie, message.id, { intent: "read", id: message.id, from: "pane" });
    expect(fromPane).toEqual({ status: "success" });
    const [read] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(read!.isRead).toBe(true);
    // Without JavaScript: back to the same pane.
    const other = await addMessage({ email: "nojs@example.test" });
    expect(statusOf(await post(adminCookie, other.id, { intent: "read", id: other.id }))).toBe(302);
    // Not for someone who is not an admin.
    const refused = await addMessage({ email: "refused@example.test" });
    expect(statusOf(await post(userCookie, refused.id, { intent: "read", id: refused.id }))).toBe(403);
  });

  it("pages a large inbox on the server", async () => {
    await database.db.delete(contactMessages);
    await database.db.insert(contactMessages).values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Người hỏi ${i}`,
        email: `p${i}@example.test`,
        phone: "0912345678",
        subject: "other",
        message: "Câu hỏi",
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const page3 = await listMessagesForAdmin(
      database.db,
      readMessageListQuery(new URLSearchParams("page=3")),
    );
    expect(page3).toMatchObject({ total: 60, page: 3, pageCount: 3 });
    expect(page3.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Người hỏi ${9 - i}`));
  });
});
