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
  pool.on("error", (error) => console.error(`database pool: ${error.message}`));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, close: () => pool.end() };
}
