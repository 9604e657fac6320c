// CI's closing line (scripts/test-summary.ts): a test that passed only on its retry counts as
// passed but is named, in the line and in a block of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTotals, summaryText } from "../../scripts/test-summary";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface VitestFile {
  name: string;
  status: "passed" | "failed";
  message?: string;
  tests: { fullName: string; status: "passed" | "failed"; error?: string }[];
}

/** A results folder holding one Vitest report (10 passing tests, or the given files) and
 * Playwright reports of the given tests. */
function resultsWith(
  playwright: Record<
    string,
    {
      project: string;
      title: string[];
      status: string;
      error?: string;
      /** Each try's report as Playwright writes it, instead of one try with `error`. */
      tries?: { errors: { message: string; location?: { file: string; line: number } }[] }[];
    }[]
  >,
  vitestFiles?: VitestFile[],
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-results-"));
  dirs.push(dir);
  const vitestTests = vitestFiles?.flatMap((file) => file.tests) ?? [];
  fs.writeFileSync(
    path.join(dir, "vitest-1.json"),
    JSON.stringify(
      vitestFiles
        ? {
            numPassedTests: vitestTests.filter((test) => test.status === "passed").length,
            numFailedTests: vitestTests.filter((test) => test.status === "failed").length,
            numPendingTests: 0,
            numTodoTests: 0,
            testResults: vitestFiles.map((file) => ({
              name: path.join(process.cwd(), file.name),
              status: file.status,
              message: file.message ?? "",
              assertionResults: file.tests.map((test) => ({
                fullName: test.fullName,
                status: test.status,
                failureMessages: test.error ? [test.error] : [],
              })),
            })),
          }
        : { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 },
    ),
  );
  for (const [part, tests] of Object.entries(playwright)) {
    const count = (status: string) => tests.filter((test) => test.status === status).length;
    const suites = tests.map((test, index) => {
      const file = `${test.title[0]}.spec.ts`;
      const spec = {
        title: test.title.at(-1),
        file,
        line: index + 1,
        tests: [
          {
            projectName: test.project,
            status: test.status,
            results: test.tries ?? (test.error ? [{ error: { message: test.error } }] : [{}]),
          },
        ],
      };
      // A file's suite, with a describe() block when the title has one.
      return test.title.length > 2
        ? { title: file, file, specs: [], suites: [{ title: test.title[1], file, specs: [spec] }] }
        : { title: file, file, specs: [spec] };
    });
    fs.writeFileSync(
      path.join(dir, `playwright-${part}.json`),
      JSON.stringify({
        stats: {
          expected: count("expected"),
          unexpected: count("unexpected"),
          flaky: count("flaky"),
          skipped: count("skipped"),
        },
        suites,
      }),
    );
  }
  return dir;
}

describe("the closing line of a CI run", () => {
  it("counts every report and names each test that passed only on the retry, with its first error, in the line and in a block", () => {
    const dir = resultsWith({
      shared: [
        { project: "chromium", title: ["home", "shows the courses"], status: "expected" },
        {
          project: "chromium",
          title: ["contact", "Contact form", "sends a message"],
          status: "flaky",
          error: "TimeoutError: locator.click: Timeout 7000ms exceeded.\nCall log:",
        },
      ],
      exclusive: [
        { project: "exclusive", title: ["about", "closes all courses @exclusive"], status: "flaky" },
      ],
    });
    const totals = readTotals(dir);
    expect(totals).toMatchObject({ passed: 13, failed: 0, skipped: 0 });
    const text = summaryText(totals);
    const lines = text.split("\n");
    expect(lines.at(-1)).toBe(
      "tests: 13 passed, 0 failed, 2 flaky ([exclusive] about.spec.ts:1 › closes all courses @exclusive; [chromium] contact.spec.ts:2 › Contact form › sends a message: TimeoutError: locator.click: Timeout 7000ms exceeded.)",
    );
    expect(lines.slice(0, 3)).toEqual([
      "flaky: 2 test(s) failed, then passed on the retry; each is a defect to fix:",
      "  [exclusive] about.spec.ts:1 › closes all courses @exclusive",
      "  [chromium] contact.spec.ts:2 › Contact form › sends a message: TimeoutError: locator.click: Timeout 7000ms exceeded.",
    ]);
  });

  it("has no flaky block when every test passed at once, and counts failures", () => {
    const dir = resultsWith({
      shared: [
        { project: "chromium", title: ["home", "shows the courses"], status: "expected" },
        {
          project: "chromium",
          title: ["home", "plays the video"],
          status: "unexpected",
          error: "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: video",
        },
      ],
    });
    expect(summaryText(readTotals(dir))).toBe(
      [
        "failed:",
        "  [chromium] home.spec.ts:2 › plays the video: Error: expect(locator).toBeVisible() failed",
        "",
        "tests: 11 passed, 1 failed",
      ].join("\n"),
    );
  });

  it("a test that failed on both tries is named with each try's errors and where they were raised: a timeout with the step it waited in", () => {
    const dir = resultsWith({
      shared: [
        {
          project: "chromium",
          title: ["admin-classes", "adds a class"],
          status: "unexpected",
          tries: [
            {
              errors: [
                { message: "Test timeout of 30000ms exceeded." },
                {
                  message: "Error: expect(locator).toBeVisible() failed\n\nLocator: getByText('Lưu')",
                  location: { file: "/check/tests/e2e/admin-classes.spec.ts", line: 58 },
                },
              ],
            },
            {
              errors: [
                {
                  message: "Error: strict mode violation: getByRole('row') resolved to 2 elements",
                  location: { file: "/check/tests/e2e/admin-classes.spec.ts", line: 61 },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(summaryText(readTotals(dir)).split("\n")[1]).toBe(
      "  [chromium] admin-classes.spec.ts:1 › adds a class: try 1: Test timeout of 30000ms exceeded. — Error: expect(locator).toBeVisible() failed (at admin-classes.spec.ts:58); try 2: Error: strict mode violation: getByRole('row') resolved to 2 elements (at admin-classes.spec.ts:61)",
    );
  });

  it("names each failed Vitest test, and a file that failed outside its tests, with the first line of the error", () => {
    const dir = resultsWith({}, [
      {
        name: "tests/integration/enroll.test.ts",
        status: "failed",
        tests: [
          { fullName: "enrol takes a seat", status: "passed" },
          {
            fullName: "enrol › refuses a full class",
            status: "failed",
            error: "\nAssertionError: expected 201 to be 409\n    at enroll.test.ts:40:7",
          },
        ],
      },
      {
        name: "tests/system/shutdown.test.ts",
        status: "failed",
        message:
          'Hook timed out in 30000ms.\nIf this is a long-running hook, pass a timeout value as the last argument or configure it globally with "hookTimeout".',
        tests: [],
      },
    ]);
    const totals = readTotals(dir);
    // The file that failed in its hook has no failed test, yet the run did not pass.
    expect(totals).toMatchObject({ passed: 1, failed: 1 });
    expect(summaryText(totals).split("\n")).toEqual([
      "failed:",
      "  tests/integration/enroll.test.ts › enrol › refuses a full class: AssertionError: expected 201 to be 409",
      "  tests/system/shutdown.test.ts: Hook timed out in 30000ms.",
      "",
      "tests: 1 passed, 1 failed",
    ]);
  });
});
