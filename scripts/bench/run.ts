// `npm run bench [-- --duration N] [--no-build] [--only signed-in|campaign|javascript|lighthouse]`: the project's performance
// report.
//
// Builds the app, starts the production server on a throw-away DATA_DIR (embedded PostgreSQL,
// demo content), then measures on 127.0.0.1, every figure beside its baseline from the same run:
//   - requests/s of the anonymous home page `/` served from the page cache, asked for as a
//     browser does (`Accept-Encoding: gzip, br`), against the very same bytes served by
//       · a minimal Express handler that sends them precompressed from memory (the goal's
//         baseline: the app should reach at least half of it),
//       · express.static behind `compression` (compressing on every request, as the app did),
//       · nginx with gzip_static, one worker (when nginx is installed; else a note says so);
//     the baselines run in processes of their own, so each gets a core as the app does, and
//     the targets take turns in three rounds, so that other work on a shared machine hits
//     them alike (latencies: the median of the rounds' p99);
//   - p99 latency of `/` at 10 and 100 connections, beside the minimal handler's;
//   - the app process's memory (RSS, not counting the PostgreSQL processes) at rest after the
//     load — once V8 has given the burst's memory back, up to a minute later — and with
//     PostgreSQL, beside the same figures before the load;
//   - the JavaScript (gzip) the home page loads before it hydrates (target ≤ 130 KB), and that
//     of public pages, public pages with a form, account and admin pages against their budgets
//     (page-javascript.ts);
//   - Lighthouse's mobile performance score of six public pages, median of three (lighthouse.ts);
//   - signed-in `/`, `/profile` (ten learners) and `/admin/students` (an admin), each beside its
//     render-only baseline: the same page rendered from loaded data (signed-in.ts, ADR 041);
//   - the students list's query time with 50,000 enrolments (students.ts);
//   - one instance against two behind nginx on one PostgreSQL, and the database connections
//     each holds (scaling.ts);
//   - the advertising campaign's spike: 200 visitors over the public pages, /enroll and /contact
//     among them, and 5 enrolments a second, for 60 s at least (campaign.ts).
// Prints a table, then one line `BENCH_JSON {…}` for tools. Missed targets are reported, not
// failed: the exit code is non-zero only when the benchmark itself could not run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { type CampaignFigures, campaignReport, measureCampaign } from "./campaign";
import {
  BenchError,
  type BenchOptions,
  buildApp,
  Cleanup,
  delay,
  errorMessage,
  fetchRaw,
  formatKB,
  formatMB,
  formatMs,
  formatRate,
  formatTable,
  KB,
  type LoadResult,
  MB,
  makeDataDir,
  NGINX,
  parseBenchOptions,
  ROOT,
  type RunningServer,
  runLoad,
  type ServerMemory,
  serverMemory,
  startNginx,
  startProcess,
  startServer,
  verdict,
} from "./lib";
import { type LighthousePage, lighthouseReport, measureLighthouse } from "./lighthouse";
import {
  type BudgetedPage,
  gzipTotal,
  measureBudgetedPages,
  measurePageJavaScript,
  type PageJavaScript,
} from "./page-javascript";
import { measureScaling, type ScalingFigures, scalingReport } from "./scaling";
import { measureSignedIn, type SignedInFigures, signedInReport, signIn } from "./signed-in";
import { measureStudents, type StudentFigures, studentsReport } from "./students";

const TARGET_RATIO = 0.5;
const TARGET_P99_10_MS = 20;
const TARGET_P99_100_MS = 100;
const TARGET_APP_RSS = 150 * MB;
const TARGET_APP_WITH_POSTGRES = 250 * MB;
const TARGET_JAVASCRIPT_BYTES = 130 * KB;
/** What a browser sends. */
const HEADERS = { "Accept-Encoding": "gzip, br" };
/** Each target's measured time is split into this many turns, taken in rotation. */
const ROUNDS = 3;
/** Seconds of unmeasured load before the measured runs: lets V8 optimise the hot paths. */
const WARM_UP_SECONDS = 2;
/** At most this long without requests before the memory "at rest" is read. V8 gives the memory
 * of a burst back only when its memory reducer runs, some 20–40 s after the allocations stop. */
