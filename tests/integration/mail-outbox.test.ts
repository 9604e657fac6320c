import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { renderMail } from "~/mail/layout.server";
import { enqueueMail } from "~/mail/outbox.server";
import { createMailTransport, type MailTransport } from "~/mail/transport.server";
import {
  claimDueMail,
  deliverDueMail,
  MAX_ATTEMPTS,
  recordMailAttempt,
  retryMail,
} from "~/mail/worker.server";
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

  it("sends a message's extra headers and its inline attachment byte for byte", async () => {
    const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 7]);
    await enqueueMail(database.db, {
      kind: "test",
      to: "hoa@example.com",
      subject: "Có tệp đính kèm",
      text: "Xem mã QR.",
      html: '<p><img src="cid:qr@lernhaus" alt="QR"></p>',
      headers: { "List-Unsubscribe": "<https://lernhaus.test/u/abc>\r\nBcc: x@evil.test" },
      attachments: [{ filename: "qr.png", contentType: "image/png", cid: "qr@lernhaus", content: picture }],
    });
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
    transport.close();
    const mail = await sink.waitFor((m) => m.to.includes("hoa@example.com"));
    expect(mail.headers.find((h) => h.key === "list-unsubscribe")?.value).toBe(
      "<https://lernhaus.test/u/abc> Bcc: x@evil.test",
    );
    expect(mail.headers.some((h) => h.key === "bcc")).toBe(false);
    expect(mail.attachments).toEqual([
      { filename: "qr.png", contentType: "image/png", contentId: "<qr@lernhaus>", content: picture },
    ]);
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

  describe("several workers on one database", () => {
    const from = "Lernhaus <no-reply@lernhaus.test>";
    const header = (mail: { headers: { key: string; value: string }[] }, name: string) =>
      mail.headers.find((h) => h.key.toLowerCase() === name)?.value ?? "";
    const deliveriesOf = (ids: string[]) =>
      sink.messages.filter((m) => ids.some((id) => header(m, "message-id") === `<${id}@lernhaus.test>`));
    const enqueue = (subject: string, n = 1) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          enqueueMail(database.db, {
            kind: "test",
            to: `w${i}@example.com`,
            subject: `${subject} ${i}`,
            text: "x",
          }),
        ),
      );
    /** A real SMTP transport whose server answers slowly, so that two workers overlap. */
    const slowTransport = (): MailTransport => {
      const real = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
      return {
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 15));
          await real.send(message);
        },
        close: () => real.close(),
      };
    };

    it("two workers sending the same queue at once never send one mail twice", async () => {
      await database.db.delete(emailOutbox);
      const ids = await enqueue("Two workers", 40);
      // Two app processes: each its own pool and its own mail connection.
      const other = connectDatabase(database.url, { max: 2 });
      const workers = [
        { db: database.db, transport: slowTransport() },
        { db: other.db, transport: slowTransport() },
      ];
      const counts = [0, 0];
      try {
        await Promise.all(
          workers.map(async (worker, w) => {
            for (;;) {
              const round = await deliverDueMail(worker.db, worker.transport, { from, batchSize: 5 });
              if (round.sent + round.failed === 0) break;
              counts[w]! += round.sent;
            }
          }),
        );
      } finally {
        for (const worker of workers) worker.transport.close();
        await other.close();
      }
      // Both took part, and together they sent each mail exactly once.
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBeGreaterThan(0);
      expect(counts[0]! + counts[1]!).toBe(40);
      const delivered = deliveriesOf(ids).map((m) => header(m, "message-id"));
      expect(delivered).toHaveLength(40);
      expect(new Set(delivered).size).toBe(40);
      const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    });

    it("sends a mail whose worker died after claiming it exactly once, after the lease runs out", async () => {
      await database.db.delete(emailOutbox);
      const [id] = await enqueue("Orphaned");
      // A worker claims the mail and dies before sending or recording anything.
      const [claimed] = await claimDueMail(database.db, { leaseMs: 1_000 });
      expect(claimed?.id).toBe(id);
      const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
      try {
        // While the lease runs, no other worker touches it.
        expect(await deliverDueMail(database.db, transport, { from, leaseMs: 1_000 })).toEqual({
          sent: 0,
          failed: 0,
        });
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        expect(await deliverDueMail(database.db, transport, { from, leaseMs: 1_000 })).toEqual({
          sent: 1,
          failed: 0,
        });
        expect(await deliverDueMail(database.db, transport, { from, leaseMs: 1_000 })).toEqual({
          sent: 0,
          failed: 0,
        });
      } finally {
        transport.close();
      }
      await sink.waitFor((m) => header(m, "message-id") === `<${id}@lernhaus.test>`);
      await new Promise((resolve) => setTimeout(resolve, 200)); // a second copy would be here now
      expect(deliveriesOf([id!])).toHaveLength(1);
      expect(await statusOf(id!)).toMatchObject({ status: "sent", attempts: 2 });
    });

    it("ignores the late result of a worker whose lease ran out and whose mail another worker sent", async () => {
      await database.db.delete(emailOutbox);
      const [id] = await enqueue("Late result");
      const [stale] = await claimDueMail(database.db, { leaseMs: 200 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
      expect(await deliverDueMail(database.db, transport, { from })).toEqual({ sent: 1, failed: 0 });
      transport.close();
      // The first worker wakes up and reports a failure: the sent mail stays sent, not queued
      // again for a second copy.
      expect(await recordMailAttempt(database.db, stale!, { status: "queued", lastError: "timed out" })).toBe(
        false,
      );
      expect(await statusOf(id!)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    });

    it("gives every attempt at one outbox row the same Message-ID, on the sender's domain", async () => {
      await database.db.delete(emailOutbox);
      const [id] = await enqueue("Stable id");
      const down = createMailTransport({ smtpUrl: "smtp://127.0.0.1:1", dataDir: "/nonexistent" });
      await deliverDueMail(database.db, down, { from });
      down.close();
      const row = await statusOf(id!);
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      const up = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
      await deliverDueMail(database.db, up, { from, now: new Date(row.nextAttemptAt.getTime() + 1) });
      up.close();
      const mail = await sink.waitFor((m) => m.subject === "Stable id 0");
      expect(header(mail, "message-id")).toBe(`<${id}@lernhaus.test>`);
    });
  });
});
