// Sums the JSON reports that Vitest and Playwright write under CI into one closing line,
// "tests: N passed, N failed", which CI reads as the run's result. A test that failed and then
// passed on its retry (Playwright retries once on CI) counts as passed but is named: in the
// closing line and in a block of its own, because a flaky test is a defect to fix.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const RESULTS_DIR = ".tmp/results";

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  /** "[project] file:line › title" of each test that passed only on a retry. */
  flaky: string[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** Adds up every report in `dir`. */
export function readTotals(dir = RESULTS_DIR): TestTotals {
  const totals: TestTotals = { passed: 0, failed: 0, skipped: 0, flaky: [] };
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    if (!file.endsWith(".json")) continue;
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    if (file.startsWith("vitest-")) {
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
    } else if (file.startsWith("playwright")) {
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
      totals.flaky.push(...flakyTests(report.suites ?? []));
    }
  }
  return totals;
}

function flakyTests(suites: PlaywrightSuite[], titles: string[] = []): string[] {
  const found: string[] = [];
  for (const suite of suites) {
    // The top suites are files; their title is the file name, already in the spec's location.
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "flaky") {
          found.push(
            `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`,
          );
        }
      }
    }
    found.push(...flakyTests(suite.suites ?? [], path));
  }
  return found;
}

/** The closing line, and the flaky tests' block before it when there are any. */
export function summaryText(totals: TestTotals): string {
  const counts = [`${totals.passed} passed`, `${totals.failed} failed`];
  if (totals.skipped) counts.push(`${totals.skipped} skipped`);
  if (totals.flaky.length) counts.push(`${totals.flaky.length} flaky (${totals.flaky.join("; ")})`);
  const block = totals.flaky.length
    ? [
        `flaky: ${totals.flaky.length} test(s) failed, then passed on the retry; each is a defect to fix:`,
        ...totals.flaky.map((name) => `  ${name}`),
        "",
      ]
    : [];
  return [...block, `tests: ${counts.join(", ")}`].join("\n");
}

/** Prints the summary; false when a test failed or none ran. */
export function printSummary(dir = RESULTS_DIR): boolean {
  const totals = readTotals(dir);
  console.log(summaryText(totals));
  return totals.failed === 0 && totals.passed > 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit(printSummary() ? 0 : 1);
}
