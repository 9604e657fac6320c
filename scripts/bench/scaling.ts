// One instance against two (ADR 022), behind nginx, on one PostgreSQL. Two app processes (the
// production server as `npm start` runs it) share a database of their own in the bench server's
// embedded PostgreSQL; one nginx proxies, as deploy/nginx/lernhaus.conf does (HTTP/1.1 keepalive
// upstream, the forwarded headers, TRUST_PROXY), on two ports: one whose upstream is instance A
// alone, one with A and B in round robin. Measured on each:
//   - the anonymous home page, answered from each instance's page cache;
//   - the home page signed in: rendered on every request, with the session read from PostgreSQL;
// printed as requests/s and the ratio two/one. On a 2-core machine the load generator, nginx,
// PostgreSQL and both instances share the cores, so expect well under 2×: the figure shows that a
// second instance costs nothing and answers without errors. Also printed: the database
// connections each instance held at most during the runs (pg_stat_activity by application_name,
// set through PGAPPNAME), beside the pool size setting DATABASE_POOL_MAX.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { readRecordedServer } from "../../server/embedded-postgres";
import {
  BenchError,
  type Cleanup,
  delay,
  fetchRaw,
  findFreePort,
  formatRate,
  formatTable,
  type LoadResult,
  makeDataDir,
  NGINX,
  nginxConfig,
  ROOT,
  runLoad,
  startProcess,
  startServer,
} from "./lib";

const run = promisify(execFile);
const DATABASE = "lernhaus_bench_scaling";
const CONNECTIONS = 20;
/** The default of app/config.server.ts, unless the bench runs with DATABASE_POOL_MAX set. */
const POOL_MAX = Number(process.env.DATABASE_POOL_MAX || 10);
const USER = { email: "bench-reader@lernhaus.test", password: "Skalierung-Bench-2026!" };
const HEADERS = { "Accept-Encoding": "gzip, br" };

export interface ScalingRun {
  one: LoadResult;
  two: LoadResult;
  /** two / one, requests per second. */
  ratio: number;
}

export interface ScalingFigures {
  connections: number;
  cachedAnonymous: ScalingRun;
  signedIn: ScalingRun;
  /** Peak connections per instance (application_name) during the runs. */
  databaseConnections: Record<string, number>;
  poolMax: number;
  /** Requests each instance answered in the two-instance runs (from its log). */
  answeredBy: Record<string, number>;
}

/** `dataDir` is the running bench server's: its embedded PostgreSQL holds the shared database. */
export async function measureScaling(
  dataDir: string,
  duration: number,
  cleanup: Cleanup,
): Promise<ScalingFigures> {
  if (!NGINX) throw new BenchError("nginx is not installed: the scaling figure needs it");
  const recorded = readRecordedServer(dataDir);
  if (!recorded) throw new BenchError(`no embedded database recorded in ${dataDir}`);
  const adminUrl = new URL(recorded.url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const databaseUrl = new URL(recorded.url);
  databaseUrl.pathname = `/${DATABASE}`;
  cleanup.add("drop the scaling database", async () => {
    const client = new pg.Client({ connectionString: adminUrl.href });
    await client.connect();
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.end();
  });

  const [single, pair] = [await findFreePort(), await findFreePort()];
  const base = (port: number) => `http://127.0.0.1:${port}`;
  const environment = {
    DATABASE_URL: databaseUrl.href,
    AUTH_SECRET: randomBytes(48).toString("base64"),
    TRUST_PROXY: "1",
    // Both nginx ports are this site; the form posts (sign-in) go through the pair's.
    APP_URL: base(pair),
  };
  const instances: { name: string; url: string; logFile: string }[] = [];
  for (const name of ["bench-a", "bench-b"]) {
    const instanceDir = makeDataDir();
    cleanup.add(`remove ${name}'s DATA_DIR`, () => fs.rmSync(instanceDir, { recursive: true, force: true }));
    const server = await startServer({ dataDir: instanceDir, env: { ...environment, PGAPPNAME: name } });
    cleanup.add(`stop ${name}`, () => server.stop());
    instances.push({ name, url: server.url, logFile: path.join(instanceDir, "server.log") });
  }

  const nginx = await startProxy(
    { [single]: [instances[0]!.url], [pair]: instances.map((instance) => instance.url) },
    cleanup,
  );
  await createUser(databaseUrl.href, environment.AUTH_SECRET);
  const cookie = await signIn(base(pair));
  const signedIn = { ...HEADERS, Cookie: cookie };

  // Peak connections per instance while the load runs.
  const peaks: Record<string, number> = {};
  const watcher = new pg.Client({ connectionString: databaseUrl.href, application_name: "bench-watch" });
  await watcher.connect();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const { rows } = await watcher.query<{ name: string; count: number }>(
        `select application_name as name, count(*)::int as count from pg_stat_activity
          where datname = $1 and application_name like 'bench-%' and application_name <> 'bench-watch'
          group by application_name`,
        [DATABASE],
      );
      for (const { name, count } of rows) peaks[name] = Math.max(peaks[name] ?? 0, count);
      await delay(200);
    }
  })();

  const measure = async (url: string, headers: Record<string, string>) => {
    // Warm-up: page caches filled, V8 optimised, upstream connections open.
    await runLoad({ url, connections: CONNECTIONS, duration: 2, headers, signal: cleanup.signal });
    return runLoad({ url, connections: CONNECTIONS, duration, headers, signal: cleanup.signal });
  };
  const answeredBy: Record<string, number> = {};
  const compare = async (headers: Record<string, string>): Promise<ScalingRun> => {
    const one = await measure(`${base(single)}/`, headers);
    const before = instances.map((instance) => countRequestLines(instance.logFile));
    const two = await measure(`${base(pair)}/`, headers);
    await delay(500); // the last log lines written
    instances.forEach((instance, index) => {
      answeredBy[instance.name] =
        (answeredBy[instance.name] ?? 0) + countRequestLines(instance.logFile) - before[index]!;
    });
    return { one, two, ratio: two.requestsPerSecond / one.requestsPerSecond };
  };
  let cachedAnonymous: ScalingRun;
  let signedInRun: ScalingRun;
  try {
    cachedAnonymous = await compare(HEADERS);
    signedInRun = await compare(signedIn);
  } finally {
    watching = false;
    await watch.catch(() => {});
    await watcher.end();
    await nginx.stop(5_000);
  }
  return {
    connections: CONNECTIONS,
    cachedAnonymous,
    signedIn: signedInRun,
    databaseConnections: peaks,
    poolMax: POOL_MAX,
    answeredBy,
  };
}

