// `npm run bench [-- --duration N] [--no-build]`: the project's performance report.
//
// Builds the app, starts the production server on a throw-away DATA_DIR (embedded PostgreSQL,
// demo content), then measures on 127.0.0.1:
//   - requests/s of the anonymous home page `/` (served from the in-memory page cache) against the
//     very same HTML served by the same server as a static file, and their ratio: the cache hit
//     path should cost at most about twice a static file (target ratio ≥ 0.5);
//   - p99 latency of `/` at 10 and 100 connections;
//   - the JavaScript (gzip) the home page loads before it hydrates (target ≤ 130 KB);
//   - the server's memory after the load;
//   - the students list's query time with 50,000 enrolments (students.ts).
// Prints a table, then one line `BENCH_JSON {…}` for tools. Missed targets are reported, not
// failed: the exit code is non-zero only when the benchmark itself could not run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BenchError,
  type BenchOptions,
  buildApp,
  Cleanup,
  errorMessage,
  formatKB,
  formatMB,
  formatMs,
  formatRate,
  formatTable,
  KB,
  type LoadResult,
  makeDataDir,
  parseBenchOptions,
  ROOT,
  runLoad,
  type ServerMemory,
  serverMemory,
  startServer,
  verdict,
} from "./lib";
import { gzipTotal, measurePageJavaScript, type PageJavaScript } from "./page-javascript";
import { measureStudents, type StudentFigures, studentsReport } from "./students";

const TARGET_RATIO = 0.5;
const TARGET_JAVASCRIPT_BYTES = 130 * KB;
/** What a browser would send; both the app and the static file then go through `compression`. */
const HEADERS = { "Accept-Encoding": "gzip" };
/** express.static serves build/client, so a file there is served by the same app and middleware. */
const STATIC_NAME = "__bench-home.html";
/** Seconds of unmeasured load before the measured runs: lets V8 optimise the hot paths. */
const WARM_UP_SECONDS = 2;

interface Figures {
  durationSeconds: number;
  cpus: number;
  pageCache: string;
  contentEncoding: string;
  app: LoadResult;
  staticFile: LoadResult;
  app100: LoadResult;
  ratio: number;
  javascript: PageJavaScript;
  memoryAtStart: ServerMemory;
  memory: ServerMemory;
  students: StudentFigures;
}

async function main() {
  const options = parseBenchOptions();
  const cleanup = new Cleanup();
  try {
    if (options.build) buildApp();
    const figures = await measure(options, cleanup);
    console.log(report(figures));
    console.log(`BENCH_JSON ${JSON.stringify(toJson(figures))}`);
  } finally {
    await cleanup.run();
  }
}

