import os from "node:os";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { log } from "~/lib/log.server";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** How this process's connections are named in pg_stat_activity: PGAPPNAME when set, else the
 * machine and process, so that an operator of several instances sees which one holds what. An
 * `application_name` in the URL overrides both. */
export function defaultApplicationName() {
  return process.env.PGAPPNAME || `lernhaus ${os.hostname()} ${process.pid}`.slice(0, 63);
}

export function connectDatabase(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // DATABASE_POOL_MAX for the server (app/config.server.ts).
    max: options.max ?? 10,
    application_name: options.applicationName ?? defaultApplicationName(),
    // Fail fast when the server is gone instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => {
    // 57P01: the server is shutting down or restarting (Ctrl-C reaches it too) — expected.
    if ((error as { code?: string }).code === "57P01")
      log().info("database: a connection was closed by the server");
    else log().error({ err: error }, "database pool: an idle connection failed");
  });
  // The pool listens for errors on idle clients only. A client checked out by pool.connect()
  // (every transaction: the outbox worker, enrolments, better-auth) that loses its server
  // emits "error" with no listener, which kills the process (ADR 011: `kill -9` of the
  // database crashed Node in 6 of 9 trials). Its query fails on its own; the pool drops the
  // broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if ((error as { code?: string }).code !== "57P01")
        log().error({ err: error }, "database: a connection in use was lost");
    });
  });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, close: () => pool.end() };
}
