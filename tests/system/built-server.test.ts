// `npm install && npm start` the way a school's operator runs it (ADR 019): on a copy of the
// project with no build, `npm start` builds and starts; after `npm prune --omit=dev` (no tsx, no
// Vite, no esbuild) the same build starts with plain node, the CLI works beside the running
// server, and SIGTERM to npm alone (what systemd sends) stops the app and its database.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { projectFiles } from "./project-files";
import {
  cleanUpServers,
  freePort,
  httpGet,
  makeDataDir,
  postmasterPid,
  READY_LINE,
  REPO_ROOT,
  ServerProcess,
  serverEnvironment,
  waitUntilGone,
} from "./server-process";

const run = promisify(execFile);
const copy = path.join(REPO_ROOT, ".tmp", `built-server-${process.pid}`);

beforeAll(async () => {
  // The project's files as a fresh clone or a ZIP download has them (what .gitignore does not
  // exclude), no build. Read from the folder, not from git: a copy without .git runs this too.
  // node_modules as hard links: a copy in a second, pruning removes links only.
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(copy, { recursive: true });
  for (const file of projectFiles(REPO_ROOT)) {
    fs.mkdirSync(path.join(copy, path.dirname(file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
  }
  // The folder itself when node_modules is a symlink (a git worktree's): a copied link would
  // let the prune below remove the other checkout's dev dependencies.
  await run("cp", [
    "-al",
    fs.realpathSync(path.join(REPO_ROOT, "node_modules")),
    path.join(copy, "node_modules"),
  ]);
});

afterAll(async () => {
  await cleanUpServers();
  fs.rmSync(copy, { recursive: true, force: true });
});

/** `npm <args>` in the copy as the operator's shell would run it: no test-runner variables. */
async function npmStart(dataDir: string) {
  const port = await freePort();
  const env = serverEnvironment(dataDir, port, {
    BUILD_DIR: undefined,
    NODE_ENV: undefined, // `npm start` sets it
    APP_URL: `http://127.0.0.1:${port}`,
  });
  return new ServerProcess(dataDir, port, env, { command: "npm", args: ["start"], cwd: copy });
}

/** SIGTERM to npm only, as systemd's KillMode=mixed does: npm's `exec` hands it to the app. */
async function stopThroughNpm(server: ServerProcess) {
  const postgres = postmasterPid(server.dataDir);
  expect(postgres, "the embedded PostgreSQL runs").toBeDefined();
  const exit = await server.stop("SIGTERM", 30_000);
  expect(server.output).toContain("SIGTERM: shutting down");
  expect(server.output).toMatch(/"msg":"stopped"/);
  expect(exit.code, server.output).toBe(0);
  await waitUntilGone(postgres!, 10_000);
}

test("a fresh copy: `npm start` builds, then serves the site", { timeout: 360_000 }, async () => {
  const server = await npmStart(makeDataDir());
  await server.waitForOutput(READY_LINE, 300_000);
  expect(server.output).toContain("No build yet: building…");
  const home = await httpGet(`${server.baseUrl}/`);
  expect(home.status).toBe(200);
  expect(home.text).toContain("<title>Lernhaus");
  await stopThroughNpm(server);
  for (const entry of ["server/index.js", "host/server.js", "host/cli.js", "source-hash.txt"]) {
    expect(fs.existsSync(path.join(copy, "build", entry)), entry).toBe(true);
  }
});

test("without dev dependencies: plain node runs the build, the CLI works beside it, SIGTERM to npm stops it", {
  timeout: 240_000,
}, async () => {
  await run("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: copy, timeout: 120_000 });
  for (const tool of ["tsx", "vite", "esbuild", "@react-router/dev", "typescript"]) {
    expect(fs.existsSync(path.join(copy, "node_modules", tool)), `${tool} was pruned`).toBe(false);
  }

  const dataDir = makeDataDir();
  const server = await npmStart(dataDir);
  await server.waitForOutput(READY_LINE, 90_000);
  expect(server.output, "the build is current: no rebuild").not.toContain("building");
  expect(server.output).not.toContain("note:");
  // npm's child is node itself on the bundle: no TypeScript loader, no second process.
  expect(fs.readFileSync(`/proc/${server.pid}/cmdline`, "utf8")).toMatch(/^npm/);
  const [app, ...others] = fs
    .readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean));
  expect(others).toEqual([]);
  expect(app?.[0]).toMatch(/(^|\/)node$/);
  expect(app?.at(-1)).toBe("build/host/server.js");
  expect(app?.join(" ")).not.toMatch(/tsx|--import|--loader|--experimental/);
  expect((await httpGet(`${server.baseUrl}/courses`)).status).toBe(200);

  // The operator's CLI beside the running server, on the same DATA_DIR.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  const created = await run(
    "npm",
    ["run", "--silent", "cli", "--", "user", "create", "--email", "ops@lernhaus.test"].concat([
      "--password",
      "Vững-chắc-2026!",
      "--name",
      "Ops",
      "--role",
      "admin",
    ]),
    { cwd: copy, env, timeout: 60_000 },
  );
  expect(created.stdout).toContain("ops@lernhaus.test");
  // A refused command: the reason on stderr and exit status 2, which a script can act on (the
  // commands' other answers are tested in-process, tests/integration/accounts.test.ts).
  const again = await run(
    "npm",
    ["run", "--silent", "cli", "--", "user", "role", "--email", "nobody@lernhaus.test", "--role", "admin"],
    {
      cwd: copy,
      env,
      timeout: 60_000,
    },
  ).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  expect(again).toEqual({
    code: 2,
    stderr: expect.stringContaining("no user with the email nobody@lernhaus.test"),
  });
  const backupFile = path.join(dataDir, "..", `${path.basename(dataDir)}.backup`);
  await run("npm", ["run", "--silent", "cli", "--", "backup", "--out", backupFile], {
    cwd: copy,
    env,
    timeout: 60_000,
  });
  expect(fs.statSync(backupFile).size).toBeGreaterThan(1000);
  fs.rmSync(backupFile);

  await stopThroughNpm(server);
});

test("without dev dependencies and without a build: one line saying what to do, exit 1", async () => {
  fs.rmSync(path.join(copy, "build"), { recursive: true, force: true });
  const server = await npmStart(makeDataDir());
  const exit = await server.waitForExit(30_000);
  expect(exit.code).not.toBe(0);
  expect(server.stderr).toContain(
    "Lernhaus could not start: there is no build in build and no build tools to make one; run `npm install` (with dev dependencies), then `npm run build`",
  );
});
