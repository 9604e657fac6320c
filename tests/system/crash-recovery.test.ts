// A server killed with SIGKILL (out of memory, `kill -9`) gets no chance to clean up: its lock
// file stays and its embedded PostgreSQL may keep running as an orphan. The next start on the
// same DATA_DIR must take over and keep every committed change.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  connectToServerDatabase,
  httpGet,
  isAlive,
  isReaped,
  lockFile,
  postmasterPid,
  startServer,
  waitUntil,
} from "./server-process";

afterEach(async () => {
  await cleanUpServers();
});

async function countRows(dataDir: string) {
  const client = await connectToServerDatabase(dataDir);
  try {
    const { rows } = await client.query<{ courses: number; contact_configs: number; address: string }>(
      `select (select count(*)::int from courses) as courses,
              (select count(*)::int from contact_config) as contact_configs,
              (select address from contact_config where id = 1) as address`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe("after SIGKILL", () => {
  it("restarts on the same DATA_DIR with committed data intact and the demo content not added twice", async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    const address = `Số ${randomBytes(3).toString("hex")} phố Kiểm Thử, Hà Nội`;

    const client = await connectToServerDatabase(dataDir);
    try {
      const { rowCount } = await client.query("update contact_config set address = $1 where id = 1", [
        address,
      ]);
      expect(rowCount).toBe(1);
    } finally {
      await client.end();
    }
    const before = await countRows(dataDir);
    expect(before.courses).toBeGreaterThan(0);
    expect(before.address).toBe(address);

    const postgres = postmasterPid(dataDir);
    expect(postgres).toBeDefined();
    // SIGKILL the app's node process.
    process.kill(first.pid, "SIGKILL");
    await first.waitForExit(10_000).catch(() => {
      first.kill();
      return first.waitForExit(10_000);
    });
    // As an operator would see it: the killed process is gone, not even a zombie left. (The
    // lock check in server/data-dir.ts uses kill(pid, 0), which takes a zombie for a live owner.)
    await waitUntil(() => isReaped(first.pid), 10_000, "the killed process is reaped");
    expect(fs.existsSync(lockFile(dataDir)), "the killed process left its lock").toBe(true);
    const orphanSurvived = isAlive(postgres!);

    const second = await startServer({ dataDir });
    expect(second.output).not.toContain("demo content added");
    if (orphanSurvived) {
      expect(second.output).toContain(`stopping the server (pid ${postgres}) left running`);
      expect(isAlive(postgres!)).toBe(false);
    }
    expect(fs.readFileSync(lockFile(dataDir), "utf8")).toBe(String(second.pid));

    const home = await httpGet(`${second.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(
      /<footer\b[\s\S]*<\/footer>/.exec(home.text)?.[0],
      "the footer shows the committed address",
    ).toContain(address);
    expect(await countRows(dataDir)).toEqual(before);
  });
});
