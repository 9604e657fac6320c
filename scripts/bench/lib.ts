// Reusable pieces of the project's benchmarks (scripts/bench/*.ts): command-line options, the
// production build, a production server on a throw-away DATA_DIR, autocannon runs, memory of a
// process tree, clean-up that also runs on Ctrl-C, and the report formatting.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

export const ROOT = path.resolve(import.meta.dirname, "../..");

// ---------------------------------------------------------------------------------------------
// Command line

export interface BenchOptions {
  /** Seconds per measured run. */
  duration: number;
  /** Run `react-router build` first (off with --no-build). */
  build: boolean;
}

export function parseBenchOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10" },
      // Node 20's parseArgs has no negated booleans, so "--no-build" is its own flag.
      "no-build": { type: "boolean", default: false },
    },
    strict: true,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new BenchError(`--duration must be a positive number of seconds, not "${values.duration}"`);
  }
  return { duration, build: !values["no-build"] };
}

/** A failure of the benchmark itself (as opposed to a missed target): message only, exit 1. */
export class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Build and server

export function buildApp() {
  console.error("bench: building the production app (npx react-router build)…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new BenchError(`the build failed (exit ${result.status ?? result.signal})`);
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh, empty DATA_DIR. The embedded PostgreSQL runs as the `postgres` system user when we are
 * root, and it must be able to traverse this folder to reach its cluster inside. */
export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-bench-"));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The pid of the process we spawned (tsx, whose child runs the app). */
  pid: number;
  /** SIGTERM, wait for the drain and the database stop; SIGKILL the tree after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment (e.g. an AUTH_SECRET); DATABASE_URL is removed unless given here. */
  env?: Record<string, string>;
  dataDir: string;
  readyText?: string;
  timeoutMs?: number;
}

/** Starts `tsx server/index.ts` in production mode on 127.0.0.1 and a free port, with the demo
 * content and (unless `env` says otherwise) the embedded PostgreSQL, and waits until it listens. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { readyText = "Lernhaus is listening", timeoutMs = 120_000 } = options;
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // no DATABASE_URL: the app starts its embedded PostgreSQL in DATA_DIR
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    SEED_DEMO: "1",
    ...options.env,
  });
  // stdout is piped only to spot the ready line (and to show it on failure); stderr stays visible.
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/index.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    stop: (graceMs = 20_000) => stopProcessTree(child, exited, graceMs),
  };
  try {
    await waitForOutput(child, readyText, timeoutMs);
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
  return server;
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  const stdout = child.stdout;
  if (!stdout) throw new BenchError("the server's stdout is not piped");
  let output = "";
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stdout.off("data", onData);
      child.off("exit", onExit);
      // From now on the server logs one line per request: read it into nowhere so that the pipe
      // never fills up (a full pipe would block the server's event loop).
      stdout.resume();
      if (error) reject(error);
      else resolve();
    };
    const fail = (reason: string) =>
      finish(new BenchError(`the server ${reason}. Its output:\n${output.trimEnd() || "(none)"}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes(text)) finish();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (${code ?? signal}) before printing "${text}"`);
    const timer = setTimeout(() => fail(`did not print "${text}" within ${timeoutMs / 1000} s`), timeoutMs);
    stdout.on("data", onData);
    child.once("exit", onExit);
  });
}

async function stopProcessTree(child: ChildProcess, exited: Promise<void>, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  // Remember the whole tree now: tsx's child (the app) and the postgres processes would be
  // orphaned, not killed, if we had to SIGKILL tsx.
  const tree = processTree(child.pid);
  child.kill("SIGTERM"); // tsx relays it to the app, which drains and stops its database
  const inTime = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
  if (!inTime) {
    console.error(`bench: the server did not stop within ${graceMs / 1000} s; killing it`);
    for (const member of tree) killIfSame(member, "SIGKILL");
    await exited;
  }
  // A clean stop leaves nothing behind; wait briefly for stragglers, then kill what is left so
  // that DATA_DIR can be removed.
  const deadline = Date.now() + 5_000;
  while (tree.some(isSameProcessAlive) && Date.now() < deadline) await delay(100);
  for (const member of tree) killIfSame(member, "SIGKILL");
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Process tree and memory (Linux /proc)

export interface ProcessInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** Clock ticks since boot: with the pid, identifies the process even if the pid is reused. */
  startTime: number;
  cmdline: string;
  rssBytes: number;
  /** Proportional set size: shared pages divided among the processes sharing them. */
  pssBytes: number;
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined; // gone meanwhile, or not readable
  }
}

/** /proc/<pid>/stat: "pid (comm) state ppid … starttime(22nd field) …"; comm may hold spaces and
 * parentheses, so the fields are counted from the last ")". */
function readStat(pid: number): Pick<ProcessInfo, "pid" | "ppid" | "comm" | "startTime"> | undefined {
  const stat = readProc(pid, "stat");
  if (!stat) return undefined;
  const close = stat.lastIndexOf(")");
  const comm = stat.slice(stat.indexOf("(") + 1, close);
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(" ");
  return { pid, comm, ppid: Number(fields[1]), startTime: Number(fields[19]) };
}

