import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { log } from "~/lib/log.server";
import type { Db } from "./client.server";
import { migrationsFolder } from "./migrations-folder.server";
import { convertStoredBodies } from "./stored-bodies.server";

/** The advisory-lock key that serialises migrations across processes (ADR 021): the bytes of
 * "Lernhaus" read as one bigint, unlikely to meet another application's key on a shared server. */
export const MIGRATION_LOCK_KEY = 0x4c65726e68617573n;

/** Applies the committed SQL migrations in drizzle/, then converts Markdown bodies left by earlier
 * versions (ADR 055), once, however many app processes start together on one database.
 *
 * drizzle's migrator takes no lock: it reads the last applied migration, then applies the rest in
 * a transaction of its own, so two processes starting on an empty database both try to create the
 * same tables and one of them fails (it did in 2 of 3 trials). Here one dedicated connection holds
 * a session-level advisory lock around the whole migrator, whose transaction runs on that same
 * connection: the second process waits, then finds nothing left to apply. */
export async function migrateDatabase(db: Db) {
  // connectDatabase() builds every Db on a pg.Pool; drizzle keeps it as $client.
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== "function") {
    throw new Error("migrateDatabase needs a database handle built on a connection pool");
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      // The one step SQL cannot do (ADR 055), under the same lock.
      const converted = await convertStoredBodies(client);
      if (converted)
        log().info(
          { rows: converted },
          "long texts: earlier Markdown and plain texts converted into documents",
        );
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]).catch((error) => {
        // A connection that cannot unlock is dropped below; the server then frees the lock.
        broken = error as Error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // Destroying a connection whose state is unknown (a failed migration, a lost unlock) makes
    // sure no lock outlives this call.
    client.release(broken ?? undefined);
  }
}
