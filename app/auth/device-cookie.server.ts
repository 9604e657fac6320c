// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ADR 035): a
// browser that once signed in to an account with its password carries a signed, HttpOnly cookie
// naming that account. Its sign-in attempts to that account then count against the device's own
// tight limit instead of the account's limits, which strangers guessing from elsewhere can fill
// (attempt-limits.server.ts). The cookie holds a random id and an HMAC over the id and the
// account's email, keyed with AUTH_SECRET: the email is not readable from it, a forged or copied
// value for another account gives no exemption, and each device has its own failure count.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "lernhaus_device";
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function signature(secret: string, email: string, id: string) {
  // The purpose in the message keeps this HMAC apart from anything else keyed with the secret.
  return createHmac("sha256", secret)
    .update(`lernhaus device cookie\n${email.trim().toLowerCase()}\n${id}`)
    .digest("base64url");
}

/** The device's id when the request carries a genuine device cookie for `email`, else null. */
export function knownDevice(request: Request, secret: string, email: string): string | null {
  const value = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]+)`).exec(
    request.headers.get("Cookie") ?? "",
  )?.[1];
  if (!value) return null;
  const [id = "", mac = ""] = value.split(".");
  if (!ID_PATTERN.test(id)) return null;
  const expected = Buffer.from(signature(secret, email, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** Where the browser sends the cookie: the sign-in form's action only, as a page (no JavaScript)
 * and as React Router's data request. Sent nowhere else, it costs no other request anything (a
 * signed-out visitor's pages stay in the anonymous page cache, which any other cookie bypasses). */
const DEVICE_COOKIE_PATHS = ["/login", "/login.data"];

/** The Set-Cookie headers after a successful sign-in to `email`: the same device id when the
 * browser already was this account's device (its failure count stays with it), else a new one. */
export function deviceCookieHeaders(
  request: Request,
  secret: string,
  email: string,
  { secure }: { secure: boolean },
) {
  const id = knownDevice(request, secret, email) ?? randomBytes(16).toString("base64url");
  return DEVICE_COOKIE_PATHS.map((path) =>
    [
      `${DEVICE_COOKIE}=${id}.${signature(secret, email, id)}`,
      `Path=${path}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      "HttpOnly",
      "SameSite=Lax",
      ...(secure ? ["Secure"] : []),
    ].join("; "),
  );
}
