import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.server";
import { migrationsFolder } from "./migrations-folder.server";

/** Applies the committed SQL migrations in drizzle/; drizzle takes an advisory lock, so several
 * app processes starting together on one database apply them once. */
export async function migrateDatabase(db: Db) {
  await migrate(db, { migrationsFolder });
}
