// Helpers for the system tests: the built production server as a real process, the way an
// operator runs it (`npm start`: plain node on BUILD_DIR/host/server.js, NODE_ENV=production),
// on a fresh DATA_DIR. Everything started here is tracked and ended by `cleanUpServers()`.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { readRecordedServer } from "../../server/embedded-postgres";
import { freePort } from "../support/test-ports";

export { freePort };

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BUILD_DIR = path.resolve(REPO_ROOT, process.env.BUILD_DIR ?? "build");
export const READY_LINE = "Lernhaus is listening";

// The environment contract of architecture §4: never inherited from the test runner (CI runs
// the integration tests with DATABASE_URL set, which must not leak into these servers).
const APP_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "APP_URL",
  "AUTH_SECRET",
  "SMTP_URL",
  "MAIL_FROM",
  "SCHOOL_INBOX",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "SEED_DEMO",
  "TRUST_PROXY",
  "LIVE_STREAMS_MAX",
  "LIVE_STREAMS_PER_IP",
  "LOG_LEVEL",
  "DATABASE_POOL_MAX",
  "METRICS_TOKEN",
  "SEPAY_API_KEY",
];

/** The built host: what `npm start` and `npm run cli` run with plain node. */
export const SERVER_ENTRY = path.join(BUILD_DIR, "host/server.js");
export const CLI_ENTRY = path.join(BUILD_DIR, "host/cli.js");

/** Fails with a clear message when there is no production build to run. */
export function requireBuild() {
  for (const entry of [path.join(BUILD_DIR, "server/index.js"), SERVER_ENTRY, CLI_ENTRY]) {
    if (!fs.existsSync(entry)) {
      throw new Error(
        `${path.relative(REPO_ROOT, entry)} is missing: the system tests run the built production server; run \`npm run build\` first`,
      );
    }
  }
}

/* ------------------------------------------------------------------ processes and files */

/** Alive and not a zombie (a dead orphan waits a moment for PID 1 to reap it). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** No such process at all: not even a zombie waiting for its parent (or PID 1) to reap it.
 * The server's own liveness checks (`kill(pid, 0)`) see a zombie as alive. */
export function isReaped(pid: number) {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function waitUntilGone(pid: number, timeoutMs: number) {
  return waitUntil(() => !isAlive(pid), timeoutMs, `process ${pid} is gone`);
}

/** The pid of the embedded PostgreSQL server in DATA_DIR (from its postmaster.pid), if any. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(
      fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0] ?? "",
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export const lockFile = (dataDir: string) => path.join(dataDir, "server.lock");

const dataDirs = new Set<string>();

/** A fresh, empty DATA_DIR, traversable by the `postgres` system user the database runs as. */
export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-system-"));
  fs.chmodSync(dir, 0o755);
  dataDirs.add(dir);
  return dir;
}

/** A fresh DATA_DIR with its PostgreSQL cluster already made: a copy of the run's template
 * (tests/support/system-data-template.ts, named by SYSTEM_DATA_TEMPLATE) instead of an initdb
 * on every boot. The server still creates, migrates and seeds its database as on a first start.
 * Without a template (this module used outside the system tests' run) an empty one. */
export function makeDataDirWithCluster(): string {
  const dir = makeDataDir();
  const template = process.env.SYSTEM_DATA_TEMPLATE;
  // -a: the cluster stays owned by the `postgres` user (as root) and private (0700).
  if (template) execFileSync("cp", ["-a", `${template}/.`, dir]);
  return dir;
}

/* ------------------------------------------------------------------ the server process */

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartOptions {
  /** Defaults to a fresh one, with its database cluster copied from the run's template. */
  dataDir?: string;
  /** Defaults to a free one. */
  port?: number;
  /** Added to (or, when undefined, removed from) the base environment. */
  env?: Record<string, string | undefined>;
}

const processes = new Set<ServerProcess>();

export interface Launch {
  command: string;
  args: string[];
  cwd: string;
}

export class ServerProcess {
  readonly child: ChildProcess;
  stdout = "";
  stderr = "";
  /** stdout and stderr interleaved as they arrived. */
  output = "";
  exitStatus: ExitStatus | undefined;
  readonly exited: Promise<ExitStatus>;
  private listeners = new Set<() => void>();

