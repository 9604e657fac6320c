// Bad input at boot: one clear line on stderr, a non-zero exit, never a stack trace, and
// nothing left running.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  freePort,
  isAlive,
  lockFile,
  makeDataDir,
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
  // It exits by itself (how soon is a figure, not a test: a start took over 15 s with every CI
  // stage on the same two cores).
  const exit = await server.waitForExit(60_000);
  expect(exit.signal, server.output).toBeNull();
  expect(exit.code, server.output).not.toBe(0);
  const lines = server.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, `stderr:\n${server.stderr}`).toHaveLength(1);
  expect(lines[0]).toMatch(/^Lernhaus could not start: /);
  expect(lines[0]).toMatch(problem);
  expect(server.output).not.toContain("    at ");
  expect(server.output).not.toContain(READY_LINE);
  expect(postgresProcessesIn(server.dataDir), "no PostgreSQL is left running").toEqual([]);
  return server;
}

/** The pids of PostgreSQL servers running with their data under `dataDir` (from /proc). */
function postgresProcessesIn(dataDir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        const data = args[args.indexOf("-D") + 1];
        return args.indexOf("-D") > 0 && data?.startsWith(dataDir) && isAlive(Number(pid));
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

const isRoot = process.getuid?.() === 0;

/** Mounts a small tmpfs on `dir` (root only); false where mounting is not allowed (a container
 * without CAP_SYS_ADMIN). */
function mountTmpfs(dir: string, options: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
    mounts.push(dir);
    return true;
  } catch {
    return false;
  }
}
const mounts: string[] = [];
afterEach(() => {
  for (const dir of mounts.splice(0)) execFileSync("umount", [dir]);
});

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

describe("a server started on a data directory it cannot use", () => {
  it.skipIf(!isRoot)(
    "as root, a DATA_DIR the postgres system user cannot reach: says so and what to do",
    async () => {
      // The VPS case: a clone in /root (mode 700), DATA_DIR inside it.
      const privateDir = makeDataDir();
      fs.chmodSync(privateDir, 0o700);
      const dataDir = path.join(privateDir, "data");
      await expectRefusedStart(
        { dataDir },
        new RegExp(
          `DATA_DIR ${dataDir} is not reachable by the system user 'postgres'.*runs as root.*choose a DATA_DIR outside /root`,
        ),
      );
    },
  );

  it("a read-only DATA_DIR: says it is read-only", async (context) => {
    const dataDir = makeDataDir();
    // Root writes through permission bits: only a read-only mount stops it.
    if (!isRoot) fs.chmodSync(dataDir, 0o555);
    else if (!mountTmpfs(dataDir, "ro,size=1m")) context.skip();
    await expectRefusedStart({ dataDir }, new RegExp(`DATA_DIR ${dataDir} is (on a read-only|not writable)`));
  });

  it("a full DATA_DIR: says it is full", async (context) => {
    const dataDir = makeDataDir();
    if (!isRoot || !mountTmpfs(dataDir, "size=64k,mode=755")) context.skip();
    try {
      fs.writeFileSync(path.join(dataDir, "filler"), Buffer.alloc(1024 * 1024));
    } catch {
      // ENOSPC: the disk is full now, as intended.
    }
    await expectRefusedStart({ dataDir }, new RegExp(`DATA_DIR ${dataDir} is full`));
  });

  it("a DATA_DIR that is a file: says a file is in the way", async () => {
    const dataDir = path.join(makeDataDir(), "data");
    fs.writeFileSync(dataDir, "");
    await expectRefusedStart({ dataDir }, new RegExp(`DATA_DIR ${dataDir} is not a folder`));
  });
});
