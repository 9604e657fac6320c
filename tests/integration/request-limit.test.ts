import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit } from "~/models/request-limit.server";
import { createTestDatabase } from "../support/test-database";

describe("rate limits in PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it("allows up to the limit within a window, then refuses with the time left", async () => {
    const rule = { limit: 3, windowSeconds: 600 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, "contact:ip:10.0.0.1", rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(590);
    // Another key is counted apart.
    expect((await hitRateLimit(database.db, "contact:ip:10.0.0.2", rule)).allowed).toBe(true);
  });

  it("counts concurrent requests exactly (no lost updates)", async () => {
    const rule = { limit: 10, windowSeconds: 600 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(database.db, "signin:email:a@b.c", rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { limit: 1, windowSeconds: 60 };
    await hitRateLimit(database.db, "k", rule);
    expect((await hitRateLimit(database.db, "k", rule)).allowed).toBe(false);
    await database.db.execute(
      sql`update request_limits set window_start = now() - interval '61 seconds' where key = 'k'`,
    );
    expect((await hitRateLimit(database.db, "k", rule)).allowed).toBe(true);
  });
});
