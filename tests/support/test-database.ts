// One throwaway database per test file, cloned from the migrated template (fast: a file copy).
// Each is closed and dropped when its file ends (`dropTestDatabases`, an afterAll of the
// integration project's setup file): a hook registered while another hook runs (the files call
// this in their beforeAll) is never run, so it cannot be registered here.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type Database } from "~/db/client.server";
import { withDatabase } from "./postgres-global-setup";

/** The databases made by the running file, with their names. */
const made: { name: string; database: Database }[] = [];

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `lernhaus_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("templateDatabase")}`);
  await admin.end();

  const database = connectDatabase(withDatabase(adminUrl, name), { max: 4 });
  made.push({ name, database });
  return database;
}

/** Closes the file's databases and drops them, with any connection the file left open. */
export async function dropTestDatabases() {
  const mine = made.splice(0);
  if (mine.length === 0) return;
  const cleanup = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await cleanup.connect();
  try {
    for (const { name, database } of mine) {
      await database.close();
      await cleanup.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await cleanup.end();
  }
}
