// `npm start` runs this first: build the app when there is no build or the sources are newer,
// so that `npm install && npm start` works on a fresh clone with no manual step.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build/server/index.js");
const sources = ["app", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestModification(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full)
    .reduce((newest, child) => Math.max(newest, newestModification(path.join(entry, child))), stat.mtimeMs);
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built < Math.max(...sources.map(newestModification))) {
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
