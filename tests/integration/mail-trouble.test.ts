import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { getMailTrouble } from "~/mail/outbox.server";
import { retryAllFailedMail } from "~/mail/worker.server";
import { createTestDatabase } from "../support/test-database";

describe("mail trouble", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database ??= await createTestDatabase();
    await database.db.delete(emailOutbox);
  });

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const insert = (row: Partial<typeof emailOutbox.$inferInsert>) =>
    database.db
      .insert(emailOutbox)
      .values({ kind: "test", to: "a@example.com", subject: "S", text: "x", ...row })
      .returning()
      .then(([inserted]) => inserted!);

  it("is none for sent mail, fresh queued mail and a failed attempt more than an hour ago", async () => {
    await insert({ status: "sent", attempts: 1, sentAt: new Date() });
    await insert({ status: "queued" });
    // Queued again by an admin: the old error stays for the record, the attempts start over.
    await insert({ status: "queued", attempts: 0, lastError: "ECONNREFUSED", updatedAt: new Date() });
    await insert({ status: "queued", attempts: 3, lastError: "ECONNREFUSED", updatedAt: minutesAgo(61) });
    expect(await getMailTrouble(database.db)).toEqual({ failed: 0, retrying: 0 });
  });

  it("counts failed mail whenever it failed, and queued mail whose last attempt failed within the hour", async () => {
    await insert({
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
      updatedAt: minutesAgo(600),
    });
    await insert({ status: "queued", attempts: 2, lastError: "ETIMEDOUT", updatedAt: minutesAgo(59) });
    expect(await getMailTrouble(database.db)).toEqual({ failed: 1, retrying: 1 });
  });

  it("retry all queues every failed mail again, due now with fresh attempts, and nothing else", async () => {
    const failed = await Promise.all([
      insert({ status: "failed", attempts: 8, lastError: "x", nextAttemptAt: minutesAgo(300) }),
      insert({ status: "failed", attempts: 8, lastError: "y", nextAttemptAt: minutesAgo(300) }),
    ]);
    const sent = await insert({ status: "sent", attempts: 1, sentAt: minutesAgo(5) });
    const waiting = await insert({
      status: "queued",
      attempts: 2,
      lastError: "z",
      nextAttemptAt: minutesAgo(-30),
    });

    expect(await retryAllFailedMail(database.db)).toBe(2);
    const rows = new Map((await database.db.select().from(emailOutbox)).map((row) => [row.id, row]));
    for (const { id } of failed) {
      expect(rows.get(id)).toMatchObject({ status: "queued", attempts: 0 });
      expect(rows.get(id)!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(rows.get(sent.id)).toEqual(sent);
    expect(rows.get(waiting.id)).toEqual(waiting);
    // The one still waiting for its own next attempt is left alone, and still shows.
    expect(await getMailTrouble(database.db)).toEqual({ failed: 0, retrying: 1 });
    // Nothing left to retry.
    expect(await retryAllFailedMail(database.db)).toBe(0);
    expect(
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "failed"))).length,
    ).toBe(0);
  });
});
