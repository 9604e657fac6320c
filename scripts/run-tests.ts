// `npm test`: every check of the project, as stages that run side by side where they can, then a
// table of each stage's time. Stages that need the production build wait for it; everything else
// starts at once, up to TEST_JOBS stages at a time (ADR 037). Each stage's output is kept and
// printed in one piece when it ends, so parallel stages do not interleave their lines. A failed
// stage fails the run, but the other stages still run (only the ones that need it do not).
//
// CI adds stages through the environment (.ci/run sets these):
//   TEST_SMOKE_NODE_BIN  the folder of a second Node's `node`: the smoke set runs on it (unit,
//                        integration, the built server)
//   TEST_POSTGRES_URL    an administrator's URL of a separate PostgreSQL (Debian's): the smoke
//                        set's integration and load-balancer tests run against it
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { printSummary, RESULTS_DIR } from "./test-summary";

interface Stage {
  name: string;
  /** A bash command line, run from the project folder. */
  command: string;
  env?: Record<string, string>;
  /** Stages that must have passed first. */
  needs?: string[];
}

type Outcome = "passed" | "failed" | "not run";

interface StageResult {
  stage: Stage;
  logFile?: string;
  startedAt: number;
  seconds: number;
  cpuSeconds: number;
  outcome: Outcome;
}

const root = path.resolve(import.meta.dirname, "..");
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const e2eDataDir = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

/** The system tests that make the smoke set's "built server" on the second Node: `npm start`
 * building and running on that Node (prune, the CLI, signals through npm), start-up, health and
 * the DATA_DIR lock, Node's HTTP parser on malformed and oversized requests, shutdown on
 * signals, and two instances behind nginx on the separate PostgreSQL. Not the hostile-input
 * walk (bad-input): thousands of page renders through the same HTTP stack as running-server,
 * whose verdicts come from the app's own schemas, which the unit and integration tests run on
 * that Node (ADR 037). */
const SMOKE_SYSTEM_TESTS = [
  "tests/system/built-server.test.ts",
  "tests/system/running-server.test.ts",
  "tests/system/request-body-limits.test.ts",
  "tests/system/shutdown.test.ts",
  "tests/system/load-balancer.test.ts",
];

/** Integration test files that the smoke set (Debian's PostgreSQL, Node 20) leaves out: their
 * work depends on neither the database nor the Node version, and they are the longest files.
 * `rendered-labels` renders every page in three languages through Vite's dev server (the
 * catalogues and the route table); `password-policy` sends the policy's table of passwords
 * through each way to set one (zxcvbn and scrypt on every case). Their SQL is the same queries
 * that the other files run on both databases. (ADR 037.) */
const NOT_IN_SMOKE_INTEGRATION = [
  "tests/integration/rendered-labels.test.ts",
  "tests/integration/password-policy.test.ts",
];

/** The system tests' second lane: the walks that send every kind of bad input to every route,
 * the backup under write load and the two instances behind nginx — the longest files, about
 * half the system tests' time. */
const SECOND_SYSTEM_LANE = [
  "tests/system/bad-input.test.ts",
  "tests/system/route-fuzz.test.ts",
  "tests/system/load-balancer.test.ts",
  "tests/system/backup-restore.test.ts",
];