const REST_SECONDS = 60;
/** The memory has settled when a sample is this close to the previous one… */
const SETTLED_BYTES = 2 * MB;
/** …and below this share of the figure right after the load (the reducer has run). */
const SETTLED_SHARE = 0.85;

interface Throughput {
  app: LoadResult;
  minimal: LoadResult;
  staticFile: LoadResult;
  nginx: LoadResult | undefined;
  app100: LoadResult;
  minimal100: LoadResult;
}

interface Figures {
  durationSeconds: number;
  cpus: number;
  loadAverage: number[];
  page: { pageCache: string; contentEncoding: string; bytes: Record<"identity" | "gzip" | "br", number> };
  staticEncoding: string;
  nginxNote: string | undefined;
  runs: Throughput;
  memoryAtStart: ServerMemory;
  memoryAfterLoad: ServerMemory;
  memoryAtRest: ServerMemory;
  /** Seconds after the load when memoryAtRest was read. */
  restSeconds: number;
  javascript: PageJavaScript;
  budgetedPages: BudgetedPage[];
  lighthouse: LighthousePage[];
  signedIn: SignedInFigures;
  students: StudentFigures;
  scaling: ScalingFigures;
  campaign: CampaignFigures;
  /** The pages with forms from the page cache, each beside the minimal handler serving its bytes. */
  formPages: { address: string; app: LoadResult; minimal: LoadResult; ratio: number; ok: boolean }[];
}

/** The pages with forms (issue 28, item 1): served from the page cache like every public page. */
const FORM_PAGES = ["/enroll", "/contact", "/en/enroll", "/de/contact"];

/** The campaign scenario's length in the full run (issue 28: 60 s). */
const CAMPAIGN_SECONDS = 60;

async function main() {
  const options = parseBenchOptions();
  const cleanup = new Cleanup();
  try {
    if (options.build) buildApp();
    if (options.only === "signed-in") {
      const signedIn = await measureSignedInAlone(options, cleanup);
      console.log(signedInReport(signedIn));
      console.log(`BENCH_JSON ${JSON.stringify({ durationSeconds: options.duration, signedIn })}`);
      return;
    }
    if (options.only === "javascript") {
      const budgetedPages = await measureBudgetedPagesAlone(cleanup);
      console.log(budgetedPagesReport(budgetedPages));
      console.log(`BENCH_JSON ${JSON.stringify({ budgetedPages })}`);
      return;
    }
    if (options.only === "lighthouse") {
      const lighthouse = await withServer(cleanup, (server) => measureLighthouse(server.url, cleanup));
      console.log(lighthouseReport(lighthouse));
      console.log(`BENCH_JSON ${JSON.stringify({ lighthouse })}`);
      return;
    }
    if (options.only === "campaign") {
      progress("the advertising campaign's spike, on a server of its own");
      const campaign = await measureCampaign(options.duration, cleanup);
      console.log(campaignReport(campaign));
      console.log(`BENCH_JSON ${JSON.stringify({ campaign })}`);
      return;
    }
    const figures = await measure(options, cleanup);
    console.log(report(figures));
    console.log(`BENCH_JSON ${JSON.stringify(toJson(figures))}`);
  } finally {
    await cleanup.run();
  }
}

