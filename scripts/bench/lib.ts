// Reusable pieces of the project's benchmarks (scripts/bench/*.ts): command-line options, the
// production build, a production server on a throw-away DATA_DIR, autocannon runs, memory of a
// process tree, clean-up that also runs on Ctrl-C, and the report formatting.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
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
  /** Run `npm run build` first (off with --no-build). */
  build: boolean;
  /** `--only signed-in`: the signed-in pages alone (signed-in.ts); `--only campaign`: the
   * advertising campaign's spike alone (campaign.ts); `--only javascript`: the pages' JavaScript
   * against their budgets (page-javascript.ts); `--only lighthouse`: Lighthouse on six public pages
   * (lighthouse.ts). */
  only: (typeof ONLY_PARTS)[number] | undefined;
}

const ONLY_PARTS = ["signed-in", "campaign", "javascript", "lighthouse"] as const;

export function parseBenchOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10" },
      // Node 20's parseArgs has no negated booleans, so "--no-build" is its own flag.
      "no-build": { type: "boolean", default: false },
      only: { type: "string" },
    },
    strict: true,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new BenchError(`--duration must be a positive number of seconds, not "${values.duration}"`);
  }
  const only = ONLY_PARTS.find((part) => part === values.only);
  if (values.only !== undefined && !only) {
    throw new BenchError(
      `--only takes ${ONLY_PARTS.map((part) => `"${part}"`).join(" or ")}, not "${values.only}"`,
    );
  }
  return { duration, build: !values["no-build"], only };
}

/** A failure of the benchmark itself (as opposed to a missed target): message only, exit 1. */
export class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Build and server

export function buildApp() {
  console.error("bench: building the production app (npm run build)…");
  // Its output goes to stderr with the progress lines: stdout is the report.
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", 2, 2] });
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

export interface RunningProcess {
  /** The pid of the process we spawned. */
  pid: number;
  /** Everything it printed on stdout until it was ready. */
  output: string;
  /** SIGTERM, wait for it to end; SIGKILL the whole tree after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface RunningServer extends RunningProcess {
  /** http://127.0.0.1:<port> */
  url: string;
}

export interface StartServerOptions {
  /** Extra environment (e.g. an AUTH_SECRET); DATABASE_URL is removed unless given here. */
  env?: Record<string, string>;
  dataDir: string;
  readyText?: string;
  timeoutMs?: number;
}

/** How `npm start` runs the server: `node [flags] <built file>` when its script says so, else the
 * TypeScript entry through tsx (the app process is then tsx's child). */
export function serverCommand(): { command: string; args: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  // The script may name the build folder through the shell: ${BUILD_DIR:-build}, $BUILD_DIR.
  const start = (pkg.scripts?.start ?? "").replace(
    /\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g,
    (_, braced: string | undefined, fallback: string | undefined, bare: string | undefined) =>
      process.env[braced ?? bare ?? ""] || (fallback ?? ""),
  );
  const plainNode = /(?:^|[\s;&])node((?:\s+--?[\w-]+(?:=\S+)?)*)\s+([^\s-]\S*\.m?js)\b/.exec(start);
  if (plainNode) {
    const flags = (plainNode[1] ?? "").trim().split(/\s+/).filter(Boolean);
    // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (Node
    // refuses --cpu-prof in NODE_OPTIONS), to see where a scenario's time goes.
    const profile = process.env.BENCH_CPU_PROFILE;
    if (profile) flags.push("--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`);
    return { command: process.execPath, args: [...flags, plainNode[2] ?? ""] };
  }
  return { command: path.join(ROOT, "node_modules/.bin/tsx"), args: ["server/index.ts"] };
}

/** Starts the server as `npm start` does (without its build step), in production mode on
 * 127.0.0.1 and a free port, with the demo content and (unless `env` says otherwise) the embedded
 * PostgreSQL, and waits until it listens. */
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
  const server = await startProcess({
    ...serverCommand(),
    env,
    readyText,
    timeoutMs,
    what: "the server",
    // Its log goes to a file, as it would to an operator's journal: the app pays for writing a
    // line per request, the bench does not pay for reading them.
    logFile: path.join(options.dataDir, "server.log"),
  });
  return { ...server, url: `http://127.0.0.1:${port}` };
}

export interface StartProcessOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Ready when stdout contains this; without it, ready at once. */
  readyText?: string;
  timeoutMs?: number;
  /** For messages: "the server", "nginx". */
  what: string;
  /** Send stdout to this file (and look for `readyText` there) instead of a pipe. */
  logFile?: string;
}

/** Spawns a process in ROOT whose stdout is watched for `readyText` and then drained; stderr
 * stays visible. */
