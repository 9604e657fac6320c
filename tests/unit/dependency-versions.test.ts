import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/maintenance.md: the React Router packages take patches through one `~` range, but each
// declares the others as an exact peer, and .npmrc's legacy-peer-deps lets npm install a mixed
// set without a word. An update that moves one of them alone fails here, not in production.
function installedVersion(name: string) {
  const manifest = readFileSync(`node_modules/${name}/package.json`, "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}

describe("dependencies", () => {
  it("installs every React Router package at one version", () => {
    const names = ["react-router", "@react-router/node", "@react-router/dev"];
    const versions = names.map((name) => `${name}@${installedVersion(name)}`);
    const expected = names.map((name) => `${name}@${installedVersion("react-router")}`);
    expect(versions).toEqual(expected);
  });

  it("declares one range for every React Router package", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const all = { ...manifest.dependencies, ...manifest.devDependencies };
    const ranges = Object.entries(all).filter(
      ([name]) => name === "react-router" || name.startsWith("@react-router/"),
    );
    expect(ranges.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ranges.map(([, range]) => range)).size).toBe(1);
  });
});
