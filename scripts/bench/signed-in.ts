// Signed-in pages (issue 28, ADR 041): `/` and `/profile` for ten learners, `/admin/students`
// for an admin, at 10 connections (every connection takes the accounts in turn), each beside its
// render-only baseline from the same run: the same page rendered by the same server build from
// loader data loaded beforehand, with no database, no session, no Express and no compression
// (render-only-server.ts). The app and its baseline take turns, ROUNDS times, so that other
// work on a shared machine hits both alike. Besides requests/s and latencies, the CPU time each
// process spent per request (from /proc), which load on a shared machine disturbs less.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  BenchError,
  type Cleanup,
  formatMs,
  formatRate,
  formatTable,
  type LoadResult,
  processCpuMs,
  ROOT,
  type RunningServer,
  runLoad,
  startProcess,
  verdict,
} from "./lib";

/** Each page must reach at least this share of its render-only baseline's requests/s… */
export const SIGNED_IN_TARGET_RATIO = 0.5;
/** …with at most this p99 at 10 connections. */
export const SIGNED_IN_TARGET_P99_MS = 100;
const LEARNERS = 10;
const CONNECTIONS = 10;
const ROUNDS = 3;
/** What a browser sends. */
const HEADERS = { "Accept-Encoding": "gzip, br" };

const PAGES = [
  { path: "/", who: "learners" },
  { path: "/profile", who: "learners" },
  { path: "/admin/students", who: "admin" },
] as const;

interface Measured extends LoadResult {
  cpuMsPerRequest: number;
}

export interface SignedInPage {
  path: string;
  accounts: number;
  app: Measured;
  renderOnly: Measured;
  /** app requests/s ÷ the baseline's. */
  ratio: number;
  ok: boolean;
}

export interface SignedInFigures {
  connections: number;
  pages: SignedInPage[];
}

/** Makes the accounts through the CLI, signs them in through the sign-in form, starts the
 * render-only baseline and measures. `server` runs on `dataDir`. */
export async function measureSignedIn(
  server: RunningServer,
  dataDir: string,
  duration: number,
  cleanup: Cleanup,
): Promise<SignedInFigures> {
  const learners: string[] = [];
  for (let i = 1; i <= LEARNERS; i++) learners.push(await signIn(server, dataDir, `learner${i}`, "user"));
  const admin = await signIn(server, dataDir, "admin", "admin");
  const cookiesOf = (who: "learners" | "admin") => (who === "admin" ? [admin] : learners);

  const planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-bench-render-")), "plan.json");
  cleanup.add("remove the render-only plan", () => fs.rmSync(path.dirname(planFile), { recursive: true }));
  fs.writeFileSync(
    planFile,
    JSON.stringify({
      dataDir,
      appUrl: server.url.replace("127.0.0.1", "localhost"),
      visits: PAGES.flatMap((page) => cookiesOf(page.who).map((cookie) => ({ path: page.path, cookie }))),
    }),
  );
  const baseline = await startProcess({
    command: path.join(ROOT, "node_modules/.bin/tsx"),
    // BENCH_CPU_PROFILE=<folder>: the baseline writes its CPU profile there too, as the app does.
    args: [
      ...(process.env.BENCH_CPU_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
        : []),
      "scripts/bench/render-only-server.ts",
      planFile,
    ],
    env: { ...process.env, NODE_ENV: "production" },
    readyText: "RENDER_ONLY ",
    timeoutMs: 120_000,
    what: "the render-only baseline",
  });
  cleanup.add("stop the render-only baseline", () => baseline.stop(5_000));
  const { port } = JSON.parse(/RENDER_ONLY (.*)/.exec(baseline.output)?.[1] ?? "{}") as { port: number };
  // tsx runs the script in a child process of its own: that one renders.
  const baselinePid = renderingPid(baseline.pid);
  const baselineUrl = `http://127.0.0.1:${port}`;

  const roundSeconds = Math.max(2, Math.round(duration / ROUNDS));
  const pages: SignedInPage[] = [];
  for (const page of PAGES) {
    const rotatingHeaders = cookiesOf(page.who).map((cookie) => ({ Cookie: cookie }));
    const targets = [
      { name: "app", url: `${server.url}${page.path}`, pid: server.pid, runs: [] as Measured[] },
      { name: "render-only", url: `${baselineUrl}${page.path}`, pid: baselinePid, runs: [] as Measured[] },
    ];
    for (const target of targets) {
      // Warm-up, unmeasured: V8 optimises the render path.
      await runLoad({
        url: target.url,
        duration: 2,
        headers: HEADERS,
        rotatingHeaders,
        signal: cleanup.signal,
      });
    }
    for (let round = 1; round <= ROUNDS; round++) {
      console.error(
        `bench: signed-in ${page.path}: round ${round} of ${ROUNDS} (${roundSeconds} s per target)…`,
      );
      for (const target of targets) {
        const cpuBefore = processCpuMs(target.pid);
        const result = await runLoad({
          url: target.url,
          connections: CONNECTIONS,
          duration: roundSeconds,
          headers: HEADERS,
          rotatingHeaders,
          signal: cleanup.signal,
        });
        const cpu = processCpuMs(target.pid) - cpuBefore;
        target.runs.push({ ...result, cpuMsPerRequest: result.requests ? cpu / result.requests : 0 });
      }
    }
    const [app, renderOnly] = targets.map((target) => combine(target.runs)) as [Measured, Measured];
    const ratio = app.requestsPerSecond / renderOnly.requestsPerSecond;
    pages.push({
      path: page.path,
      accounts: rotatingHeaders.length,
      app,
      renderOnly,
      ratio,
      ok: ratio >= SIGNED_IN_TARGET_RATIO && app.latencyP99Ms <= SIGNED_IN_TARGET_P99_MS,
    });
  }
  await baseline.stop(5_000);
  return { connections: CONNECTIONS, pages };
}

