// Boot: validate configuration, take DATA_DIR, start or connect the database, migrate, seed,
// listen; on SIGINT/SIGTERM stop accepting, drain requests, then stop the database.
import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { thirdPartyProvider } from "~/auth/providers";
import { type Config, ConfigError, parseConfig } from "~/config.server";
import { startChangeBus } from "~/db/change-bus.server";
import { connectDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { seedDemoContent } from "~/db/seed.server";
import { startScheduledWork } from "~/jobs/scheduled-work.server";
import { setRootLogger } from "~/lib/log.server";
import { createMailTransport } from "~/mail/transport.server";
import { startMailWorker } from "~/mail/worker.server";
import { moveUploadFilesIntoDatabase } from "~/requests/uploads.server";
import { createApp } from "./app";
import { continueUnlessTooLarge } from "./body-limit";
import { checkDataDirWritable, loadSecrets, lockDataDir } from "./data-dir";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded-postgres";
import { createLogger } from "./logger";

// Until the configuration is read (LOG_LEVEL, NODE_ENV): info, as JSON unless run with --dev.
let logger = createLogger({ level: "info", pretty: process.argv.includes("--dev") });
setRootLogger(logger);
// Where `react-router build` wrote the app (BUILD_DIR only differs in parallel test runs).
const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const cleanups: (() => Promise<void> | void)[] = [];

// Until the server listens, a signal aborts the boot and undoes what was started.
let stopDuringBoot: ((signal: string) => void) | undefined = (signal) => {
  logger.info({ signal }, `${signal}: stopping before the server started`);
  void runCleanups().then(() => process.exit(0));
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => stopDuringBoot?.(signal));
}

async function main() {
  const dev = process.argv.includes("--dev");
  const parsed = parseConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
  checkDataDirWritable(parsed.DATA_DIR);
  const config = { ...parsed, authSecret: parsed.AUTH_SECRET ?? loadSecrets(parsed.DATA_DIR).authSecret };
  logger = createLogger({ level: config.LOG_LEVEL, pretty: !config.isProduction });
  setRootLogger(logger);
  warnIfStreamsNearFileLimit(config.LIVE_STREAMS_MAX);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const release = lockDataDir(config.DATA_DIR);
    cleanups.unshift(release);
    embedded = await startEmbeddedPostgres(config.DATA_DIR);
    cleanups.unshift(() => embedded?.stop());
    databaseUrl = embedded.url;
  }

  const database = connectDatabase(databaseUrl, { max: config.DATABASE_POOL_MAX });
  cleanups.unshift(() => database.close());
  await database.pool.query("select 1").catch((error: Error) => {
    throw new Error(`database: cannot connect to ${redact(databaseUrl)}: ${error.message}`);
  });
  await migrateDatabase(database.db);
  if (config.SEED_DEMO && (await seedDemoContent(database.db))) logger.info("database: demo content added");
  await moveUploadFilesIntoDatabase(database.db, config.DATA_DIR);

  const changeBus = await startChangeBus(databaseUrl);
  cleanups.unshift(() => changeBus.close());

  const mailWorker = startMailWorker({
    db: database.db,
    transport: createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }),
    from: config.MAIL_FROM,
  });
  cleanups.unshift(() => mailWorker.stop());
  const scheduledWork = startScheduledWork({
    db: database.db,
    dataDir: config.DATA_DIR,
    newsletter: { appUrl: config.APP_URL, mailsPerMinute: config.NEWSLETTER_MAILS_PER_MINUTE },
  });
  cleanups.unshift(() => scheduledWork.stop());

  const shutdown = new AbortController();
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let viteMiddleware: Parameters<typeof createApp>[0]["viteMiddleware"];
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    cleanups.unshift(() => viteServer.close());
    viteMiddleware = viteServer.middlewares;
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;
  }

  const { handleRequest } = createApp({
    config,
    database,
    changeBus,
    shutdownSignal: shutdown.signal,
    build,
    assetsDirectory: path.join(buildDirectory, "client"),
    formActionOrigins: [thirdPartyProvider(config)?.origin].filter((o): o is string => Boolean(o)),
    viteMiddleware,
    logger,
  });
  const server = await listen(handleRequest, config);
  server.on("checkContinue", continueUnlessTooLarge(handleRequest, config.authSecret));
  // The line operators' tools (and the system tests) wait for: written at LOG_LEVEL warn and
  // error too, silent only when asked for silence.
  const startLogger = ["warn", "error", "fatal"].includes(logger.level)
    ? logger.child({}, { level: "info" })
    : logger;
  startLogger.info(
    { url: config.APP_URL, host: config.HOST, port: config.PORT },
    `Lernhaus is listening on ${config.APP_URL}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    embedded?.unsupervise();
    logger.info({ signal }, `${signal}: shutting down (finishing open requests)`);
    shutdown.abort(); // ends event streams so that server.close() can finish
    const forced = setTimeout(() => server.closeAllConnections(), 10_000);
    // Keep-alive connections become idle as their last response ends: close them as they do.
    const idle = setInterval(() => server.closeIdleConnections(), 200);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    clearInterval(idle);
    await runCleanups();
    logger.info("stopped");
    process.exit(0);
  };
  stopDuringBoot = (signal) => void stop(signal);
  process.off("uncaughtException", failBoot);
}

function listen(
  handleRequest: ReturnType<typeof createApp>["handleRequest"],
  config: Config,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handleRequest);
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${config.PORT} on ${config.HOST} is already in use; stop the other program or set PORT`
            : `cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`,
        ),
      );
    };
    server.once("error", failed);
    server.listen(config.PORT, config.HOST, () => {
      server.off("error", failed);
      resolve(server);
    });
  });
}

async function runCleanups() {
  for (const cleanup of cleanups.splice(0)) {
    try {
      // One stuck step (a database that no longer answers) must not keep the rest from running.
      await Promise.race([
        cleanup(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("a shutdown step took over 15 s")), 15_000).unref(),
        ),
      ]);
    } catch (error) {
      logger.error({ err: error }, "shutdown: a step failed");
    }
  }
}

/** Each live-update stream holds a socket. Streams up to the open-file limit would leave none
 * for the database, static files or new visitors (ADR 011): say so at boot. */
function warnIfStreamsNearFileLimit(maxStreams: number) {
  let softLimit: number;
  try {
    const line = fs.readFileSync("/proc/self/limits", "utf8").match(/^Max open files\s+(\d+)/m);
    if (!line?.[1]) return;
    softLimit = Number(line[1]);
  } catch {
    return; // not Linux: nothing to compare with
  }
  if (maxStreams > softLimit / 2) {
    logger.warn(
      { LIVE_STREAMS_MAX: maxStreams, openFileLimit: softLimit },
      "LIVE_STREAMS_MAX is more than half the open-file limit; lower it or raise the limit (ulimit -n)",
    );
  }
}

function redact(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

let failing = false;
/** Every start-up failure is one line naming the cause, a non-zero exit, and nothing left running. */
async function failBoot(error: unknown) {
  if (failing) return;
  failing = true;
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `Lernhaus could not start: ${error instanceof ConfigError ? message : message.split("\n")[0]}`,
  );
  await runCleanups();
  process.exit(1);
}

// During boot, an error outside the awaited chain (an "error" event nobody listens to, such as a
// child process that could not be spawned) ends the same way, not as a stack trace.
process.on("uncaughtException", failBoot);
main().catch(failBoot);
