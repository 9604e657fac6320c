// The system tests' template DATA_DIR: a PostgreSQL cluster made once per run (initdb is most of a
// first start's database work), copied into each fresh DATA_DIR that a test does not make itself
// (tests/system/server-process.ts, which finds it through SYSTEM_DATA_TEMPLATE). The server on a
// copy still creates its database, migrates and seeds it, as on a first start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setRootLogger } from "~/lib/log.server";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import { createLogger } from "../../server/logger";

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-system-template-"));
  fs.chmodSync(dir, 0o755); // traversable by the `postgres` system user the database runs as
  setRootLogger(createLogger({ level: "warn", pretty: true, destination: process.stderr }));
  const embedded = await startEmbeddedPostgres(dir);
  await embedded.stop();
  // Through the environment, not Vitest's provide(): server-process.ts is also used by a
  // Playwright spec, which must not import Vitest. The test files' processes inherit it.
  process.env.SYSTEM_DATA_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