/** nginx with one server block per port, each proxying to its upstream as the shipped site does. */
async function startProxy(upstreams: Record<number, string[]>, cleanup: Cleanup) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-bench-lb-"));
  fs.chmodSync(prefix, 0o755);
  cleanup.add("remove nginx's folder", () => fs.rmSync(prefix, { recursive: true, force: true }));
  const blocks = Object.entries(upstreams).map(
    ([port, urls]) => `
  upstream app_${port} {
    ${urls.map((url) => `server ${new URL(url).host};`).join("\n    ")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app_${port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }`,
  );
  const config = nginxConfig(prefix, `  keepalive_requests 1000000;\n${blocks.join("\n")}`);
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const nginx = await startProcess({
    command: NGINX!,
    args: ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")],
    what: "nginx",
  });
  cleanup.add("stop nginx (scaling)", () => nginx.stop(5_000));
  for (const port of Object.keys(upstreams)) {
    const deadline = Date.now() + 15_000;
    while ((await fetchRaw(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline) throw new BenchError(`nginx on ${port} does not reach the app`);
      await delay(100);
    }
  }
  return nginx;
}

/** A reader's account, made as an operator makes one: the built CLI on the shared database. */
async function createUser(databaseUrl: string, authSecret: string) {
  const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
  const cliDir = makeDataDir();
  try {
    await run(
      process.execPath,
      [
        path.join(buildDir, "host/cli.js"),
        "user",
        "create",
        "--email",
        USER.email,
        "--password",
        USER.password,
        "--name",
        "Bench",
        "--role",
        "user",
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: "production",
          DATA_DIR: cliDir,
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: authSecret,
        },
      },
    );
  } finally {
    fs.rmSync(cliDir, { recursive: true, force: true });
  }
}

/** Signs in through nginx as the login form does; returns the Cookie header. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams(USER).toString(),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || !cookies.some((cookie) => cookie?.includes("session_token="))) {
    throw new BenchError(`signing in through nginx: HTTP ${response.status}, no session cookie`);
  }
  const check = await fetchRaw(`${url}/profile`, { Cookie: cookies.join("; ") });
  if (check.status !== 200) throw new BenchError(`the session does not reach /profile: HTTP ${check.status}`);
  return cookies.join("; ");
}

/** The request lines an instance has logged (one JSON line per request, ADR 016). */
function countRequestLines(logFile: string) {
  try {
    return fs
      .readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes('"method":"GET"')).length;
  } catch {
    return 0;
  }
}

export function scalingReport(f: ScalingFigures): string {
  const row = (label: string, r: ScalingRun): [string, string][] => [
    [
      label,
      `one ${formatRate(r.one.requestsPerSecond)}  two ${formatRate(r.two.requestsPerSecond)}  = ${r.ratio.toFixed(2)}×`,
    ],
    [
      "  p99, errors",
      `one ${Math.round(r.one.latencyP99Ms)} ms, ${r.one.errors}  two ${Math.round(r.two.latencyP99Ms)} ms, ${r.two.errors}`,
    ],
  ];
  const connections = Object.entries(f.databaseConnections)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  const answered = Object.entries(f.answeredBy)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  return formatTable(
    `Scaling through nginx: one instance against two on one PostgreSQL (${os.availableParallelism()} cores, ${f.connections} connections)`,
    [
      ...row("cached anonymous /", f.cachedAnonymous),
      ...row("signed-in / (rendered each time)", f.signedIn),
      ["answered per instance (two-instance runs)", answered],
      ["DB connections per instance (peak)", connections || "none seen"],
      ["DATABASE_POOL_MAX", `${f.poolMax} (+1 for LISTEN per instance)`],
    ],
  );
}
