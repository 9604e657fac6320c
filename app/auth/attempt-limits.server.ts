// Limits on guessing (ADR 012): only failed attempts count, so an admin signing in from
// phone and laptop is never locked out by their own successes, and the tight limit is keyed on
// (email, IP) so a stranger guessing from elsewhere cannot lock the real user out at their own
// address. A looser per-email ceiling across addresses and the per-IP limit stop distributed
// guessing and spraying. Counts live in PostgreSQL (request_limits), fixed 10-minute windows.
// The ceiling could still be filled by strangers; a browser that signed in to the account before
// (a device cookie, device-cookie.server.ts; ADR 035) is counted on its own tight limit instead,
// so strangers cannot lock the real user out of their own browser.
import type { Db } from "~/db/client.server";
import {
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  type RateLimitRule,
  refundRateLimit,
} from "~/models/request-limit.server";

export const SIGN_IN_LIMITS = {
  /** One email from one address: a person mistyping, or a guesser at that address. */
  emailAtIp: { limit: 5, windowSeconds: 600 },
  /** One email from anywhere: four guessing addresses' worth, 2,880 guesses a day at most. */
  email: { limit: 20, windowSeconds: 600 },
  /** One address, any emails (password spraying); loose for schools behind one NAT. */
  ip: { limit: 30, windowSeconds: 600 },
  /** One known browser (a genuine device cookie for the email): a person mistyping on it, or
   * whoever took the cookie; the account's limits do not apply to it. */
  device: { limit: 5, windowSeconds: 600 },
} as const;

export const SECOND_FACTOR_LIMITS = {
  /** One account's codes (better-auth also locks the account after 10 failures in a row). */
  user: { limit: 5, windowSeconds: 600 },
  ip: { limit: 30, windowSeconds: 600 },
} as const;

interface LimitKey {
  key: string;
  rule: RateLimitRule;
  /** Cleared on success (the account's failures at this address), instead of just not counted. */
  clearOnSuccess?: boolean;
}

export type LimitedAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; succeeded(): Promise<void> };

/**
 * Reserves one failure on every key before the attempt (so parallel guesses cannot slip past a
 * check-then-count), refuses without counting when any key is already at its limit (refused
 * attempts must not fill the per-email ceiling), and takes the reservation back on success (a failure simply keeps it).
 */
export async function beginLimitedAttempt(
  db: Pick<Db, "execute">,
  keys: LimitKey[],
): Promise<LimitedAttempt> {
  const refusal = async (): Promise<LimitedAttempt | null> => {
    const looks = await Promise.all(keys.map(({ key, rule }) => peekRateLimit(db, key, rule)));
    const blocked = looks.filter((look) => !look.allowed);
    if (blocked.length === 0) return null;
    return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((look) => look.retryAfterSeconds)) };
  };
  const refused = await refusal();
  if (refused) return refused;

  const hits = [];
  for (const { key, rule } of keys) hits.push(await hitRateLimit(db, key, rule));
  const over = hits.filter((hit) => !hit.allowed);
  if (over.length > 0) {
    // Another attempt took the last slot between the look and the count.
    for (const { key } of keys) await refundRateLimit(db, key);
    return { allowed: false, retryAfterSeconds: Math.max(...over.map((hit) => hit.retryAfterSeconds)) };
  }
  return {
    allowed: true,
    async succeeded() {
      for (const { key, clearOnSuccess } of keys) {
        if (clearOnSuccess) await clearRateLimit(db, key);
        else await refundRateLimit(db, key);
      }
    },
  };
}

/** The limits a password attempt counts against: a known device's own (`device` is its id from a
 * genuine device cookie for this email), else the account's at this address, the account's
 * across addresses and the address's. */
export function signInLimitKeys(email: string, ip: string, device?: string | null): LimitKey[] {
  if (device)
    return [{ key: `signin:fail:device:${device}`, rule: SIGN_IN_LIMITS.device, clearOnSuccess: true }];
  return [
    { key: `signin:fail:email-ip:${email}|${ip}`, rule: SIGN_IN_LIMITS.emailAtIp, clearOnSuccess: true },
    { key: `signin:fail:email:${email}`, rule: SIGN_IN_LIMITS.email },
    { key: `signin:fail:ip:${ip}`, rule: SIGN_IN_LIMITS.ip },
  ];
}

export function secondFactorLimitKeys(userId: string, ip: string): LimitKey[] {
  return [
    { key: `2fa:fail:user:${userId}`, rule: SECOND_FACTOR_LIMITS.user, clearOnSuccess: true },
    { key: `2fa:fail:ip:${ip}`, rule: SECOND_FACTOR_LIMITS.ip },
  ];
}

/** The wait shown to the person ("… thử lại sau N phút"): whole minutes, at least one. */
export function minutesToWait(retryAfterSeconds: number) {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** A password asked again inside a session (password change, account deletion, the second
 * factor's setup) counts like a sign-in, so a stolen session cannot guess the password faster. */
export async function limitedPasswordCheck(
  db: Pick<Db, "execute">,
  person: { email: string; ip: string },
  check: () => Promise<boolean>,
): Promise<{ ok: boolean; retryAfterSeconds?: number }> {
  const attempt = await beginLimitedAttempt(db, signInLimitKeys(person.email.toLowerCase(), person.ip));
  if (!attempt.allowed) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  const ok = await check();
  if (ok) await attempt.succeeded();
  return { ok };
}