/** One part alone, on a production server of its own with the demo content. */
async function withServer<T>(
  cleanup: Cleanup,
  measure: (server: RunningServer, dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = makeDataDir();
  cleanup.add("remove DATA_DIR", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  progress(`starting the production server (DATA_DIR ${dataDir})`);
  const server = await startServer({ dataDir });
  cleanup.add("stop the server", () => server.stop());
  return measure(server, dataDir);
}

function measureBudgetedPagesAlone(cleanup: Cleanup) {
  return withServer(cleanup, async (server, dataDir) => {
    progress("measuring the JavaScript of public, form, account and admin pages");
    return measureBudgetedPages(server.url, await javascriptAccounts(server, dataDir));
  });
}

/** A learner's and an admin's Cookie headers for the budgeted account and admin pages. */
async function javascriptAccounts(server: RunningServer, dataDir: string) {
  return {
    account: await signIn(server, dataDir, "js-learner", "user"),
    admin: await signIn(server, dataDir, "js-admin", "admin"),
  };
}

function budgetedPagesReport(pages: BudgetedPage[]): string {
  return formatTable(
    "JavaScript each kind of page loads before it hydrates (gzip -9), against its budget",
    pages.map((page) => [
      `  ${page.type.padEnd(8)}${page.path}`,
      `${formatKB(page.gzipBytes).padStart(9)}   budget ${formatKB(page.budgetBytes)} ${verdict(page.ok)}`,
    ]),
  );
}

function measureSignedInAlone(options: BenchOptions, cleanup: Cleanup) {
  return withServer(cleanup, (server, dataDir) => {
    progress("signed-in pages beside their render-only baselines");
    return measureSignedIn(server, dataDir, options.duration, cleanup);
  });
}

async function measure(options: BenchOptions, cleanup: Cleanup): Promise<Figures> {
  const dataDir = makeDataDir();
  cleanup.add("remove DATA_DIR", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  progress(`starting the production server (DATA_DIR ${dataDir})`);
  const server = await startServer({ dataDir });
  cleanup.add("stop the server", () => server.stop());
  const appUrl = `${server.url}/`;

  // The first request renders the page and fills the page cache; the second must come from the
  // cache (a "miss" would mean we are benchmarking rendering instead).
  await fetchRaw(appUrl, HEADERS);
  const cached = await fetchRaw(appUrl, HEADERS);
  if (cached.status !== 200) throw new BenchError(`${appUrl}: HTTP ${cached.status}`);
  const page = await pageInEveryEncoding(appUrl);
  const memoryAtStart = serverMemory(server.pid); // the baseline for the figures after the load

  // The app's own bytes, for the baselines to serve.
  const pageFolder = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-bench-page-"));
  cleanup.add("remove the page copies", () => fs.rmSync(pageFolder, { recursive: true, force: true }));
  fs.writeFileSync(path.join(pageFolder, "index.html"), page.identity);
  fs.writeFileSync(path.join(pageFolder, "index.html.gz"), page.gzip);
  fs.writeFileSync(path.join(pageFolder, "index.html.br"), page.br);
  // The pages with forms (ADR 042), each also served by the minimal handler from its own bytes.
  const formPageFolders: Record<string, string> = {};
  for (const [index, address] of FORM_PAGES.entries()) {
    const url = `${server.url}${address}`;
    await fetchRaw(url, HEADERS); // renders it into the page cache
    const formPage = await pageInEveryEncoding(url);
    const folder = path.join(pageFolder, `form-${index}`);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "index.html"), formPage.identity);
    fs.writeFileSync(path.join(folder, "index.html.gz"), formPage.gzip);
    fs.writeFileSync(path.join(folder, "index.html.br"), formPage.br);
    formPageFolders[address] = `form-${index}`;
  }
  fs.writeFileSync(path.join(pageFolder, "pages.json"), JSON.stringify(formPageFolders));

  progress("starting the Express baselines");
  const baselines = await startProcess({
    command: path.join(ROOT, "node_modules/.bin/tsx"),
    args: ["scripts/bench/baseline-server.ts", pageFolder],
    readyText: "BASELINES ",
    what: "the Express baselines",
  });
  cleanup.add("stop the Express baselines", () => baselines.stop(5_000));
  const ports = JSON.parse(/BASELINES (.*)/.exec(baselines.output)?.[1] ?? "{}") as Record<string, number>;
  const minimalUrl = `http://127.0.0.1:${ports.minimal}/`;
  const staticUrl = `http://127.0.0.1:${ports.static}/`;

  let nginx: RunningServer | undefined;
  let nginxNote: string | undefined;
  if (!NGINX) nginxNote = "nginx is not installed: no nginx figure";
  else {
    progress("starting nginx");
    try {
      nginx = await startNginx(pageFolder);
      cleanup.add("stop nginx", () => nginx?.stop(5_000));
    } catch (error) {
      nginxNote = `nginx did not start, no nginx figure: ${errorMessage(error)}`;
    }
  }
  const nginxUrl = nginx && `${nginx.url}/`;

  // Each baseline must answer with the app's page, decoded.
  for (const [name, url] of [
    ["minimal", minimalUrl],
    ["static", staticUrl],
    ["nginx", nginxUrl],
  ] as const) {
    if (!url) continue;
    const response = await fetchRaw(url, HEADERS);
    if (!decode(response).equals(page.identity))
      throw new BenchError(`${name} (${url}) does not serve the page`);
  }
  const staticEncoding = String(
    (await fetchRaw(staticUrl, HEADERS)).headers["content-encoding"] ?? "identity",
  );

  const duration = options.duration;
  const signal = cleanup.signal;
  const targets = [appUrl, minimalUrl, staticUrl, nginxUrl].filter((url): url is string => Boolean(url));
  const warmUp = Math.min(WARM_UP_SECONDS, duration);
  progress(`warming up (${warmUp} s per URL)`);
  for (const url of targets) await runLoad({ url, duration: warmUp, headers: HEADERS, signal });

  // The machine may be shared: a burst of someone else's work during one target's run would
  // skew the comparison. So the targets take turns, ROUNDS times, each round a share of the
  // duration, and each figure combines its rounds.
  const roundSeconds = Math.max(2, Math.round(duration / ROUNDS));
  const alternate = async (connections: number, targets: { name: string; url: string }[]) => {
    const rounds = new Map<string, LoadResult[]>(targets.map((t) => [t.url, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`round ${round} of ${ROUNDS} at ${connections} connections (${roundSeconds} s per target)`);
      for (const target of targets) {
        const result = await runLoad({
          url: target.url,
          connections,
          duration: roundSeconds,
          headers: HEADERS,
          signal,
        });
        rounds.get(target.url)?.push(result);
      }
    }
    return (url: string) => combineRounds(rounds.get(url) ?? []);
  };
  const at10 = await alternate(10, [
    { name: "app", url: appUrl },
    { name: "minimal", url: minimalUrl },
    { name: "static", url: staticUrl },
    ...(nginxUrl ? [{ name: "nginx", url: nginxUrl }] : []),
  ]);
  const at100 = await alternate(100, [
    { name: "app", url: appUrl },
    { name: "minimal", url: minimalUrl },
  ]);
  // The runs at 10 connections are also the 10-connection latency runs.
  const runs: Throughput = {
    app: at10(appUrl),
    minimal: at10(minimalUrl),
    staticFile: at10(staticUrl),
    nginx: nginxUrl ? at10(nginxUrl) : undefined,
    app100: at100(appUrl),
    minimal100: at100(minimalUrl),
  };
  const minimalFor = (address: string) => `http://127.0.0.1:${ports.minimal}${address}`;
  for (const address of FORM_PAGES) {
    const response = await fetchRaw(`${server.url}${address}`, HEADERS);
    if (response.headers["x-page-cache"] !== "hit") {
      throw new BenchError(
        `${address} does not come from the page cache (${response.headers["x-page-cache"]})`,
      );
    }
    if (!decode(await fetchRaw(minimalFor(address), HEADERS)).equals(decode(response))) {
      throw new BenchError(`the minimal handler does not serve ${address} as the app does`);
    }
  }
  const formPagesAt10 = await alternate(
    10,
    FORM_PAGES.flatMap((address) => [
      { name: `app ${address}`, url: `${server.url}${address}` },
      { name: `minimal ${address}`, url: minimalFor(address) },
    ]),
  );
  const formPages = FORM_PAGES.map((address) => {
    const app = formPagesAt10(`${server.url}${address}`);
    const minimal = formPagesAt10(minimalFor(address));
    const ratio = app.requestsPerSecond / minimal.requestsPerSecond;
    return { address, app, minimal, ratio, ok: ratio >= TARGET_RATIO };
  });
  const memoryAfterLoad = serverMemory(server.pid); // right after the heaviest run
  progress(`resting until the memory settles (at most ${REST_SECONDS} s)`);
  const { memory: memoryAtRest, seconds: restSeconds } = await memoryAtRestAfter(server.pid, memoryAfterLoad);

  progress("measuring the home page's JavaScript");
  const javascript = await measurePageJavaScript(appUrl);
  progress("measuring the JavaScript of public, form, account and admin pages");
  const budgetedPages = await measureBudgetedPages(appUrl, await javascriptAccounts(server, dataDir));
  progress("Lighthouse on six public pages, three runs each");
  const lighthouse = await measureLighthouse(appUrl, cleanup);

  progress("signed-in pages beside their render-only baselines");
  const signedIn = await measureSignedIn(server, dataDir, duration, cleanup);

  progress("seeding 50,000 enrolments and timing the students list");
  const students = await measureStudents(dataDir, cleanup);

  progress("one instance against two behind nginx, on one PostgreSQL");
  const scaling = await measureScaling(dataDir, duration, cleanup);

  // The scenario lasts a minute; a shorter --duration is for trying the bench out.
  progress("the advertising campaign's spike, on a server of its own");
  const campaign = await measureCampaign(Math.max(duration, CAMPAIGN_SECONDS), cleanup);

  return {
    durationSeconds: duration,
    cpus: os.availableParallelism(),
    loadAverage: os.loadavg(),
    page: {
      pageCache: String(cached.headers["x-page-cache"] ?? "none"),
      contentEncoding: String(cached.headers["content-encoding"] ?? "identity"),
      bytes: { identity: page.identity.length, gzip: page.gzip.length, br: page.br.length },
    },
    staticEncoding,
    nginxNote,
    runs,
    memoryAtStart,
    memoryAfterLoad,
    memoryAtRest,
    restSeconds,
    javascript,
    budgetedPages,
    lighthouse,
    signedIn,
    students,
    scaling,
    campaign,
    formPages,
  };
}

/** One figure from a target's rounds (equally long): requests per second averaged; latencies are
 * the median of the rounds' (a burst of another process's work moves one round, not the figure). */
function combineRounds(rounds: LoadResult[]): LoadResult {
  const first = rounds[0];
  if (!first) throw new BenchError("no rounds to combine");
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  };
  const total = (pick: (r: LoadResult) => number) => rounds.reduce((sum, r) => sum + pick(r), 0);
  const requests = total((r) => r.requests);
  return {
    url: first.url,
    connections: first.connections,
    requestsPerSecond: total((r) => r.requestsPerSecond) / rounds.length,
    latencyP50Ms: median(rounds.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(rounds.map((r) => r.latencyP99Ms)),
    latencyMaxMs: Math.max(...rounds.map((r) => r.latencyMaxMs)),
    requests,
    bytesPerResponse: requests ? total((r) => r.bytesPerResponse * r.requests) / requests : 0,
    errors: total((r) => r.errors),
    non2xx: total((r) => r.non2xx),
  };
}

/** Samples the app's memory every 5 s without load until it has settled, or REST_SECONDS. */
async function memoryAtRestAfter(pid: number, afterLoad: ServerMemory) {
  let previous = afterLoad;
  for (let seconds = 5; seconds <= REST_SECONDS; seconds += 5) {
    await delay(5_000);
    const memory = serverMemory(pid);
    const settled =
      Math.abs(memory.appRssBytes - previous.appRssBytes) <= SETTLED_BYTES &&
      memory.appRssBytes <= afterLoad.appRssBytes * SETTLED_SHARE;
    if (settled || seconds === REST_SECONDS) return { memory, seconds };
    previous = memory;
  }
  return { memory: previous, seconds: REST_SECONDS };
}

/** The cached page as the app sends it in each encoding; each must decode to the same HTML. */
async function pageInEveryEncoding(url: string) {
  const get = async (encoding: string) => {
    const response = await fetchRaw(url, { "Accept-Encoding": encoding });
    const sent = String(response.headers["content-encoding"] ?? "identity");
    if (response.status !== 200 || sent !== encoding) {
      throw new BenchError(`${url} with Accept-Encoding: ${encoding}: HTTP ${response.status}, ${sent}`);
    }
    return response;
  };
  const identity = (await get("identity")).body;
  const gzip = (await get("gzip")).body;
  const br = (await get("br")).body;
  if (!zlib.gunzipSync(gzip).equals(identity) || !zlib.brotliDecompressSync(br).equals(identity)) {
    throw new BenchError(`${url}: the compressed pages do not decode to the plain one`);
  }
  return { identity, gzip, br };
}

function decode(response: { headers: Record<string, unknown>; body: Buffer }): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  return response.body;
}

function report(f: Figures): string {
  const r = f.runs;
  const js = f.javascript;
  const beforeHydration = gzipTotal(js.beforeHydration);
  const files = (list: unknown[]) => `${list.length} file${list.length === 1 ? "" : "s"}`;
  const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;
  const appVs = (baseline: LoadResult) =>
    `${formatRate(baseline.requestsPerSecond).padStart(12)}   app ÷ this = ${ratio(r.app.requestsPerSecond, baseline.requestsPerSecond)}`;
  const appRatio = r.app.requestsPerSecond / r.minimal.requestsPerSecond;
  const p99 = (app: LoadResult, minimal: LoadResult, target: number) =>
    `${formatMs(app.latencyP99Ms).padStart(9)}   minimal handler ${formatMs(minimal.latencyP99Ms)} (app ÷ it = ${ratio(app.latencyP99Ms, minimal.latencyP99Ms)})   target ≤ ${target} ms ${verdict(app.latencyP99Ms <= target)}`;
  const rest = f.memoryAtRest;
  const start = f.memoryAtStart;
  const withPostgres = (m: ServerMemory) => m.appRssBytes + m.postgresPssBytes;
  const memory = (now: number, before: number, target: number) =>
    `${formatMB(now).padStart(7)}   before the load ${formatMB(before)} (${ratio(now, before)})   target ≤ ${formatMB(target)} ${verdict(now <= target)}`;

  const table = formatTable(
    `Lernhaus benchmark (each target ${ROUNDS} × ${Math.max(2, Math.round(f.durationSeconds / ROUNDS))} s, in turns; ${f.cpus} CPUs, load average at the end ${f.loadAverage.map((l) => l.toFixed(1)).join(" ")})\n` +
      `GET / (${formatKB(f.page.bytes.identity)}, gzip ${formatKB(f.page.bytes.gzip)}, br ${formatKB(f.page.bytes.br)}) with Accept-Encoding: ${HEADERS["Accept-Encoding"]}`,
    [
      [
        "  app, page cache, 10 connections",
        `${formatRate(r.app.requestsPerSecond).padStart(12)}   (page cache: ${f.page.pageCache}, ${f.page.contentEncoding})`,
      ],
      [
        "  minimal Express, precompressed",
        `${appVs(r.minimal)}   target ≥ ${TARGET_RATIO.toFixed(2)}× ${verdict(appRatio >= TARGET_RATIO)}`,
      ],
      [`  express.static + compression (${f.staticEncoding})`, appVs(r.staticFile)],
      r.nginx
        ? ["  nginx gzip_static, 1 worker (gzip)", appVs(r.nginx)]
        : ["  nginx", f.nginxNote ?? "skipped"],
      ["p99 latency of /, 10 connections", p99(r.app, r.minimal, TARGET_P99_10_MS)],
      ["p99 latency of /, 100 connections", p99(r.app100, r.minimal100, TARGET_P99_100_MS)],
      [
        `  app at 100 connections`,
        `${formatRate(r.app100.requestsPerSecond).padStart(12)}   minimal ${formatRate(r.minimal100.requestsPerSecond)} (${ratio(r.app100.requestsPerSecond, r.minimal100.requestsPerSecond)})`,
      ],
      [
        `app RSS at rest (${f.restSeconds} s after the load)`,
        memory(rest.appRssBytes, start.appRssBytes, TARGET_APP_RSS),
      ],
      [
        "app RSS + postgres PSS at rest",
        memory(withPostgres(rest), withPostgres(start), TARGET_APP_WITH_POSTGRES),
      ],
      [
        "  right after the load",
        `app ${formatMB(f.memoryAfterLoad.appRssBytes)}, + postgres PSS ${formatMB(withPostgres(f.memoryAfterLoad))}`,
      ],
      [
        "  postgres at rest",
        `PSS ${formatMB(rest.postgresPssBytes)}, RSS summed ${formatMB(rest.postgresRssBytes)} over ${rest.postgresProcesses} processes (RSS counts shared buffers in each)`,
      ],
      [
        "home page JavaScript (gzip)",
        `${formatKB(beforeHydration)} (target ≤ ${TARGET_JAVASCRIPT_BYTES / KB} KB) ${verdict(beforeHydration <= TARGET_JAVASCRIPT_BYTES)}`,
      ],
      ["  static graph", `${formatKB(gzipTotal(js.staticGraph))} in ${files(js.staticGraph)}`],
      [
        `  + loaded on demand (${js.language || "?"})`,
        `${formatKB(gzipTotal(js.loadedOnDemand))} in ${files(js.loadedOnDemand)}`,
      ],
      [
        "  all reachable incl. dynamic",
        `${formatKB(gzipTotal(js.allReachable))} in ${files(js.allReachable)}`,
      ],
    ],
  );
  const largest = [...js.beforeHydration]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `  ${formatKB(file.gzipBytes).padStart(9)}  ${new URL(file.url).pathname}`);
  return `${table}\n\nJavaScript the page loads, largest first (gzip -9):\n${largest.join("\n")}\n\n${budgetedPagesReport(f.budgetedPages)}\n\n${lighthouseReport(f.lighthouse)}\n\n${signedInReport(f.signedIn)}\n\n${studentsReport(f.students)}\n\n${formPagesReport(f)}\n\n${scalingReport(f.scaling)}\n\n${campaignReport(f.campaign)}`;
}

