// Integration tests run against a real PostgreSQL: the one DATABASE_URL names (CI runs the suite
// against Debian's server too), or else an embedded server started here in a temp
// folder. A migrated template database is made once per run; each test file clones it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { setRootLogger } from "~/lib/log.server";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import { createLogger } from "../../server/logger";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** The migrated database each test file clones (test-database.ts). */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop: () => Promise<void> = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-test-db-"));
    fs.chmodSync(dataDir, 0o755);
    // The test database's start-up lines would only clutter the test report.
    setRootLogger(createLogger({ level: "warn", pretty: true, destination: process.stderr }));
    const embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }

  // A name of this run's own: runs side by side on one server (CI's stages, two developers on
  // Debian's PostgreSQL) must not drop each other's template.
  const templateDatabase = `lernhaus_test_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();

  const template = connectDatabase(withDatabase(adminUrl, templateDatabase), { max: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", templateDatabase);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${templateDatabase} with (force)`);
    await cleanup.end();
    await stop();
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
