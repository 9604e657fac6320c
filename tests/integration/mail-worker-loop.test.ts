// The in-process mail worker (startMailWorker) polls every 2 s. A mail server that takes longer
// than that to answer must not make rounds pile up behind it: a second round would claim the
// next message and open a second connection while the first still waits, and so on for as long
// as the server is slow.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { enqueueMail } from "~/mail/outbox.server";
import { createMailTransport } from "~/mail/transport.server";
import { startMailWorker } from "~/mail/worker.server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

/** Longer than two of the worker's polling intervals. */
const SLOW_ANSWER_MS = 5_000;

describe("the mail worker's loop", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sink: SmtpSink;
  const events: string[] = [];
  let answering = 0;
  let mostAtOnce = 0;
  let secondId: Promise<string> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink(0, {
      async beforeAnswer(mail) {
        answering++;
        mostAtOnce = Math.max(mostAtOnce, answering);
        events.push(`received ${mail.subject}`);
        if (mail.subject === "First") {
          // Due at once, while the first still waits for its answer.
          secondId = enqueueMail(database.db, {
            kind: "test",
            to: "b@example.com",
            subject: "Second",
            text: "2",
          });
          await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
        }
        events.push(`answered ${mail.subject}`);
        answering--;
      },
    });
  });
  afterAll(async () => {
    await sink.close();
  });

  it("sends one message at a time while the mail server is slow to answer", { timeout: 30_000 }, async () => {
    const firstId = await enqueueMail(database.db, {
      kind: "test",
      to: "a@example.com",
      subject: "First",
      text: "1",
    });
    const worker = startMailWorker({
      db: database.db,
      transport: createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" }),
      from: "Lernhaus <no-reply@lernhaus.test>",
    });
    try {
      await sink.waitFor((mail) => mail.subject === "Second", 20_000);
    } finally {
      await worker.stop();
    }

    expect(mostAtOnce).toBe(1);
    expect(events).toEqual(["received First", "answered First", "received Second", "answered Second"]);
    const rows = await database.db
      .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "test"));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: firstId, status: "sent", attempts: 1 },
        { id: await secondId!, status: "sent", attempts: 1 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
