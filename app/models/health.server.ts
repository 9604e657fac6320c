// What /healthz checks and what a request's failure during a database outage answers (ADR 036).
// The host (server/app.ts) turns any 500 into 503 with Retry-After while the database does not
// answer; /healthz reports the database and the data disk, each with a reason.
import { open } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** How long a health probe may take before it counts as failed. */
const PROBE_TIMEOUT_MS = 2_000;

/** What a client told "the database is unavailable" should wait before trying again: about the
 * time the embedded database's supervisor takes to restart it (ADR 011). */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

const withinTimeout = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("probe timed out")), PROBE_TIMEOUT_MS).unref(),
    ),
  ]);

/** Whether the database answers a trivial query now. */
export async function databaseAnswers(db: Db) {
  try {
    await withinTimeout(db.execute(sql`select 1`));
    return true;
  } catch {
    return false;
  }
}

/** The small file the disk probe rewrites in DATA_DIR. */
export const DISK_PROBE_FILE = ".disk-probe";
const PROBE_BYTES = new Uint8Array(4096);

export type DiskState = "ok" | "full" | "unwritable";

/** Whether DATA_DIR takes a small write, flushed to the disk: a full disk fails it (ENOSPC, or
 * EDQUOT for a quota) before the database or the uploads find out. */
export async function dataDiskState(dataDir: string): Promise<DiskState> {
  try {
    await withinTimeout(
      (async () => {
        const file = await open(path.join(dataDir, DISK_PROBE_FILE), "w");
        try {
          await file.write(PROBE_BYTES);
          await file.sync();
        } finally {
          await file.close();
        }
      })(),
    );
    return "ok";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOSPC" || code === "EDQUOT" ? "full" : "unwritable";
  }
}
