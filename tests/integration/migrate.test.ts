// Several app processes starting together on one empty database all come up, and the schema is
// applied once (ADR 021).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, type Database } from "~/db/client.server";
import { MIGRATION_LOCK_KEY, migrateDatabase } from "~/db/migrate.server";
import { migrationsFolder } from "~/db/migrations-folder.server";
import { withDatabase } from "../support/postgres-global-setup";

const adminUrl = () => inject("postgresAdminUrl");
const created: string[] = [];

async function createEmptyDatabase() {
  const name = `lernhaus_migrate_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  return withDatabase(adminUrl(), name);
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const committedMigrations = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when);

describe("migrations under an advisory lock", () => {
  it("three processes migrating one empty database at once all succeed, and each migration is applied once", async () => {
    const url = await createEmptyDatabase();
    // A pool per "process", as each app instance has its own.
    const instances: Database[] = [0, 1, 2].map(() => connectDatabase(url, { max: 2 }));
    try {
      const results = await Promise.allSettled(instances.map((instance) => migrateDatabase(instance.db)));
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual([
        "ok",
        "ok",
        "ok",
      ]);
      const { rows } = await instances[0]!.pool.query<{ created_at: string }>(
        "select created_at from drizzle.__drizzle_migrations order by created_at",
      );
      expect(rows.map((r) => Number(r.created_at))).toEqual(committedMigrations());
      // The schema is really there (the first and the latest migrations' tables).
      const { rows: tables } = await instances[0]!.pool.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name in ('courses', 'audit_log')",
      );
      expect(tables[0]!.n).toBe(2);
      // No lock is left behind for the next start.
      const { rows: locks } = await instances[0]!.pool.query(
        "select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(locks).toEqual([]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it("waits while another process holds the migration lock, then finds nothing left to apply", async () => {
    const url = await createEmptyDatabase();
    const first = connectDatabase(url, { max: 2 });
    const second = connectDatabase(url, { max: 2 });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await migrateDatabase(first.db);
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
      let finished = false;
      const waiting = migrateDatabase(second.db).then(() => {
        finished = true;
      });
      // The waiting process shows up as a backend blocked on the advisory lock (once it has
      // connected and asked: however long that takes on a loaded machine), and has not finished.
      const blocked = async () =>
        (
          await holder.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'",
          )
        ).rows.length;
      await expect.poll(blocked, { timeout: 20_000, interval: 50 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(finished).toBe(false);
      expect(await blocked()).toBe(1);
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
      await waiting;
      expect(finished).toBe(true);
      const { rows: applied } = await holder.query("select 1 from drizzle.__drizzle_migrations");
      expect(applied).toHaveLength(committedMigrations().length);
    } finally {
      await holder.end();
      await first.close();
      await second.close();
    }
  });
});
