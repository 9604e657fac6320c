// A route that follows change topics live reloads its data whenever someone else changes one, and
// React Router forgets the last action's answer at each reload: recovery codes shown once, a
// form's errors, the success screen of a form sent without JavaScript would vanish. Every such
// route reads its action's answer through useKeptActionData (app/components/live-updates.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routesDirectory = path.resolve(import.meta.dirname, "../../app/routes");
const routeFiles = fs
  .readdirSync(routesDirectory, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".tsx"))
  .map((file) => ({ file, source: fs.readFileSync(path.join(routesDirectory, file), "utf8") }));

const followsChanges = (source: string) => /\bliveTopics\b/.test(source);
const showsActionAnswer = (source: string) =>
  /export default function \w+\(\{[^}]*\bactionData\b[^}]*\}/.test(source);

describe("routes that follow changes live", () => {
  it("are found (the check below looks at something)", () => {
    expect(
      routeFiles.filter(({ source }) => followsChanges(source) && showsActionAnswer(source)).length,
    ).toBeGreaterThan(5);
  });

  it("keep their action's answer through a live reload", () => {
    const forgetful = routeFiles
      .filter(({ source }) => followsChanges(source) && showsActionAnswer(source))
      .filter(({ source }) => !/\buseKeptActionData\(/.test(source))
      .map(({ file }) => file);
    expect(forgetful).toEqual([]);
  });
});
