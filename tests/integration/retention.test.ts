import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/client.server";
import {
  auditLog,
  contactMessages,
  emailOutbox,
  enrollments,
  placementAttempts,
  requestLimits,
  trialBookings,
  trialSessions,
} from "~/db/schema";
import { deleteExpiredRecords, runHousekeeping } from "~/models/retention.server";
import { createTestDatabase } from "../support/test-database";

describe("retention (the privacy page's promises)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  // Each case counts what it deletes, so none may find another's rows: the first case's kept
  // enrolment (2024-12-01) expires for a case that runs on the real clock from 2026-12-01 on.
  beforeEach(async () => {
    await database.db.delete(enrollments);
    await database.db.delete(contactMessages);
    await database.db.delete(emailOutbox);
    await database.db.delete(auditLog);
    await database.db.delete(placementAttempts);
  });

  it("deletes enrolments 24 months and messages 12 months after their last change, and nothing newer", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const at = (iso: string) => ({ createdAt: new Date(iso), updatedAt: new Date(iso) });
    const enrollment = { phone: "0900000000", email: "a@b.vn", course: "a1", schedule: "morning" };
    await database.db.insert(enrollments).values([
      { fullName: "Cũ", ...enrollment, ...at("2024-11-01T00:00:00Z") },
      { fullName: "Còn giữ", ...enrollment, ...at("2024-12-01T00:00:00Z") },
    ]);
    const message = { email: "a@b.vn", phone: "0900000000", subject: "other", message: "x" };
    await database.db.insert(contactMessages).values([
      { name: "Cũ", ...message, ...at("2025-11-01T00:00:00Z") },
      { name: "Còn giữ", ...message, ...at("2025-12-01T00:00:00Z") },
    ]);
    expect(await deleteExpiredRecords(database.db, now)).toMatchObject({
      enrollments: 1,
      contactMessages: 1,
    });
    expect(
      (await database.db.select({ name: enrollments.fullName }).from(enrollments)).map((r) => r.name),
    ).toEqual(["Còn giữ"]);
    expect(
      (await database.db.select({ name: contactMessages.name }).from(contactMessages)).map((r) => r.name),
    ).toEqual(["Còn giữ"]);
  });

  it("deletes placement test results 12 months after the test, an unanswered test after 2 days, and nothing newer", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const attempt = (name: string, startedAt: string, submitted: boolean) => ({
      tokenHash: name.padEnd(64, "0"),
      questionIds: [],
      language: "vi",
      startedAt: new Date(startedAt),
      name,
      ...(submitted && { submittedAt: new Date(startedAt), answers: {}, byLevel: {}, startLevel: "A1" }),
    });
    await database.db
      .insert(placementAttempts)
      .values([
        attempt("a1", "2025-11-01T00:00:00Z", true),
        attempt("a2", "2025-12-01T00:00:00Z", true),
        attempt("b1", "2026-11-19T23:00:00Z", false),
        attempt("b2", "2026-11-20T01:00:00Z", false),
      ]);
    expect(await deleteExpiredRecords(database.db, now)).toMatchObject({ placementAttempts: 2 });
    expect(
      (await database.db.select({ name: placementAttempts.name }).from(placementAttempts))
        .map((r) => r.name)
        .sort(),
    ).toEqual(["a2", "b2"]);
  });

  it("deletes trial lesson bookings 12 months after the lesson and their last change", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const [session] = await database.db
      .insert(trialSessions)
      .values({ startsAt: new Date("2025-11-01T12:00:00Z") })
      .returning({ id: trialSessions.id });
    const booking = (fullName: string, lesson: string, changed: string) => ({
      trialSessionId: session!.id,
      startsAt: new Date(lesson),
      endsAt: new Date(new Date(lesson).getTime() + 3_600_000),
      fullName,
      email: "a@b.vn",
      phone: "0900000000",
      level: "a1",
      updatedAt: new Date(changed),
    });
    await database.db.insert(trialBookings).values([
      booking("old", "2025-11-01T12:00:00Z", "2025-11-02T00:00:00Z"),
      // Converted into an enrolment in December: kept 12 months after that change.
      booking("changed later", "2025-11-01T12:00:00Z", "2025-12-02T00:00:00Z"),
      booking("recent", "2025-12-01T12:00:00Z", "2025-12-01T12:00:00Z"),
    ]);
    expect(await deleteExpiredRecords(database.db, now)).toMatchObject({ trialBookings: 1 });
    expect(
      (await database.db.select({ name: trialBookings.fullName }).from(trialBookings))
        .map((r) => r.name)
        .sort(),
    ).toEqual(["changed later", "recent"]);
  });

  it("deletes sent and failed mails and their .eml copies 90 days on, never a queued one, and audit entries after 24 months", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const mail = (subject: string) => ({ kind: "test", to: "a@b.vn", subject, text: "x" });
    await database.db.insert(emailOutbox).values([
      {
        ...mail("sent old"),
        status: "sent",
        sentAt: daysAgo(91),
        createdAt: daysAgo(91),
        updatedAt: daysAgo(91),
      },
      {
        ...mail("sent recent"),
        status: "sent",
        sentAt: daysAgo(89),
        createdAt: daysAgo(120),
        updatedAt: daysAgo(89),
      },
      { ...mail("failed old"), status: "failed", createdAt: daysAgo(100), updatedAt: daysAgo(95) },
      { ...mail("failed recent"), status: "failed", createdAt: daysAgo(100), updatedAt: daysAgo(10) },
      { ...mail("queued old"), status: "queued", createdAt: daysAgo(200), updatedAt: daysAgo(200) },
    ]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-retention-"));
    const mailDir = path.join(dataDir, "mail");
    fs.mkdirSync(mailDir);
    const oldFile = path.join(mailDir, "old.eml");
    const recentFile = path.join(mailDir, "recent.eml");
    fs.writeFileSync(oldFile, "To: a@b.vn\n\nold");
    fs.writeFileSync(recentFile, "To: a@b.vn\n\nrecent");
    fs.utimesSync(oldFile, daysAgo(91), daysAgo(91));
    fs.utimesSync(recentFile, daysAgo(30), daysAgo(30));
    await database.db.insert(auditLog).values([
      { entity: "courses", action: "update", at: new Date("2024-11-01T00:00:00Z") },
      { entity: "courses", action: "update", at: new Date("2024-12-01T00:00:00Z") },
    ]);

    const removed = await deleteExpiredRecords(database.db, now, { dataDir });
    expect(removed).toMatchObject({ outboxMails: 2, mailFiles: 1, auditEntries: 1 });
    const subjects = (await database.db.select({ subject: emailOutbox.subject }).from(emailOutbox))
      .map((r) => r.subject)
      .sort();
    expect(subjects).toEqual(["failed recent", "queued old", "sent recent"]);
    expect(fs.readdirSync(mailDir)).toEqual(["recent.eml"]);
    expect((await database.db.select().from(auditLog)).map((r) => r.at.toISOString())).toEqual([
      "2024-12-01T00:00:00.000Z",
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs the hourly housekeeping once per hour however many app processes ask at once", async () => {
    const old = new Date(Date.now() - 25 * 30 * 24 * 60 * 60 * 1000);
    const enrollment = { phone: "0900000000", email: "a@b.vn", course: "a1", schedule: "morning" };
    await database.db
      .insert(enrollments)
      .values({ fullName: "Quá hạn", ...enrollment, createdAt: old, updatedAt: old });
    // Three app processes, each with its own pool, reach the hour at the same moment.
    const others = [connectDatabase(database.url, { max: 1 }), connectDatabase(database.url, { max: 1 })];
    try {
      const results = await Promise.all(
        [database.db, ...others.map((other) => other.db)].map((db) => runHousekeeping(db)),
      );
      const ran = results.filter((result) => result !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ enrollments: 1 });
      expect(await database.db.select().from(enrollments).where(eq(enrollments.fullName, "Quá hạn"))).toEqual(
        [],
      );
      // A process whose own hour comes round a little later does not run it again.
      expect(await runHousekeeping(others[0]!.db)).toBeNull();
      const [job] = await database.db
        .select()
        .from(requestLimits)
        .where(eq(requestLimits.key, "job:housekeeping"));
      expect(job?.count).toBe(1);
      // The next period is claimed again, once.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const next = await Promise.all(
        [database.db, ...others.map((other) => other.db)].map((db) =>
          runHousekeeping(db, { periodSeconds: 1 }),
        ),
      );
      expect(next.filter((result) => result !== null)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