function stages(): Stage[] {
  const smokeNode = process.env.TEST_SMOKE_NODE_BIN;
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const onSmokeNode = (command: string) => `export PATH="${smokeNode}:$PATH"; node --version; ${command}`;
  const first: Stage[] = [
    { name: "build", command: "npm run --silent build" },
    { name: "lint", command: "npm run --silent lint" },
    { name: "typecheck", command: "npm run --silent typecheck" },
    { name: "unit", command: "npx vitest run --project unit --project component" },
  ];
  // The system tests in two lanes, each a file at a time (each file boots its own servers, on
  // their own ports and data folders), so that neither half waits for the other.
  const system: Stage = {
    name: "system",
    command: `npx vitest run --project system ${SECOND_SYSTEM_LANE.map((file) => `--exclude ${file}`).join(" ")}`,
    needs: ["build"],
  };
  const systemSecondLane: Stage = {
    name: "system (second lane)",
    command: `npx vitest run --project system ${SECOND_SYSTEM_LANE.join(" ")}`,
    needs: ["build"],
  };
  const e2e: Stage = {
    name: "e2e",
    command: "npx playwright test",
    needs: ["build"],
    env: { E2E_PART: "shared" },
  };
  // The @exclusive tests change what every page shows: their own server, port and data folder.
  // Its ports stay within the hundred from E2E_PORT that the shared part's helpers (+98, +99)
  // already take, so a developer's range of ports is enough for both.
  const e2eExclusive: Stage = {
    name: "e2e (@exclusive)",
    command: "npx playwright test",
    needs: ["build"],
    env: {
      E2E_PART: "exclusive",
      E2E_PORT: String(e2ePort + 1),
      E2E_OIDC_PORT: String(e2ePort + 97),
      E2E_SMTP_PORT: String(e2ePort + 96),
      E2E_DATA_DIR: `${e2eDataDir}-exclusive`,
    },
  };
  const integration: Stage = { name: "integration", command: "npx vitest run --project integration" };
  const smokeUnit: Stage | undefined = smokeNode
    ? {
        name: "unit (smoke Node)",
        command: onSmokeNode("npx vitest run --project unit --project component"),
      }
    : undefined;
  const smokeSystem: Stage | undefined = smokeNode
    ? {
        name: "system (smoke Node)",
        command: onSmokeNode(`npx vitest run --project system ${SMOKE_SYSTEM_TESTS.join(" ")}`),
        needs: ["build"],
        env: postgresUrl ? { LB_TEST_DATABASE_URL: postgresUrl } : {},
      }
    : undefined;
  const otherDatabase: Stage | undefined = postgresUrl
    ? smokeNode
      ? {
          name: "integration (PostgreSQL server, smoke Node)",
          command: onSmokeNode(
            `npx vitest run --project integration ${NOT_IN_SMOKE_INTEGRATION.map((file) => `--exclude ${file}`).join(" ")}`,
          ),
          env: { DATABASE_URL: postgresUrl },
        }
      : {
          name: "integration (PostgreSQL server)",
          command: "npx vitest run --project integration",
          env: { DATABASE_URL: postgresUrl },
        }
    : undefined;
  // The order is the order in which waiting stages take a free slot: the long lanes that run a
  // file (or a test) at a time and wait on servers booting first, so that none of them starts
  // last; the short smoke unit run fills the end.
  return [
    ...first,
    system,
    e2e,
    integration,
    e2eExclusive,
    systemSecondLane,
    smokeSystem,
    otherDatabase,
    smokeUnit,
  ].filter((stage): stage is Stage => stage !== undefined);
}

/** Runs one stage; its output goes to a log file, printed when it ends. */
function runStage(stage: Stage, logDir: string, begin: number): Promise<StageResult> {
  const slug = stage.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
  const logFile = path.join(logDir, `${slug}.log`);
  const timesFile = path.join(logDir, `${slug}.times`);
  const log = fs.openSync(logFile, "w");
  const startedAt = Date.now();
  console.log(`▶ ${stage.name} (at ${seconds(startedAt - begin)} s)`);
  // bash's `times` reports the CPU time of the stage's finished processes (children included).
  const script = `${stage.command}
status=$?
times > "$STAGE_TIMES_FILE"
exit $status`;
  const child = spawn("bash", ["-c", script], {
    cwd: root,
    env: { ...process.env, ...stage.env, STAGE_TIMES_FILE: timesFile, FORCE_COLOR: "0" },
    stdio: ["ignore", log, log],
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      fs.closeSync(log);
      const elapsed = (Date.now() - startedAt) / 1000;
      const outcome: Outcome = code === 0 ? "passed" : "failed";
      console.log(`\n━━━━ ${stage.name}: ${outcome} in ${seconds(elapsed * 1000)} s ━━━━`);
      process.stdout.write(fs.readFileSync(logFile, "utf8"));
      resolve({
        stage,
        logFile,
        startedAt: startedAt - begin,
        seconds: elapsed,
        cpuSeconds: cpuTime(timesFile),
        outcome,
      });
    });
  });
}

