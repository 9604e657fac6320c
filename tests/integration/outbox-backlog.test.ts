// ADR 040: the outbox numbers a scrape shows — mails waiting, mails that gave up, and how long
// the longest-waiting due mail has been due — read from the table itself, the way the worker
// sees it (a claimed message's lease hides it; a retry's wait is not "due" yet).
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { readOutboxBacklog } from "~/mail/outbox.server";
import { claimDueMail } from "~/mail/worker.server";
import { createTestDatabase } from "../support/test-database";

describe("the outbox backlog", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database ??= await createTestDatabase();
    await database.db.delete(emailOutbox);
  });

  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const insert = (row: Partial<typeof emailOutbox.$inferInsert>) =>
    database.db
      .insert(emailOutbox)
      .values({ kind: "test", to: "a@example.com", subject: "S", text: "x", ...row });

  it("is empty for an empty outbox and for sent mail", async () => {
    expect(await readOutboxBacklog(database.db)).toEqual({ queued: 0, failed: 0, oldestDueSeconds: 0 });
    await insert({ status: "sent", attempts: 1, sentAt: new Date(), nextAttemptAt: minutesFromNow(-120) });
    expect(await readOutboxBacklog(database.db)).toEqual({ queued: 0, failed: 0, oldestDueSeconds: 0 });
  });

  it("counts queued and failed mail, and ages the oldest due one by its due time", async () => {
    await insert({ status: "queued", nextAttemptAt: minutesFromNow(-30) });
    await insert({ status: "queued", nextAttemptAt: minutesFromNow(-5) });
    // Waiting for its retry: queued, not due.
    await insert({ status: "queued", attempts: 2, nextAttemptAt: minutesFromNow(10) });
    await insert({ status: "failed", attempts: 8, nextAttemptAt: minutesFromNow(-600) });
    const backlog = await readOutboxBacklog(database.db);
    expect(backlog).toMatchObject({ queued: 3, failed: 1 });
    expect(backlog.oldestDueSeconds).toBeGreaterThan(29 * 60);
    expect(backlog.oldestDueSeconds).toBeLessThan(31 * 60);
  });

  it("is not due while a worker holds the mail, and 0 when only waiting retries are left", async () => {
    await insert({ status: "queued", nextAttemptAt: minutesFromNow(-30) });
    await insert({ status: "queued", attempts: 1, nextAttemptAt: minutesFromNow(5) });
    expect(await claimDueMail(database.db)).toHaveLength(1);
    expect(await readOutboxBacklog(database.db)).toEqual({ queued: 2, failed: 0, oldestDueSeconds: 0 });
  });
});
