// Lighthouse's mobile performance score of the pages an advertisement or a search leads to
// (issue 28, item 4): each page three times, the median kept (one run varies by a few points
// with whatever else the machine does). Lighthouse's default mobile settings: a mid-range phone,
// 4× CPU slowdown and a slow 4G connection, simulated. A run takes 30–50 s on two cores, so this
// part takes some 15 minutes. Its own Chromium (Debian's full one:
// the headless shell lacks what Lighthouse drives), one for all runs; each run starts with
// an empty cache and storage, as a first visit does.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BenchError, type Cleanup, formatTable, verdict } from "./lib";
import { firstLinkedPage } from "./page-javascript";

/** The score (0–100) each page's median must reach. */
export const LIGHTHOUSE_TARGET = 95;
const RUNS = 3;
const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM ?? "/usr/bin/chromium";

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthousePage {
  path: string;
  runs: LighthouseRun[];
  /** The run with the median score. */
  median: LighthouseRun;
  ok: boolean;
}

/** `/`, `/courses`, `/blog`, the newest article, `/schedule` and `/enroll`. */
export async function measureLighthouse(appUrl: string, cleanup: Cleanup): Promise<LighthousePage[]> {
  const paths = [
    "/",
    "/courses",
    "/blog",
    await firstLinkedPage(appUrl, "/blog", "/blog/"),
    "/schedule",
    "/enroll",
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  // Also when the bench is interrupted: an orphaned Chromium would load the next runs.
  cleanup.add("stop Lighthouse's Chromium", () => chrome.kill());
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= RUNS; run++) {
        let result = await audit(`${appUrl}${path}`, chrome.port);
        // Chromium's trace of the load was lost (seen once in a run of 18): nothing about the
        // page. That run is made again, once, and says so; anything else about the page is a
        // failure of the bench.
        const lost = result?.lhr?.runtimeError?.code;
        if (lost && TRACE_LOST.has(lost)) {
          console.error(`bench: Lighthouse ${path}: run ${run} lost its trace (${lost}); running it again`);
          result = await audit(`${appUrl}${path}`, chrome.port);
        }
        const lhr = result?.lhr;
        const score = lhr?.categories.performance?.score;
        if (!lhr || typeof score !== "number") {
          throw new BenchError(
            `Lighthouse gave no performance score for ${path}: ${lhr?.runtimeError?.message ?? "no result"}`,
          );
        }
        runs.push({
          score: Math.round(score * 100),
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        });
        console.error(`bench: Lighthouse ${path}: run ${run} of ${RUNS} scored ${runs.at(-1)?.score}`);
      }
      const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)] as LighthouseRun;
      pages.push({ path, runs, median, ok: median.score >= LIGHTHOUSE_TARGET });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's errors for a trace Chromium did not record, whatever the page. */
const TRACE_LOST = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

function audit(url: string, port: number) {
  return lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
  });
}

export function lighthouseReport(pages: LighthousePage[]): string {
  return formatTable(
    `Lighthouse mobile performance, median of ${RUNS} runs (target ≥ ${LIGHTHOUSE_TARGET})`,
    pages.map((page) => [
      `  ${page.path}`,
      `${String(page.median.score).padStart(4)} ${verdict(page.ok)}   runs ${page.runs.map((run) => run.score).join(", ")}   LCP ${(page.median.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(page.median.tbtMs)} ms, CLS ${page.median.cls.toFixed(3)}`,
    ]),
  );
}
