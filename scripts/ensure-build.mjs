// @ts-check
// `npm start` (and `npm run cli`) run this first, with plain node: build the app when there is
// no build, or when the sources changed since it was made, so that `npm install && npm start`
// works on a fresh clone with no manual step.
//
//   node scripts/ensure-build.mjs              build when missing or out of date
//   node scripts/ensure-build.mjs --if-missing build only when missing; an out-of-date build is
//                                              used as it is, with a note (the CLI beside a
//                                              running server must not rebuild under it)
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SOURCE_HASH_FILE, sourceHash } from "./source-hash.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const ifMissing = process.argv.includes("--if-missing");
const entries = ["server/index.js", "host/server.js", "host/cli.js"].map((entry) =>
  path.join(buildDir, entry),
);

const complete = entries.every((entry) => fs.existsSync(entry));
const builtFrom = complete ? readOrEmpty(path.join(buildDir, SOURCE_HASH_FILE)) : "";
const current = sourceHash(root);
if (builtFrom === current) process.exit(0);

const relativeBuild = path.relative(root, buildDir) || ".";
if (complete && ifMissing) {
  console.error(
    `note: the sources changed since ${relativeBuild} was built; using it as it is (run \`npm run build\`, then restart the server)`,
  );
  process.exit(0);
}
// The build tools are dev dependencies: an install without them can only run a finished build.
if (!fs.existsSync(path.join(root, "node_modules/@react-router/dev"))) {
  if (complete) {
    console.error(
      `note: the sources changed since ${relativeBuild} was built, and the build tools are not installed (npm install --omit=dev): starting the existing build`,
    );
    process.exit(0);
  }
  console.error(
    `Lernhaus could not start: there is no build in ${relativeBuild} and no build tools to make one; run \`npm install\` (with dev dependencies), then \`npm run build\``,
  );
  process.exit(1);
}

console.log(complete ? "Sources changed since the last build: building…" : "No build yet: building…");
try {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
} catch {
  console.error("Lernhaus could not start: the build failed (see above)");
  process.exit(1);
}

/** @param {string} file */
function readOrEmpty(file) {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return "";
  }
}
