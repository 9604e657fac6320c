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

/** A results folder holding one Vitest report and Playwright reports of the given tests. */
function resultsWith(playwright: Record<string, { project: string; title: string[]; status: string }[]>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-results-"));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, "vitest-1.json"),
    JSON.stringify({ numPassedTests: 10, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 }),
  );
  for (const [part, tests] of Object.entries(playwright)) {
    const count = (status: string) => tests.filter((test) => test.status === status).length;
    const suites = tests.map((test, index) => {
      const file = `${test.title[0]}.spec.ts`;
      const spec = {
        title: test.title.at(-1),
        file,
        line: index + 1,
        tests: [{ projectName: test.project, status: test.status }],
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
  it("counts every report and names each test that passed only on the retry, in the line and in a block", () => {
    const dir = resultsWith({
      shared: [
        { project: "chromium", title: ["home", "shows the courses"], status: "expected" },
        { project: "chromium", title: ["contact", "Contact form", "sends a message"], status: "flaky" },
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
      "tests: 13 passed, 0 failed, 2 flaky ([exclusive] about.spec.ts:1 › closes all courses @exclusive; [chromium] contact.spec.ts:2 › Contact form › sends a message)",
    );
    expect(lines.slice(0, 3)).toEqual([
      "flaky: 2 test(s) failed, then passed on the retry; each is a defect to fix:",
      "  [exclusive] about.spec.ts:1 › closes all courses @exclusive",
      "  [chromium] contact.spec.ts:2 › Contact form › sends a message",
    ]);
  });

  it("has no flaky block when every test passed at once, and counts failures", () => {
    const dir = resultsWith({
      shared: [
        { project: "chromium", title: ["home", "shows the courses"], status: "expected" },
        { project: "chromium", title: ["home", "plays the video"], status: "unexpected" },
      ],
    });
    expect(summaryText(readTotals(dir))).toBe("tests: 11 passed, 1 failed");
  });
});
