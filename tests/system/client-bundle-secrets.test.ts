// What the browser can download holds no answer of the placement test (issue 29: "no answer key
// reachable from the client"): no file the build serves (scripts, styles, the texts' JSON) carries
// a question of the demo bank, its accepted answers or its explanation. The bank reaches a page
// only as a test's questions and options, from the server, while the test is open.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoPlacementQuestions } from "~/db/demo-placement-questions";
import { BUILD_DIR } from "./server-process";

function clientFiles() {
  const client = path.join(BUILD_DIR, "client");
  return fs
    .readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:js|css|json|html|txt|webmanifest)$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { name: path.relative(client, file), text: fs.readFileSync(file, "utf8") };
    });
}

describe("the build's client files", () => {
  it("carry no placement question, accepted answer or explanation of the demo bank", () => {
    const files = clientFiles();
    expect(files.some((file) => file.name.endsWith(".js"))).toBe(true);
    // Long enough to be the bank's own words, not a common word a page may hold.
    const secrets = demoPlacementQuestions.flatMap((question) => [
      question.prompt,
      question.explanation.vi,
      question.explanation.en,
      ...(question.kind === "cloze" ? question.answers.map((answer) => `"${answer}"`) : []),
    ]);
    expect(secrets.length).toBeGreaterThan(100);
    const leaks = files.flatMap((file) =>
      secrets
        .filter((secret) => secret.length >= 12 && file.text.includes(secret))
        .map((secret) => `${file.name}: ${secret.slice(0, 40)}`),
    );
    expect(leaks).toEqual([]);
  });
});
