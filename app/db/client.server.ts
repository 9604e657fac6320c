import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast when the server is gone instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => {
    // 57P01: the server is shutting down or restarting (Ctrl-C reaches it too) — expected.
    if ((error as { code?: string }).code === "57P01")
      console.log("database: a connection was closed by the server");
    else console.error(`database pool: ${error.message}`);
  });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, close: () => pool.end() };
}
