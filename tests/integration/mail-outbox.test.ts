import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { renderMail } from "~/mail/layout.server";
import { enqueueMail } from "~/mail/outbox.server";
import { createMailTransport, deliverDueMail, MAX_ATTEMPTS, retryMail } from "~/mail/worker.server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

describe("mail outbox", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sink: SmtpSink;
  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  const statusOf = async (id: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it("delivers a queued message over SMTP, with reply-to and Vietnamese text intact", async () => {
    const { text, html } = renderMail({
      greeting: "Chào Lan,",
      paragraphs: ["Cảm ơn bạn đã đăng ký <khóa B1>."],
    });
    const id = await enqueueMail(database.db, {
      kind: "test",
      to: "lan@example.com",
      replyTo: "school@lernhaus.test",
      subject: "Xác nhận đăng ký",
      text,
      html,
    });
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    expect(
      await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" }),
    ).toEqual({
      sent: 1,
      failed: 0,
    });
    const mail = await sink.waitFor((m) => m.to.includes("lan@example.com"));
    expect(mail.subject).toBe("Xác nhận đăng ký");
    expect(mail.text).toContain("Cảm ơn bạn đã đăng ký <khóa B1>.");
    expect(mail.html).toContain("&lt;khóa B1&gt;"); // HTML escaped, never markup
    expect(mail.replyTo).toEqual(["school@lernhaus.test"]);
    expect((await statusOf(id)).status).toBe("sent");
    // Sent once only.
    expect(await deliverDueMail(database.db, transport, { from: "x@lernhaus.test" })).toEqual({
      sent: 0,
      failed: 0,
    });
    transport.close();
  });

  it("strips line breaks from header values so no header can be injected", async () => {
    const id = await enqueueMail(database.db, {
      kind: "test",
      to: "a@example.com",
      subject: "Hello\r\nBcc: victim@example.com",
      text: "x",
    });
    expect((await statusOf(id)).subject).toBe("Hello Bcc: victim@example.com");
  });

  it("keeps a message when the mail server is down, retries with backoff, and gives up as failed, never dropped", async () => {
    await database.db.delete(emailOutbox);
    const id = await enqueueMail(database.db, {
      kind: "test",
      to: "b@example.com",
      subject: "Retry me",
      text: "x",
    });
    const down = createMailTransport({ smtpUrl: "smtp://127.0.0.1:1", dataDir: "/nonexistent" });
    // A millisecond ahead: the row's timestamp has microseconds that a JavaScript date drops.
    let now = new Date(Date.now() + 1);
    expect(await deliverDueMail(database.db, down, { from: "x@lernhaus.test", now })).toEqual({
      sent: 0,
      failed: 1,
    });
    let row = await statusOf(id);
    expect(row.status).toBe("queued");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(10_000);
    // Not due yet: nothing is attempted.
    expect(await deliverDueMail(database.db, down, { from: "x@lernhaus.test", now })).toEqual({
      sent: 0,
      failed: 0,
    });

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(row.nextAttemptAt.getTime() + 1);
      await deliverDueMail(database.db, down, { from: "x@lernhaus.test", now });
      row = await statusOf(id);
    }
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    down.close();

    // The admin's retry puts it back; with the server back, it goes out.
    expect(await retryMail(database.db, id)).toBe(true);
    const up = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    expect(await deliverDueMail(database.db, up, { from: "x@lernhaus.test" })).toEqual({
      sent: 1,
      failed: 0,
    });
    await sink.waitFor((m) => m.subject === "Retry me");
    expect((await statusOf(id)).status).toBe("sent");
    up.close();
  });
});
