// One throwaway database per test file, cloned from the migrated template (fast: a file copy).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { connectDatabase, type Database } from "~/db/client.server";
import { withDatabase } from "./postgres-global-setup";

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `lernhaus_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("templateDatabase")}`);
  await admin.end();

  const database = connectDatabase(withDatabase(adminUrl, name), { max: 4 });
  afterAll(async () => {
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return database;
}
