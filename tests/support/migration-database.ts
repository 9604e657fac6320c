// A database of its own for a test of one migration: the migrations before it are applied, the
// test writes rows as they were then, then applies the one under test and reads what it did.
// Dropped after the file's tests.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { migrationsFolder } from "~/db/migrations-folder.server";
import { withDatabase } from "./postgres-global-setup";

export const migrationFiles = () =>
  fs
    .readdirSync(migrationsFolder)
    .filter((file) => file.endsWith(".sql"))
    .sort();

async function onAdmin(query: string) {
  const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await admin.connect();
  await admin.query(query);
  await admin.end();
}

/** Call in beforeAll. `apply` runs one committed migration file the way drizzle does:
 * statement by statement. */
export async function createMigrationDatabase(prefix: string) {
  const name = `lernhaus_${prefix}_${randomBytes(6).toString("hex")}`;
  await onAdmin(`create database ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(inject("postgresAdminUrl"), name) });
  await client.connect();
  afterAll(async () => {
    await client.end();
    await onAdmin(`drop database if exists ${name} with (force)`);
  });
  async function apply(file: string) {
    const text = fs.readFileSync(path.join(migrationsFolder, file), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await client.query(statement);
    }
  }
  return { client, apply };
}
