// Rate limits for public forms, counted in PostgreSQL so that they hold across app processes.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (for a Retry-After header). */
  retryAfterSeconds: number;
}

/** Counts one request against `key` (e.g. "contact:ip:1.2.3.4") in a fixed window, atomically. */
export async function hitRateLimit(
  db: Pick<Db, "execute">,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const window = `${rule.windowSeconds} seconds`;
  const { rows } = await db.execute<{ count: number; remaining: number }>(sql`
    insert into request_limits as l (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when l.window_start <= now() - ${window}::interval then 1 else l.count + 1 end,
      window_start = case when l.window_start <= now() - ${window}::interval then now() else l.window_start end
    returning l.count as count,
      ceil(extract(epoch from (l.window_start + ${window}::interval - now())))::int as remaining`);
  const row = rows[0]!;
  return { allowed: Number(row.count) <= rule.limit, retryAfterSeconds: Math.max(1, Number(row.remaining)) };
}