/** A new account made with the CLI (as an operator would), signed in through the sign-in form
 * (as a person would): its Cookie header. */
export async function signIn(server: RunningServer, dataDir: string, name: string, role: "user" | "admin") {
  const email = `bench-${name}@lernhaus.test`;
  const password = `Bench-${name}-Lernhaus-2026!`;
  const cli = path.join(ROOT, process.env.BUILD_DIR || "build", "host/cli.js");
  const args = ["user", "create", "--email", email, "--password", password, "--name", `Bench ${name}`];
  await promisify(execFile)(process.execPath, [cli, ...args, "--role", role], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
  });
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new BenchError(`signing in ${email} answered ${response.status}`);
  const cookies = new Map<string, string>();
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    cookies.set(pair.split("=")[0] ?? "", pair);
  }
  if (![...cookies.keys()].some((name) => name.includes("session_token")))
    throw new BenchError(`signing in ${email} set no session cookie`);
  return [...cookies.values()].join("; ");
}

/** tsx starts the script as its child; the process that renders is the newest descendant. */
function renderingPid(pid: number): number {
  const children = (id: number) => {
    try {
      return fs
        .readFileSync(`/proc/${id}/task/${id}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  let current = pid;
  for (let next = children(current); next.length > 0; next = children(current))
    current = next.at(-1) ?? current;
  return current;
}

/** Rounds of equal length: requests/s and CPU per request averaged, latencies the rounds' median. */
function combine(runs: Measured[]): Measured {
  const first = runs[0];
  if (!first) throw new BenchError("no rounds to combine");
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
  const total = (pick: (run: Measured) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  const requests = total((run) => run.requests);
  return {
    ...first,
    requestsPerSecond: total((run) => run.requestsPerSecond) / runs.length,
    latencyP50Ms: median(runs.map((run) => run.latencyP50Ms)),
    latencyP99Ms: median(runs.map((run) => run.latencyP99Ms)),
    latencyMaxMs: Math.max(...runs.map((run) => run.latencyMaxMs)),
    requests,
    bytesPerResponse: requests ? total((run) => run.bytesPerResponse * run.requests) / requests : 0,
    errors: total((run) => run.errors),
    non2xx: total((run) => run.non2xx),
    cpuMsPerRequest: requests ? total((run) => run.cpuMsPerRequest * run.requests) / requests : 0,
  };
}

export function signedInReport(f: SignedInFigures): string {
  const rows: [string, string][] = [];
  const line = (m: Measured) =>
    `${formatRate(m.requestsPerSecond).padStart(11)}   p50 ${formatMs(m.latencyP50Ms).padStart(7)}   p99 ${formatMs(m.latencyP99Ms).padStart(7)}   CPU ${m.cpuMsPerRequest.toFixed(1).padStart(5)} ms/request`;
  for (const page of f.pages) {
    rows.push([
      `GET ${page.path} (${page.accounts} account${page.accounts === 1 ? "" : "s"})`,
      line(page.app),
    ]);
    rows.push(["  render-only baseline", line(page.renderOnly)]);
    rows.push([
      "  app ÷ render-only",
      `${page.ratio.toFixed(2)}× (target ≥ ${SIGNED_IN_TARGET_RATIO}×), p99 target ≤ ${SIGNED_IN_TARGET_P99_MS} ms ${verdict(page.ok)}`,
    ]);
  }
  return formatTable(
    `Signed-in pages at ${f.connections} connections, each beside its render-only baseline (the same server build rendering the same page from loader data loaded beforehand: no database, no session, no Express, no compression), in turns`,
    rows,
  );
}