  constructor(
    readonly dataDir: string,
    readonly port: number,
    env: NodeJS.ProcessEnv,
    /** What to run; by default the built server with plain node, as `npm start` does. */
    launch: Launch = {
      command: process.execPath,
      args: ["--enable-source-maps", SERVER_ENTRY],
      cwd: REPO_ROOT,
    },
  ) {
    this.child = spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this[stream] += text;
      this.output += text;
      for (const listener of this.listeners) listener();
    };
    this.child.stdout?.on("data", collect("stdout"));
    this.child.stderr?.on("data", collect("stderr"));
    this.exited = new Promise((resolve) => {
      // "close": the process has exited and its output is complete.
      this.child.on("close", (code, signal) => {
        this.exitStatus = { code, signal };
        for (const listener of this.listeners) listener();
        resolve(this.exitStatus);
      });
    });
    processes.add(this);
  }

  /** The app's node process: it owns DATA_DIR and the embedded PostgreSQL. */
  get pid(): number {
    return this.child.pid!;
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Resolves when the output contains `pattern`; rejects when the process exits first or on timeout. */
  waitForOutput(pattern: string | RegExp, timeoutMs: number): Promise<void> {
    const matches = () =>
      typeof pattern === "string" ? this.output.includes(pattern) : pattern.test(this.output);
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (matches()) done();
        else if (this.exitStatus)
          done(
            new Error(
              `the server exited (${JSON.stringify(this.exitStatus)}) before printing ${pattern}; its output:\n${this.output}`,
            ),
          );
      };
      const timer = setTimeout(
        () => done(new Error(`no ${pattern} within ${timeoutMs} ms; the server's output:\n${this.output}`)),
        timeoutMs,
      );
      this.listeners.add(check);
      check();
    });
  }

  /** Resolves with the exit status; rejects when the process still runs after `timeoutMs`. */
  async waitForExit(timeoutMs: number): Promise<ExitStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`the server did not exit within ${timeoutMs} ms; its output:\n${this.output}`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends `signal` to the server and waits for the exit. */
  async stop(signal: NodeJS.Signals = "SIGTERM", timeoutMs = 30_000): Promise<ExitStatus> {
    if (!this.exitStatus) this.child.kill(signal);
    return this.waitForExit(timeoutMs);
  }

  /** Last resort. */
  kill() {
    if (!this.exitStatus) this.child.kill("SIGKILL");
  }
}

export function serverEnvironment(dataDir: string, port: number, overrides: StartOptions["env"] = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR,
  });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Spawns a server without waiting for it. */
export async function spawnServer(options: StartOptions = {}): Promise<ServerProcess> {
  requireBuild();
  const dataDir = options.dataDir ?? makeDataDirWithCluster();
  const port = options.port ?? (await freePort());
  return new ServerProcess(dataDir, port, serverEnvironment(dataDir, port, options.env));
}

/** Spawns a server and waits until it listens. */
export async function startServer(options: StartOptions = {}, timeoutMs = 60_000): Promise<ServerProcess> {
  const server = await spawnServer(options);
  await server.waitForOutput(READY_LINE, timeoutMs);
  return server;
}

/** Ends every server still running (politely, then by force), stops any PostgreSQL left behind
 * in a DATA_DIR made here, and deletes those folders. Safe to call after a failed test. */
export async function cleanUpServers() {
  const running = [...processes].filter((server) => !server.exitStatus);
  processes.clear();
  await Promise.all(
    running.map(async (server) => {
      try {
        await server.stop("SIGTERM", 20_000);
      } catch {
        server.kill();
        await server.waitForExit(10_000).catch(() => {});
      }
    }),
  );
  for (const dir of [...dataDirs]) {
    dataDirs.delete(dir);
    const pid = postmasterPid(dir);
    if (pid && isAlive(pid)) {
      process.kill(pid, "SIGINT");
      await waitUntilGone(pid, 15_000).catch(() => process.kill(pid, "SIGKILL"));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/* ------------------------------------------------------------------ database and HTTP */

/** A client on the database of the server running on `dataDir` (port from DATA_DIR/postgres.json,
 * password from DATA_DIR/secrets.json). The caller ends it. */
export async function connectToServerDatabase(dataDir: string): Promise<pg.Client> {
  const recorded = readRecordedServer(dataDir);
  if (!recorded) throw new Error(`no running embedded PostgreSQL is recorded in ${dataDir}`);
  const client = new pg.Client({ connectionString: recorded.url });
  await client.connect();
  return client;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (not decompressed). */
  body: Buffer;
  text: string;
  elapsedMs: number;
}

/** One GET on a fresh connection, with exactly the given request headers; fails after `timeoutMs`. */
export function httpGet(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpResponse> {
  const { headers = {}, timeoutMs = 15_000 } = options;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        clearTimeout(timer);
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          text: body.toString("utf8"),
          elapsedMs: Date.now() - started,
        });
      });
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`GET ${url}: no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The lines a process wrote to stderr, without blank ones. */
export function stderrLines(server: ServerProcess) {
  return server.stderr.split("\n").filter((line) => line.trim() !== "");
}