function formPagesReport(f: Figures): string {
  return formatTable(
    "Pages with forms from the page cache (10 connections; a form ticket cookie with each answer), beside the minimal handler serving the same bytes",
    f.formPages.map((page) => [
      `  ${page.address}`,
      `${formatRate(page.app.requestsPerSecond).padStart(12)}   minimal ${formatRate(page.minimal.requestsPerSecond)}   app ÷ it = ${page.ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO.toFixed(2)}×) ${verdict(page.ok)}   p99 ${formatMs(page.app.latencyP99Ms)}`,
    ]),
  );
}

function toJson(f: Figures) {
  const js = f.javascript;
  const r = f.runs;
  const run = (result: LoadResult | undefined) =>
    result && {
      connections: result.connections,
      requestsPerSecond: Math.round(result.requestsPerSecond),
      latencyP50Ms: result.latencyP50Ms,
      latencyP99Ms: result.latencyP99Ms,
      latencyMaxMs: result.latencyMaxMs,
      requests: result.requests,
      bytesPerResponse: Math.round(result.bytesPerResponse),
      errors: result.errors,
    };
  const beforeHydration = gzipTotal(js.beforeHydration);
  const ratio = r.app.requestsPerSecond / r.minimal.requestsPerSecond;
  const withPostgres = f.memoryAtRest.appRssBytes + f.memoryAtRest.postgresPssBytes;
  return {
    durationSeconds: f.durationSeconds,
    cpus: f.cpus,
    loadAverage: f.loadAverage,
    page: f.page,
    app: run(r.app),
    minimal: run(r.minimal),
    static: { ...run(r.staticFile), contentEncoding: f.staticEncoding },
    nginx: run(r.nginx) ?? { skipped: f.nginxNote },
    app100: run(r.app100),
    minimal100: run(r.minimal100),
    ratio: Number(ratio.toFixed(3)),
    ratioTarget: TARGET_RATIO,
    ratioOk: ratio >= TARGET_RATIO,
    latencyP99Ms: {
      connections10: r.app.latencyP99Ms,
      connections100: r.app100.latencyP99Ms,
      ok: r.app.latencyP99Ms <= TARGET_P99_10_MS && r.app100.latencyP99Ms <= TARGET_P99_100_MS,
    },
    memory: {
      atStart: f.memoryAtStart,
      afterLoad: f.memoryAfterLoad,
      atRest: f.memoryAtRest,
      restSeconds: f.restSeconds,
      appOk: f.memoryAtRest.appRssBytes <= TARGET_APP_RSS,
      appWithPostgresBytes: withPostgres,
      appWithPostgresOk: withPostgres <= TARGET_APP_WITH_POSTGRES,
    },
    javascript: {
      language: js.language,
      staticGraphGzipBytes: gzipTotal(js.staticGraph),
      loadedOnDemandGzipBytes: gzipTotal(js.loadedOnDemand),
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
    budgetedPages: f.budgetedPages,
    lighthouse: f.lighthouse,
    signedIn: f.signedIn,
    students: f.students,
    scaling: f.scaling,
    campaign: f.campaign,
    formPages: f.formPages.map((page) => ({
      address: page.address,
      requestsPerSecond: Math.round(page.app.requestsPerSecond),
      minimalRequestsPerSecond: Math.round(page.minimal.requestsPerSecond),
      ratio: Number(page.ratio.toFixed(2)),
      p99Ms: page.app.latencyP99Ms,
      ok: page.ok,
    })),
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
