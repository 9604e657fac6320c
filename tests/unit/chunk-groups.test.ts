import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORMS, oneOf, SHELL, SITE_SHELL } from "../../vite/chunk-groups";

// A module renamed or moved drops out of its chunk without a word from the bundler: the page
// would still work, only load more files and bytes again. So each listed module must exist.

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

describe.each([
  ["shell", SHELL],
  ["site-shell", SITE_SHELL],
  ["forms", FORMS],
])("the %s chunk's modules", (_, modules) => {
  it.each(modules)("%s exists", (module) => {
    const file = path.join(ROOT, module);
    const exists = module.endsWith("/")
      ? fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()
      : EXTENSIONS.some((extension) => fs.existsSync(file + extension));
    expect(exists).toBe(true);
  });
});

it("a module is matched by its path, whatever its extension or query, and a folder by what is in it", () => {
  const matches = oneOf(["app/seo", "node_modules/@conform-to/dom/"]);
  expect(matches(path.join(ROOT, "app/seo.ts"))).toBe(true);
  expect(matches(path.join(ROOT, "app/seo.ts?v=1"))).toBe(true);
  expect(matches(path.join(ROOT, "node_modules/@conform-to/dom/dist/form.mjs"))).toBe(true);
  expect(matches(path.join(ROOT, "app/seo-card.ts"))).toBe(false);
  expect(matches(path.join(ROOT, "app/routes/app/seo.ts"))).toBe(false);
});
