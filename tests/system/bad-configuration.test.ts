// Bad input at boot: one clear line on stderr, a non-zero exit, never a stack trace, and
// nothing left running.
import fs from "node:fs";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  freePort,
  isAlive,
  lockFile,
  postmasterPid,
  READY_LINE,
  type ServerProcess,
  type StartOptions,
  spawnServer,
} from "./server-process";

afterEach(async () => {
  await cleanUpServers();
});

const AUTH_SECRET = "system-test-secret-0123456789abcdef";

async function expectRefusedStart(options: StartOptions, problem: RegExp): Promise<ServerProcess> {
  const server = await spawnServer(options);
  const started = Date.now();
  const exit = await server.waitForExit(15_000);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(exit.signal, server.output).toBeNull();
  expect(exit.code, server.output).not.toBe(0);
  const lines = server.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, `stderr:\n${server.stderr}`).toHaveLength(1);
  expect(lines[0]).toMatch(/^Lernhaus could not start: /);
  expect(lines[0]).toMatch(problem);
  expect(server.output).not.toContain("    at ");
  expect(server.output).not.toContain(READY_LINE);
  return server;
}

describe("a server started with bad configuration", () => {
  it("PORT=abc: names PORT and exits non-zero", async () => {
    await expectRefusedStart({ env: { PORT: "abc" } }, /PORT/);
  });

  it("DATABASE_URL=mysql://x: names DATABASE_URL and exits non-zero", async () => {
    await expectRefusedStart({ env: { DATABASE_URL: "mysql://x", AUTH_SECRET } }, /DATABASE_URL.*postgres/);
  });

  it("an unreachable DATABASE_URL: says it cannot connect, hides the password, exits non-zero", async () => {
    const server = await expectRefusedStart(
      { env: { DATABASE_URL: "postgres://lernhaus:s3cret-pw@127.0.0.1:1/lernhaus", AUTH_SECRET } },
      /database.*127\.0\.0\.1:1/,
    );
    expect(server.stderr).toMatch(/cannot connect|ECONNREFUSED/);
    expect(server.output).not.toContain("s3cret-pw");
  });

  it("a port already in use: names the port, exits non-zero and stops the database it started", async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve, reject) => {
      holder.once("error", reject);
      holder.listen(port, "127.0.0.1", resolve);
    });
    try {
      const server = await expectRefusedStart({ port }, new RegExp(`port ${port}\\b.*in use`));
      // Harms nothing: the embedded PostgreSQL it started is stopped and DATA_DIR is released.
      const postgres = postmasterPid(server.dataDir);
      if (postgres) expect(isAlive(postgres), "the embedded PostgreSQL is stopped").toBe(false);
      expect(fs.existsSync(lockFile(server.dataDir))).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
