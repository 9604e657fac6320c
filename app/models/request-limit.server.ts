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

type RateLimitCheck = (db: Pick<Db, "execute">, key: string, rule: RateLimitRule) => Promise<RateLimitResult>;
type LimitRow = { count: number; remaining: number };
const windowOf = (rule: RateLimitRule) => `${rule.windowSeconds} seconds`;

/** The whole seconds until the window of the row `l` ends. */
const secondsLeft = (window: string) =>
  sql`ceil(extract(epoch from (l.window_start + ${window}::interval - now())))::int`;

/** Counts one request against `key` (e.g. "contact:ip:1.2.3.4") in a fixed window, atomically. */
export const hitRateLimit: RateLimitCheck = async (db, key, rule) => {
  const window = windowOf(rule);
  const { rows } = await db.execute<LimitRow>(sql`
    insert into request_limits as l (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when l.window_start <= now() - ${window}::interval then 1 else l.count + 1 end,
      window_start = case when l.window_start <= now() - ${window}::interval then now() else l.window_start end
    returning l.count as count, ${secondsLeft(window)} as remaining`);
  const row = rows[0]!;
  return { allowed: Number(row.count) <= rule.limit, retryAfterSeconds: Math.max(1, Number(row.remaining)) };
};

/** Whether `key` is still under `rule` without counting anything (for limits that count failures
 * only: look first, count the attempt once it has failed). */
export const peekRateLimit: RateLimitCheck = async (db, key, rule) => {
  const window = windowOf(rule);
  const { rows } = await db.execute<LimitRow>(sql`
    select l.count as count, ${secondsLeft(window)} as remaining
    from request_limits l
    where l.key = ${key} and l.window_start > now() - ${window}::interval`);
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: Number(row.count) < rule.limit, retryAfterSeconds: Math.max(1, Number(row.remaining)) };
};

/** Takes back one hit counted by `hitRateLimit` (an attempt that turned out not to count). */
export async function refundRateLimit(db: Pick<Db, "execute">, key: string) {
  await db.execute(sql`update request_limits set count = count - 1 where key = ${key} and count > 0`);
}

/** Forgets `key`'s count (e.g. a successful sign-in clears that account's failures). */
export async function clearRateLimit(db: Pick<Db, "execute">, key: string) {
  await db.execute(sql`delete from request_limits where key = ${key}`);
}

/** Keys are "purpose:kind:value" (two values joined by "|"), and a person's email (lower case),
 * phone (national digits) or user id is always one whole value: so an erasure finds every counter
 * that names the person, whichever limit wrote it. */
function keysNaming(values: string[]) {
  const list = sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
  return sql`string_to_array(translate(lower(key), '|', ':'), ':') && array[${list}]::text[]`;
}

/** How many counters name any of `values` (an email, a phone's digits, a user id). */
export async function countRateLimitsNaming(db: Pick<Db, "execute">, values: string[]) {
  if (values.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from request_limits where ${keysNaming(values)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Deletes the counters that name any of `values` (a person's erasure). */
export async function forgetRateLimitsNaming(db: Pick<Db, "execute">, values: string[]) {
  if (values.length === 0) return;
  await db.execute(sql`delete from request_limits where ${keysNaming(values)}`);
}
