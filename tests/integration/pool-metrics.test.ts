// ADR 040: what a scrape shows of the database pool — connections in use, queries waiting for
// one, and how long they waited — on a real pool of one connection held by a transaction.
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/client.server";
import { disableMetrics, enableMetrics, observeDatabasePool } from "~/lib/metrics.server";
import { createTestDatabase } from "../support/test-database";

afterAll(() => disableMetrics());

function sample(text: string, name: string) {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe("the database pool's metrics", () => {
  it("show a query waiting for the pool's one connection, and how long it waited", async () => {
    const database = await createTestDatabase();
    const pool = connectDatabase(database.url, { max: 1 });
    try {
      const registry = enableMetrics();
      observeDatabasePool(pool.pool, 1);
      const held = await pool.pool.connect();
      const waiting = pool.pool.query("select 1 as one");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = await registry.metrics();
      expect(sample(during, 'lernhaus_db_pool_connections{state="in_use"}')).toBe(1);
      expect(sample(during, 'lernhaus_db_pool_connections{state="max"}')).toBe(1);
      expect(sample(during, "lernhaus_db_pool_waiting")).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      held.release();
      expect((await waiting).rows).toEqual([{ one: 1 }]);
      // Through drizzle as the app queries: timed as well.
      await pool.db.execute("select 2");

      const after = await registry.metrics();
      expect(sample(after, "lernhaus_db_pool_waiting")).toBe(0);
      expect(sample(after, "lernhaus_db_pool_wait_seconds_count")).toBe(3);
      expect(sample(after, "lernhaus_db_pool_wait_seconds_sum")).toBeGreaterThanOrEqual(0.3);
      // The query that waited is above 0.1 s; the others found the connection free (or opened it).
      expect(sample(after, 'lernhaus_db_pool_wait_seconds_bucket{le="0.1"}')).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });
});
