// @ts-check
// The fingerprint of everything a build is made from. `npm run build` writes it into the build
// folder; `npm start` compares it before starting (scripts/ensure-build.mjs). Plain JavaScript:
// it must run with plain `node` on an install without dev dependencies (Node 20 cannot run
// TypeScript by itself).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the browser bundle, the server bundle and the host bundle are built from. Contents, not
 * modification times: a copied or freshly cloned tree has new times but the same sources. */
const SOURCES = [
  "app",
  "server",
  "public",
  "scripts/cli.ts",
  "scripts/build-host.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/** The name of the fingerprint file inside a build folder. */
export const SOURCE_HASH_FILE = "source-hash.txt";

/**
 * @param {string} root the project folder
 * @returns {string} a hex digest of the paths and contents of every source file
 */
export function sourceHash(root) {
  const hash = createHash("sha256");
  /** @param {string} relative */
  const add = (relative) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      return; // optional source absent
    }
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) add(path.join(relative, child));
    } else {
      hash.update(`${relative}\0`);
      hash.update(fs.readFileSync(full));
      hash.update("\0");
    }
  };
  for (const source of SOURCES) add(source);
  return hash.digest("hex");
}
