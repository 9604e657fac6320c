import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, enrollments } from "~/db/schema";
import { deleteExpiredRecords } from "~/models/retention.server";
import { createTestDatabase } from "../support/test-database";

describe("retention (the privacy page's promises)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
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
    expect(await deleteExpiredRecords(database.db, now)).toEqual({ enrollments: 1, contactMessages: 1 });
    expect(
      (await database.db.select({ name: enrollments.fullName }).from(enrollments)).map((r) => r.name),
    ).toEqual(["Còn giữ"]);
    expect(
      (await database.db.select({ name: contactMessages.name }).from(contactMessages)).map((r) => r.name),
    ).toEqual(["Còn giữ"]);
  });
});
