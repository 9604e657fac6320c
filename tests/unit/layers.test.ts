// The house's arrows point down (docs/architecture.md §3): each folder of app/ may import only
// from the layers below it. A wrong arrow is how a rule ends up in two places (a model parsing
// cookies, a mail calling back into a component), so a new one fails here, naming the import.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

/** Which layers each layer may import from (besides itself and npm packages). Type-only imports
 * count too: a type names what a layer knows about. */
const mayImport: Record<string, readonly string[]> = {
  // Pure helpers and the language catalogue: no database, no request, no mail. The schemas are
  // pure too (they run in the browser): a rule may name a shape.
  lib: ["i18n", "locales", "schemas"],
  i18n: ["lib", "locales"],
  // Schemas run in the browser too.
  schemas: ["lib", "i18n", "locales"],
  db: ["lib", "i18n", "schemas"],
  // Mail is a leaf: it renders and queues; nothing it imports calls back into the app (it may
  // name the shapes of what its callers hand it).
  mail: ["lib", "i18n", "locales", "db", "schemas", "models", "auth"],
  models: ["lib", "i18n", "locales", "db", "schemas", "mail", "auth"],
  jobs: ["lib", "i18n", "db", "schemas", "mail", "models"],
  auth: ["lib", "i18n", "locales", "db", "schemas", "mail", "models", "requests", "config.server"],
  // Request adapters read cookies, headers and form data, then call models.
  requests: ["lib", "i18n", "locales", "db", "schemas", "models", "auth", "mail", "config.server"],
  components: ["lib", "i18n", "schemas", "root", "routes", "models", "db", "auth", "mail"],
  routes: [
    "lib",
    "i18n",
    "locales",
    "db",
    "schemas",
    "mail",
    "models",
    "jobs",
    "auth",
    "requests",
    "components",
    "seo",
    "config.server",
  ],
};
/** Layers whose imports of other layers may only be type imports (the shape of loader data). */
const typeOnly: Record<string, readonly string[]> = {
  mail: ["models", "auth"],
  components: ["models", "db", "auth", "mail", "root", "routes"],
};

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const source = fs.readFileSync(file, "utf8");
  const found: Import[] = [];
  const pattern =
    /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? "";
    let target: string;
    if (specifier.startsWith("~/")) target = path.join(appDirectory, specifier.slice(2));
    else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
    else continue;
    found.push({ from: file, to: target, typeOnly: Boolean(match[2]) });
  }
  return found;
}

function layerOf(file: string) {
  const relative = path.relative(appDirectory, file);
  if (relative.startsWith("..")) return "outside app";
  return relative.split(path.sep)[0]!.replace(/\.tsx?$/, "");
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const allImports = sourceFiles(appDirectory).flatMap(importsOf);

describe("the layers of app/", () => {
  it("finds the imports it checks", () => {
    expect(allImports.length).toBeGreaterThan(500);
  });

  it("imports nothing from server/ (the Express host sits above the app)", () => {
    const wrong = allImports.filter((i) => layerOf(i.to) === "outside app");
    expect(wrong.map((i) => `${path.relative(appDirectory, i.from)} → ${i.to}`)).toEqual([]);
  });

  for (const [layer, allowed] of Object.entries(mayImport)) {
    it(`${layer}/ imports only from ${allowed.join(", ") || "itself"}`, () => {
      const wrong = allImports.filter((i) => {
        if (layerOf(i.from) !== layer) return false;
        const target = layerOf(i.to);
        if (target === layer || target === "outside app") return false;
        if (!allowed.includes(target)) return true;
        return Boolean(typeOnly[layer]?.includes(target) && !i.typeOnly);
      });
      expect(
        wrong.map((i) => `${path.relative(appDirectory, i.from)} → ${path.relative(appDirectory, i.to)}`),
      ).toEqual([]);
    });
  }
});