function kilobytesField(text: string | undefined, field: string): number {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/** The process and all its descendants, found by walking the ppid of every /proc entry. */
export function processTree(rootPid: number): ProcessInfo[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(stat.pid);
    children.set(stat.ppid, siblings);
  }
  const result: ProcessInfo[] = [];
  const queue = [rootPid];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const stat = readStat(pid);
    if (!stat) continue;
    result.push({
      ...stat,
      cmdline: (readProc(pid, "cmdline") ?? "").replaceAll("\0", " ").trim(),
      rssBytes: kilobytesField(readProc(pid, "status"), "VmRSS"),
      pssBytes: kilobytesField(readProc(pid, "smaps_rollup"), "Pss"),
    });
    queue.push(...(children.get(pid) ?? []));
  }
  return result;
}

function isSameProcessAlive(target: ProcessInfo) {
  return readStat(target.pid)?.startTime === target.startTime;
}

function killIfSame(target: ProcessInfo, signal: NodeJS.Signals) {
  if (!isSameProcessAlive(target)) return;
  try {
    process.kill(target.pid, signal);
  } catch {
    // exited in between
  }
}

export interface ServerMemory {
  /** The app's node process: the largest non-postgres process of the tree (tsx's own node and
   * esbuild's service are the others). */
  appPid: number;
  appRssBytes: number;
  /** All postgres processes together. RSS counts shared buffers once per process, so the sum
   * overstates the real use; PSS shares them out and is the fairer total. */
  postgresRssBytes: number;
  postgresPssBytes: number;
  postgresProcesses: number;
}

export function serverMemory(serverPid: number): ServerMemory {
  const tree = processTree(serverPid);
  const postgres = tree.filter((p) => p.comm === "postgres");
  const others = tree.filter((p) => p.comm !== "postgres");
  const app = others.reduce<ProcessInfo | undefined>(
    (largest, p) => (!largest || p.rssBytes > largest.rssBytes ? p : largest),
    undefined,
  );
  if (!app) throw new BenchError(`the server process ${serverPid} is gone`);
  if (!app.cmdline.includes("server/index.ts")) {
    console.error(`bench: note: the largest server process (${app.pid}) is "${app.cmdline}"`);
  }
  return {
    appPid: app.pid,
    appRssBytes: app.rssBytes,
    postgresRssBytes: sum(postgres.map((p) => p.rssBytes)),
    postgresPssBytes: sum(postgres.map((p) => p.pssBytes)),
    postgresProcesses: postgres.length,
  };
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

// ---------------------------------------------------------------------------------------------
// Load generation (autocannon's programmatic API)

// autocannon ships no type declarations; this is the subset used here (its README, "results").
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
/** Without a callback, autocannon returns its run tracker, which is also a thenable. */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => PromiseLike<AutocannonResult> & { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadOptions {
  url: string;
  connections?: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Ends the run early (e.g. Cleanup.signal on Ctrl-C) and makes runLoad throw. */
  signal?: AbortSignal;
}

export interface LoadResult {
  url: string;
  connections: number;
  /** Mean of autocannon's per-second samples. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  /** Bytes on the wire per response (headers + possibly compressed body). */
  bytesPerResponse: number;
  errors: number;
  non2xx: number;
}

/** One bounded autocannon run. Any non-2xx answer means we measured the wrong thing: fail. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const url = new URL(options.url);
  // Benchmarks must only ever load this machine.
  if (url.hostname !== "127.0.0.1") throw new BenchError(`refusing to load ${url.host}: 127.0.0.1 only`);
  const { signal } = options;
  signal?.throwIfAborted();
  const run = autocannon({
    url: options.url,
    connections,
    duration: options.duration,
    headers: options.headers,
  });
  const stop = () => run.stop();
  signal?.addEventListener("abort", stop, { once: true });
  let result: AutocannonResult;
  try {
    result = await run;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  signal?.throwIfAborted();
  if (result.non2xx > 0) {
    throw new BenchError(`${options.url}: ${result.non2xx} of the answers were not 2xx`);
  }
  if (result.errors > 0) {
    console.error(
      `bench: note: ${options.url}: ${result.errors} connection errors (${result.timeouts} timeouts)`,
    );
  }
  return {
    url: options.url,
    connections,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

// ---------------------------------------------------------------------------------------------
// Clean-up that also runs when the benchmark is interrupted

/** Clean-up steps, run last-added first, once: at the end, on failure, or on SIGINT/SIGTERM.
 * On a signal, `signal` aborts first so that a load run in progress ends instead of hammering
 * a server that is being stopped. */
export class Cleanup {
  private readonly steps: { name: string; run: () => unknown }[] = [];
  private running: Promise<void> | undefined;
  private readonly interruption = new AbortController();
  readonly signal = this.interruption.signal;

  constructor() {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        console.error(`bench: ${signal}: stopping and cleaning up`);
        this.interruption.abort(new BenchError(`interrupted by ${signal}`));
        void this.run().finally(() => process.exit(130));
      });
    }
  }

  add(name: string, run: () => unknown) {
    this.steps.unshift({ name, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.splice(0)) {
        try {
          await step.run();
        } catch (error) {
          console.error(`bench: clean-up "${step.name}" failed: ${errorMessage(error)}`);
        }
      }
    })();
    return this.running;
  }
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// Report

export const KB = 1024;
export const MB = 1024 * 1024;

export const formatKB = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const formatMB = (bytes: number) => `${Math.round(bytes / MB)} MB`;
export const formatMs = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
export const formatRate = (perSecond: number) => `${Math.round(perSecond)} req/s`;
export const verdict = (ok: boolean) => (ok ? "OK" : "MISSED");

/** Two columns: labels padded to the longest one. */
export function formatTable(title: string, rows: [label: string, value: string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [title, ...rows.map(([label, value]) => `${label.padEnd(width)}${value}`)].join("\n");
}
