// `npm run build`, second step (after `react-router build`): bundles the host — the Express
// server (server/index.ts) and the operator's CLI (scripts/cli.ts) — into BUILD_DIR/host as
// plain JavaScript, so that production runs them with plain `node`: no TypeScript loader, no dev
// dependency at run time (docs/decisions/019-built-host-on-plain-node.md). Packages stay
// external: they are the installed dependencies, resolved from node_modules at run time.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SOURCE_HASH_FILE, sourceHash } from "./source-hash.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const outdir = path.join(buildDir, "host");

// Fingerprint first: a source saved while this runs makes the next start build again.
const fingerprint = sourceHash(root);
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: "server/index.ts", cli: "scripts/cli.ts" },
  outdir,
  bundle: true,
  splitting: true, // the server and the CLI share the database and model code: one chunk
  format: "esm",
  platform: "node",
  target: "node20.19",
  packages: "external",
  tsconfig: "tsconfig.json", // the `~/` alias
  sourcemap: true, // stack traces in logs point at the TypeScript sources (--enable-source-maps)
  logLevel: "warning",
});
fs.writeFileSync(path.join(buildDir, SOURCE_HASH_FILE), `${fingerprint}\n`);
console.log(`host bundled into ${path.relative(root, outdir)}/ (server.js, cli.js)`);
