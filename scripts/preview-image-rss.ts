// What drawing preview cards costs the app in memory (ADR 030): starts the built server on a fresh
// data folder with the demo content, reads its RSS at rest, asks for every card the site names
// (the default, each open course, each published post), then reads the RSS again once V8 has
// given the burst's memory back. Run after `npm run build`:
//   npx tsx scripts/preview-image-rss.ts            (BUILD_DIR and PORT are honoured)
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const port = Number(process.env.PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.resolve(".tmp", "preview-rss-"));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when we are root

const server = spawn(process.execPath, [path.join(buildDir, "host/server.js")], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    APP_URL: origin,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** The server process's resident set, in kB (Linux). */
function rssKb() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** The RSS of the app's card renderer (a child process while it draws, ADR 030), in kB; 0 when
 * there is none. The embedded PostgreSQL's processes are children too: they are told apart by
 * their command line. */
function rendererRssKb() {
  let total = 0;
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8").trim();
  for (const pid of children ? children.split(" ") : []) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("loadAdditionalAsset")) continue;
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended between the listing and the reading
    }
  }
  return total;
}

/** The lowest RSS over `seconds`, sampled every 5 s: V8's memory reducer gives a burst's memory
 * back some 20–40 s after the requests stop. */
async function rssAtRest(seconds = 60) {
  let lowest = rssKb();
  for (let waited = 0; waited < seconds; waited += 5) {
    await sleep(5_000);
    lowest = Math.min(lowest, rssKb());
  }
  return lowest;
}

async function waitUntilHealthy() {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error("the server did not become healthy within 2 minutes");
}

try {
  await waitUntilHealthy();
  for (const page of ["/", "/courses", "/blog"]) await (await fetch(`${origin}${page}`)).text();
  const before = await rssAtRest();

  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:courses|blog)\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  const cards = ["/og/default.png", ...paths.map((p) => `/og${p}.png`)];
  let peak = rssKb();
  let rendererPeak = 0;
  const times: number[] = [];
  for (const card of cards) {
    const started = performance.now();
    const response = await fetch(`${origin}${card}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${card}: ${response.status}`);
    times.push(performance.now() - started);
    peak = Math.max(peak, rssKb());
    rendererPeak = Math.max(rendererPeak, rendererRssKb());
  }
  const after = await rssAtRest();

  const first = times[0] ?? 0;
  times.sort((a, b) => a - b);
  console.log(
    `cards rendered: ${cards.length}; the first, loading satori, sharp and the fonts: ${first.toFixed(0)} ms`,
  );
  console.log(
    `render time: median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, slowest ${times.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`RSS at rest before any card: ${mb(before)}`);
  console.log(`RSS peak while rendering:    ${mb(peak)}`);
  console.log(`RSS at rest after the cards: ${mb(after)} (goal: 150 MB)`);
  console.log(`renderer process while drawing: ${mb(rendererPeak)}; a minute later: ${mb(rendererRssKb())}`);
} finally {
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
