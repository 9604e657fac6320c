// Whether a post to /api/bank-notifications/<provider> comes from the provider the school linked
// (ADR 050), as each provider documents it:
// - SePay, API key: `Authorization: Apikey <key>`;
// - SePay, HMAC-SHA256: `X-SePay-Timestamp: <unix seconds>` and
//   `X-SePay-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" under the secret>`,
//   refused when the timestamp is more than five minutes from now (a replayed old post);
// - Casso: `secure-token: <security key>`.
// The headers are judged before the body is read; only the HMAC needs the body after that.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { BankFeedProvider, SepayAuthMethod } from "./bank-feed";

/** SePay's documented tolerance for X-SePay-Timestamp. */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export interface FeedCredentials {
  provider: BankFeedProvider;
  auth: SepayAuthMethod;
  secret: string;
}

/** Equal, in a time that does not depend on where they differ (nor on their lengths). */
function sameSecret(given: string, expected: string) {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** What the headers alone say: refused, accepted, or (HMAC) worth reading the body for. */
export function judgeHeaders(
  feed: FeedCredentials,
  headers: Headers,
  now = Date.now(),
): "refused" | "accepted" | "check-signature" {
  if (feed.provider === "casso")
    return sameSecret(headers.get("secure-token") ?? "", feed.secret) ? "accepted" : "refused";
  if (feed.auth === "apikey") {
    const match = /^Apikey\s+(.+)$/i.exec(headers.get("authorization") ?? "");
    return match && sameSecret(match[1]!.trim(), feed.secret) ? "accepted" : "refused";
  }
  const timestamp = headers.get("x-sepay-timestamp") ?? "";
  const signature = headers.get("x-sepay-signature") ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/i.test(signature)) return "refused";
  return Math.abs(now / 1000 - Number(timestamp)) <= SIGNATURE_MAX_AGE_SECONDS
    ? "check-signature"
    : "refused";
}

/** SePay's signature over the raw body as it was sent. */
export function sepaySignature(secret: string, timestamp: string, rawBody: Uint8Array | string) {
  return createHmac("sha256", secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest("hex");
}

export function signatureValid(feed: FeedCredentials, headers: Headers, rawBody: Uint8Array) {
  const timestamp = headers.get("x-sepay-timestamp") ?? "";
  const given = (headers.get("x-sepay-signature") ?? "").replace(/^sha256=/i, "").toLowerCase();
  const expected = sepaySignature(feed.secret, timestamp, rawBody);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
