// Sums the JSON reports that Vitest and Playwright write under CI into one closing line,
// "tests: N passed, N failed", which CI reads as the run's result. A test that failed and then
// passed on its retry (Playwright retries once on CI) counts as passed but is named: in the
// closing line and in a block of its own, because a flaky test is a defect to fix. Each test that
// failed (and each test file that failed outside its tests, e.g. in a hook) is named in a block
// too, with the first line of its error: CI shows only the end of the output.
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
  /** "file › title: first line of the error" of each failed test or test file. */
  failures: string[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightError {
  message?: string;
  location?: { file: string; line: number };
}

/** One try of a test: a timeout's errors are the timeout and then the step it was waiting in. */
interface PlaywrightTry {
  error?: PlaywrightError;
  errors?: PlaywrightError[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results?: PlaywrightTry[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** Adds up every report in `dir`. */
export function readTotals(dir = RESULTS_DIR): TestTotals {
  const totals: TestTotals = { passed: 0, failed: 0, skipped: 0, flaky: [], failures: [] };
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    if (!file.endsWith(".json")) continue;
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    if (file.startsWith("vitest-")) {
      const vitest = report as VitestReport;
      totals.passed += vitest.numPassedTests;
      totals.failed += vitest.numFailedTests;
      totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
      totals.failures.push(...vitestFailures(vitest));
    } else if (file.startsWith("playwright")) {
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
      totals.flaky.push(...playwrightTests(report.suites ?? [], "flaky"));
      totals.failures.push(...playwrightTests(report.suites ?? [], "unexpected"));
    }
  }
  return totals;
}

/** The first line of an error message that says something, without terminal colours. */
function firstLine(message: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (plain.split("\n").find((line) => line.trim() !== "") ?? "").trim().slice(0, 200);
}

function vitestFailures(report: VitestReport): string[] {
  const found: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests)
      found.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook, an unhandled error).
    if (file.status === "failed" && failedTests.length === 0)
      found.push(`${name}: ${firstLine(file.message)}`);
  }
  return found;
}

/** The first line of each of a try's errors, each with the line of the test it was raised at. */
function tryText(attempt: PlaywrightTry): string {
  const errors = attempt.errors?.length ? attempt.errors : attempt.error ? [attempt.error] : [];
  return errors
    .map((error) => {
      const at = error.location ? ` (at ${path.basename(error.location.file)}:${error.location.line})` : "";
      return `${firstLine(error.message)}${at}`;
    })
    .join(" — ");
}

/** "[project] file:line › titles: what went wrong" of each test with the given status: the errors
 * of the try that failed, or of each try, numbered, when both did (a retry can fail for another
 * reason than the first try: the first try's is the one to read). */
function playwrightTests(suites: PlaywrightSuite[], status: string, titles: string[] = []): string[] {
  const found: string[] = [];
  for (const suite of suites) {
    // The top suites are files; their title is the file name, already in the spec's location.
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== status) continue;
        const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`;
        const tries = (test.results ?? []).map(tryText);
        const failed = tries.filter(Boolean);
        if (failed.length === 0) found.push(name);
        else if (failed.length === 1) found.push(`${name}: ${failed[0]}`);
        else
          found.push(
            `${name}: ${tries.flatMap((text, index) => (text ? [`try ${index + 1}: ${text}`] : [])).join("; ")}`,
          );
      }
    }
    found.push(...playwrightTests(suite.suites ?? [], status, path));
  }
  return found;
}

/** The closing line, and before it the blocks of failed and of flaky tests when there are any. */
export function summaryText(totals: TestTotals): string {
  const counts = [`${totals.passed} passed`, `${totals.failed} failed`];
  if (totals.skipped) counts.push(`${totals.skipped} skipped`);
  if (totals.flaky.length) counts.push(`${totals.flaky.length} flaky (${totals.flaky.join("; ")})`);
  const failedBlock = totals.failures.length
    ? ["failed:", ...totals.failures.map((name) => `  ${name}`), ""]
    : [];
  const flakyBlock = totals.flaky.length
    ? [
        `flaky: ${totals.flaky.length} test(s) failed, then passed on the retry; each is a defect to fix:`,
        ...totals.flaky.map((name) => `  ${name}`),
        "",
      ]
    : [];
  return [...failedBlock, ...flakyBlock, `tests: ${counts.join(", ")}`].join("\n");
}

/** Prints the summary; false when a test failed or none ran. */
export function printSummary(dir = RESULTS_DIR): boolean {
  const totals = readTotals(dir);
  console.log(summaryText(totals));
  return totals.failed === 0 && totals.failures.length === 0 && totals.passed > 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit(printSummary() ? 0 : 1);
}