/** The children's user + system time from bash's `times` (its second line: "1m2.5s 0m3.1s"). */
function cpuTime(timesFile: string): number {
  const line = fs.existsSync(timesFile) ? (fs.readFileSync(timesFile, "utf8").split("\n")[1] ?? "") : "";
  let total = 0;
  for (const [, minutes, secs] of line.matchAll(/(\d+)m([\d.]+)s/g))
    total += Number(minutes) * 60 + Number(secs);
  return total;
}

/** How much of a failed stage's output is repeated after the table. */
const FAILED_STAGE_TAIL_LINES = 30;

const seconds = (ms: number) => Math.round(ms / 1000);

function table(results: StageResult[], totalMs: number): string {
  const rows = [
    ["stage", "start (s)", "time (s)", "CPU (s)", "result"],
    ...results
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((result) => [
        result.stage.name,
        result.outcome === "not run" ? "" : String(seconds(result.startedAt)),
        result.outcome === "not run" ? "" : String(Math.round(result.seconds)),
        result.outcome === "not run" ? "" : String(Math.round(result.cpuSeconds)),
        result.outcome,
      ]),
    [
      "total",
      "",
      String(seconds(totalMs)),
      String(Math.round(results.reduce((sum, result) => sum + result.cpuSeconds, 0))),
      results.every((result) => result.outcome === "passed") ? "passed" : "failed",
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(rows[0]!), ...rows.slice(1, -1).map(line), line(rows.at(-1)!)].join("\n");
}

async function main() {
  const begin = Date.now();
  // Reports of an earlier run would be counted again.
  if (process.env.CI) fs.rmSync(path.join(root, RESULTS_DIR), { recursive: true, force: true });
  const logDir = path.join(root, ".tmp", "test-logs");
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const jobs = Number(process.env.TEST_JOBS ?? os.availableParallelism() * 2);

  // `npm test -- lint unit`: only the named stages (a stage they need and that is not named
  // is taken as done: e.g. `system` alone runs on the build that is there).
  const only = process.argv.slice(2);
  const pending = stages()
    .filter((stage) => only.length === 0 || only.includes(stage.name))
    .map((stage) => ({
      ...stage,
      needs: stage.needs?.filter((need) => only.length === 0 || only.includes(need)),
    }));
  const results: StageResult[] = [];
  const running = new Map<string, Promise<void>>();
  const outcomeOf = (name: string) => results.find((result) => result.stage.name === name)?.outcome;

  while (pending.length > 0 || running.size > 0) {
    // Stages whose prerequisites failed never run.
    for (const stage of [...pending]) {
      if ((stage.needs ?? []).some((need) => outcomeOf(need) === "failed" || outcomeOf(need) === "not run")) {
        pending.splice(pending.indexOf(stage), 1);
        results.push({ stage, startedAt: 0, seconds: 0, cpuSeconds: 0, outcome: "not run" });
        console.log(`✗ ${stage.name}: not run (needs ${stage.needs?.join(", ")})`);
      }
    }
    for (const stage of [...pending]) {
      if (running.size >= jobs) break;
      if ((stage.needs ?? []).every((need) => outcomeOf(need) === "passed")) {
        pending.splice(pending.indexOf(stage), 1);
        running.set(
          stage.name,
          runStage(stage, logDir, begin).then((result) => {
            results.push(result);
            running.delete(stage.name);
          }),
        );
      }
    }
    if (running.size > 0) await Promise.race(running.values());
  }

  console.log(`\nStage times (${os.availableParallelism()} cores, up to ${jobs} stages at once):`);
  console.log(table(results, Date.now() - begin));
  // CI shows only the end of the output: the end of each failed stage's log again, where a
  // runner says why it failed (a type error, a lint finding, an error outside any test).
  for (const result of results) {
    if (result.outcome !== "failed" || !result.logFile) continue;
    const lines = fs.readFileSync(result.logFile, "utf8").trimEnd().split("\n");
    console.log(`\n${result.stage.name} failed; the end of its output:`);
    console.log(lines.slice(-FAILED_STAGE_TAIL_LINES).join("\n"));
  }
  let passed = results.every((result) => result.outcome === "passed");
  // Under CI the test runners write JSON reports: the closing line counts their tests.
  if (process.env.CI && fs.existsSync(RESULTS_DIR)) {
    console.log("");
    passed = printSummary() && passed;
  }
  process.exit(passed ? 0 : 1);
}

await main();