async function measure(options: BenchOptions, cleanup: Cleanup): Promise<Figures> {
  const dataDir = makeDataDir();
  cleanup.add("remove DATA_DIR", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  progress(`starting the production server (DATA_DIR ${dataDir})`);
  const server = await startServer({ dataDir });
  cleanup.add("stop the server", () => server.stop());

  const appUrl = `${server.url}/`;
  const staticUrl = `${server.url}/${STATIC_NAME}`;
  // The first request renders the page and fills the page cache; the second shows it is served
  // from the cache (a "miss" would mean we are benchmarking rendering instead).
  const home = await fetchPage(appUrl);
  const cached = await fetchPage(appUrl);
  const memoryAtStart = serverMemory(server.pid); // the baseline for the figure after the load

  const staticFile = path.join(ROOT, "build/client", STATIC_NAME);
  fs.writeFileSync(staticFile, home.body);
  cleanup.add(`remove build/client/${STATIC_NAME}`, () => fs.rmSync(staticFile, { force: true }));
  const copy = await fetchPage(staticUrl);
  if (copy.body !== home.body) throw new BenchError(`${staticUrl} does not serve the copy of /`);

  const duration = options.duration;
  const signal = cleanup.signal;
  const warmUp = Math.min(WARM_UP_SECONDS, duration);
  progress(`warming up (${warmUp} s per URL)`);
  await runLoad({ url: appUrl, duration: warmUp, headers: HEADERS, signal });
  await runLoad({ url: staticUrl, duration: warmUp, headers: HEADERS, signal });

  // The app run at 10 connections is also the 10-connection latency run.
  progress(`GET / at 10 connections (${duration} s)`);
  const app = await runLoad({ url: appUrl, connections: 10, duration, headers: HEADERS, signal });
  progress(`GET /${STATIC_NAME} at 10 connections (${duration} s)`);
  const staticRun = await runLoad({ url: staticUrl, connections: 10, duration, headers: HEADERS, signal });
  progress(`GET / at 100 connections (${duration} s)`);
  const app100 = await runLoad({ url: appUrl, connections: 100, duration, headers: HEADERS, signal });
  const memory = serverMemory(server.pid); // right after the heaviest run

  progress("measuring the home page's JavaScript");
  const javascript = await measurePageJavaScript(appUrl, home.body);

  progress("seeding 50,000 enrolments and timing the students list");
  const students = await measureStudents(dataDir, cleanup);

  return {
    durationSeconds: duration,
    cpus: os.availableParallelism(),
    pageCache: cached.pageCache,
    contentEncoding: cached.contentEncoding,
    app,
    staticFile: staticRun,
    app100,
    ratio: app.requestsPerSecond / staticRun.requestsPerSecond,
    javascript,
    memoryAtStart,
    memory,
    students,
  };
}

interface Page {
  body: string;
  pageCache: string;
  contentEncoding: string;
}

async function fetchPage(url: string): Promise<Page> {
  const response = await fetch(url, { headers: HEADERS }); // fetch decompresses the body itself
  if (response.status !== 200) throw new BenchError(`${url}: HTTP ${response.status}`);
  return {
    body: await response.text(),
    pageCache: response.headers.get("X-Page-Cache") ?? "none",
    contentEncoding: response.headers.get("Content-Encoding") ?? "identity",
  };
}

function report(f: Figures): string {
  const js = f.javascript;
  const beforeHydration = gzipTotal(js.beforeHydration);
  const files = (list: unknown[]) => `${list.length} file${list.length === 1 ? "" : "s"}`;
  const table = formatTable(`Lernhaus benchmark (duration ${f.durationSeconds} s per run, ${f.cpus} CPUs)`, [
    ["GET / (app, page cache)", `${formatRate(f.app.requestsPerSecond)}  (page cache: ${f.pageCache})`],
    [`GET /${STATIC_NAME} (static)`, formatRate(f.staticFile.requestsPerSecond)],
    [
      "ratio app/static",
      `${f.ratio.toFixed(2)}  (target ≥ ${TARGET_RATIO.toFixed(2)}) ${verdict(f.ratio >= TARGET_RATIO)}`,
    ],
    ["p99 latency /, 10 connections", formatMs(f.app.latencyP99Ms)],
    ["p99 latency /, 100 connections", formatMs(f.app100.latencyP99Ms)],
    [
      "home page JavaScript (gzip)",
      `${formatKB(beforeHydration)} (target ≤ ${TARGET_JAVASCRIPT_BYTES / KB} KB) ${verdict(beforeHydration <= TARGET_JAVASCRIPT_BYTES)}`,
    ],
    ["  static graph", `${formatKB(gzipTotal(js.staticGraph))} in ${files(js.staticGraph)}`],
    [
      `  + loaded on demand (${js.language || "?"})`,
      `${formatKB(gzipTotal(js.localeChunks))} in ${files(js.localeChunks)}`,
    ],
    ["  all reachable incl. dynamic", `${formatKB(gzipTotal(js.allReachable))} in ${files(js.allReachable)}`],
    [
      "server RSS after load",
      `${formatMB(f.memory.appRssBytes)} (postgres ${formatMB(f.memory.postgresRssBytes)})`,
    ],
    [
      "  before the load",
      `${formatMB(f.memoryAtStart.appRssBytes)} (postgres ${formatMB(f.memoryAtStart.postgresRssBytes)})`,
    ],
    [
      "  postgres PSS after load",
      `${formatMB(f.memory.postgresPssBytes)} over ${f.memory.postgresProcesses} processes (RSS counts shared buffers in each)`,
    ],
  ]);
  const largest = [...js.beforeHydration]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `  ${formatKB(file.gzipBytes).padStart(9)}  ${new URL(file.url).pathname}`);
  return `${table}\n\nJavaScript the page loads, largest first (gzip -9):\n${largest.join("\n")}\n\n${studentsReport(f.students)}`;
}

function toJson(f: Figures) {
  const js = f.javascript;
  const run = (r: LoadResult) => ({
    connections: r.connections,
    requestsPerSecond: Math.round(r.requestsPerSecond),
    latencyP50Ms: r.latencyP50Ms,
    latencyP99Ms: r.latencyP99Ms,
    latencyMaxMs: r.latencyMaxMs,
    requests: r.requests,
    bytesPerResponse: Math.round(r.bytesPerResponse),
    errors: r.errors,
  });
  const beforeHydration = gzipTotal(js.beforeHydration);
  return {
    durationSeconds: f.durationSeconds,
    cpus: f.cpus,
    pageCache: f.pageCache,
    contentEncoding: f.contentEncoding,
    app: run(f.app),
    static: run(f.staticFile),
    app100: run(f.app100),
    ratio: Number(f.ratio.toFixed(3)),
    ratioTarget: TARGET_RATIO,
    ratioOk: f.ratio >= TARGET_RATIO,
    latencyP99Ms: { connections10: f.app.latencyP99Ms, connections100: f.app100.latencyP99Ms },
    javascript: {
      language: js.language,
      staticGraphGzipBytes: gzipTotal(js.staticGraph),
      localeChunksGzipBytes: gzipTotal(js.localeChunks),
      beforeHydrationGzipBytes: beforeHydration,
      allReachableGzipBytes: gzipTotal(js.allReachable),
      targetBytes: TARGET_JAVASCRIPT_BYTES,
      ok: beforeHydration <= TARGET_JAVASCRIPT_BYTES,
      files: js.beforeHydration.map((file) => ({
        path: new URL(file.url).pathname,
        bytes: file.bytes,
        gzipBytes: file.gzipBytes,
      })),
    },
    memoryAtStart: f.memoryAtStart,
    memory: f.memory,
    students: f.students,
  };
}

const progress = (message: string) => console.error(`bench: ${message}…`);

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `bench: failed: ${error instanceof BenchError ? error.message : ((error as Error)?.stack ?? errorMessage(error))}`,
    );
    process.exit(1);
  },
);
