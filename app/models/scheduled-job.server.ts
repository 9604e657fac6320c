// Periodic jobs that must run once per period across all app processes (ADR 021),
// such as the hourly retention. Every process asks on its own timer; the database answers yes to
// one of them per period.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** Claims this period's run of `job`: true for exactly one caller per `periodSeconds`, however
 * many processes ask at once.
 *
 * The claim is a row of request_limits, the table of fixed windows every process shares: a job
 * allowed once per hour is a limit of one per hour-long window. The conditional upsert takes the
 * row's lock, so of two callers at the same moment the second sees the first's new window and
 * gets no row back. `count` is how many times the job has run since its row was made. */
export async function claimJobRun(db: Pick<Db, "execute">, job: string, periodSeconds: number) {
  const period = `${periodSeconds} seconds`;
  const { rows } = await db.execute(sql`
    insert into request_limits as l (key, window_start, count) values (${`job:${job}`}, now(), 1)
    on conflict (key) do update set window_start = now(), count = l.count + 1
      where l.window_start <= now() - ${period}::interval
    returning l.count`);
  return rows.length > 0;
}