export async function startProcess(options: StartProcessOptions): Promise<RunningProcess> {
  const { readyText = "", timeoutMs = 60_000, what, logFile } = options;
  const logFd = logFile ? fs.openSync(logFile, "w") : undefined;
  const child = spawn(options.command, options.args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: ["ignore", logFd ?? "pipe", "inherit"],
  });
  if (logFd !== undefined) fs.closeSync(logFd); // the child holds its own copy
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running: RunningProcess = {
    pid: child.pid ?? -1,
    output: "",
    stop: (graceMs = 20_000) => stopProcessTree(child, exited, graceMs),
  };
  try {
    running.output = logFile
      ? await waitForFileText(child, logFile, readyText, timeoutMs, what)
      : await waitForOutput(child, readyText, timeoutMs, what);
  } catch (error) {
    await running.stop(5_000);
    throw error;
  }
  return running;
}

async function waitForFileText(
  child: ChildProcess,
  file: string,
  text: string,
  timeoutMs: number,
  what: string,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const output = fs.readFileSync(file, "utf8");
    if (output.includes(text)) return output;
    const failure =
      child.exitCode !== null || child.signalCode !== null
        ? `exited (${child.exitCode ?? child.signalCode}) before printing "${text}"`
        : Date.now() > deadline
          ? `did not print "${text}" within ${timeoutMs / 1000} s`
          : undefined;
    if (failure) throw new BenchError(`${what} ${failure}. Its output:\n${output.trimEnd() || "(none)"}`);
    await delay(100);
  }
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number, what: string): Promise<string> {
  const stdout = child.stdout;
  if (!stdout) throw new BenchError(`${what}'s stdout is not piped`);
  let output = "";
  return new Promise<string>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stdout.off("data", onData);
      child.off("exit", onExit);
      // From now on the process may print more: read it into nowhere so that the pipe never
      // fills up (a full pipe would block its event loop).
      stdout.resume();
      if (error) reject(error);
      else resolve(output);
    };
    const fail = (reason: string) =>
      finish(new BenchError(`${what} ${reason}. Its output:\n${output.trimEnd() || "(none)"}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes(text)) finish();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (${code ?? signal}) before printing "${text}"`);
    const timer = setTimeout(() => fail(`did not print "${text}" within ${timeoutMs / 1000} s`), timeoutMs);
    stdout.on("data", onData);
    child.once("exit", onExit);
    if (!text) finish();
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
    console.error(`bench: ${child.spawnfile} did not stop within ${graceMs / 1000} s; killing it`);
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
// Raw HTTP (fetch would decompress the body) and nginx

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Polls `url` until it answers 200. */
export async function waitForHttp(url: string, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetchRaw(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new BenchError(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
    await delay(100);
  }
}

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));

/**
 * nginx in the foreground (a child of ours), one worker, serving `folder` on a free loopback port
 * with `gzip_static`: index.html.gz for clients that take gzip. Its configuration, pid, logs and
 * temporary files live in a folder of their own, removed by `stop`.
 */
/** A foreground nginx's whole configuration, with every file it writes under `prefix` and
 * `http` holding the benchmark's own directives and servers. */
export function nginxConfig(prefix: string, http: string) {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${http}
}
`;
}

export async function startNginx(folder: string): Promise<RunningServer> {
  if (!NGINX) throw new BenchError("nginx is not installed");
  const port = await findFreePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-bench-nginx-"));
  // Run as root, nginx's worker drops to `nobody`, which must be able to read the page.
  for (const dir of [prefix, folder]) fs.chmodSync(dir, 0o755);
  const config = nginxConfig(
    prefix,
    `  types { text/html html; }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${folder};
    location / {
      gzip_static on;
      gzip_vary on;
      index index.html;
    }
  }`,
  );
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const nginx = await startProcess({
    command: NGINX,
    // -e: the error log before the configuration is read (the default path is not writable for all)
    args: ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")],
    what: "nginx",
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (graceMs?: number) => {
    await nginx.stop(graceMs);
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${url}/`, 10_000, "nginx");
  } catch (error) {
    const log = fs.readFileSync(path.join(prefix, "error.log"), { encoding: "utf8", flag: "a+" });
    await stop(2_000);
    throw new BenchError(`${errorMessage(error)}. Its error log:\n${log.trimEnd() || "(empty)"}`);
  }
  return { ...nginx, url, stop };
}

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
  /** The app's node process: the largest non-postgres process of the tree (under tsx, tsx's own
   * node and esbuild's service are the others). */
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
  if (!/\bnode\b/.test(app.comm)) {
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

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // After "(comm) ", which may itself hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ, 100 on every Linux the app runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

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
  /** Seconds an answer may take before it counts as a timeout (default 10). */
  timeout?: number;
  headers?: Record<string, string>;
  /** Each connection sends these in turn (per-request headers: one account each; or paths). */
  requests?: { method: string; path?: string; headers?: Record<string, string> }[];
}) => PromiseLike<AutocannonResult> & { stop(): void };
export const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadOptions {
  url: string;
  connections?: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Headers that take turns, one set per request on every connection (e.g. ten accounts'
   * cookies), on top of `headers`. */
  rotatingHeaders?: Record<string, string>[];
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
    requests: options.rotatingHeaders?.map((headers) => ({
      method: "GET",
      headers: { ...options.headers, ...headers },
    })),
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
