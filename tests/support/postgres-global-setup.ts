// Integration tests run against a real PostgreSQL: the one DATABASE_URL names (CI runs the suite
// a second time against Debian's server), or else an embedded server started here in a temp
// folder. A migrated template database is made once; each test file clones it.
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

export const TEMPLATE_DATABASE = "lernhaus_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
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

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide("postgresAdminUrl", adminUrl);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await cleanup.end();
    await stop();
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
