// The sign-in, sign-up and reset flows behind our own forms (they work without JavaScript),
// mapping every outcome to the spec §8 catalogue. better-auth does the cryptography and
// sessions; we add per-email rate limits in PostgreSQL and tell "no such user" from "wrong
// password" as the catalogue asks.
import { type AppLoadContext, data } from "react-router";
import { log } from "~/lib/log.server";
import { countSignInRefusal } from "~/lib/metrics.server";
import { hitRateLimit } from "~/models/request-limit.server";
import { findUserByEmail } from "~/models/user.server";
import { requestLanguage } from "~/requests/request-language";
import { roleOf } from "~/schemas/domain";
import { beginLimitedAttempt, minutesToWait, signInLimitKeys } from "./attempt-limits.server";
import { mailLanguage } from "./auth.server";
import { deviceCookieHeaders, knownDevice } from "./device-cookie.server";
import { passwordWeakness, passwordWeaknessMessages } from "./password-strength.server";
import { authFor, authHeaders, forwardCookies, homeFor } from "./session.server";

export type AuthErrorKey =
  | "auth:errors.userNotFound"
  | "auth:errors.wrongPassword"
  | "auth:errors.invalidEmail"
  | "auth:errors.tooManyRequests"
  | "auth:errors.tooManyRequestsWait"
  | "auth:errors.signInFailed"
  | "auth:errors.emailInUse"
  | "auth:errors.weakPassword"
  | "auth:errors.passwordTooShort"
  | "auth:errors.signUpFailed"
  | "auth:errors.resetFailed"
  | "auth:errors.googleSignInFailed"
  | "auth:errors.googleSignUpFailed";

export type AuthOutcome =
  | { ok: true; headers: Headers; location: string }
  | {
      ok: false;
      error: AuthErrorKey;
      status: number;
      retryAfterSeconds?: number;
      /** What is shown on the field, when more than the error (a weak password's reason). */
      messages?: string[];
    };

/** Where the second sign-in step lives (ADR 012). */
export const SECOND_FACTOR_PAGE = "/login/two-factor";

/** The 429 outcome; the page says how many minutes to wait. */
export function tooManyAttempts(retryAfterSeconds: number) {
  return { ok: false, error: "auth:errors.tooManyRequestsWait", status: 429, retryAfterSeconds } as const;
}

/** A page's answer to a refused attempt: its body (the form's errors), with the minutes to wait
 * added for the message when it refuses with 429, the outcome's status and a Retry-After header. */
export function refusedAttempt<Body extends object>(
  outcome: { status: number; retryAfterSeconds?: number },
  body: Body,
) {
  const limited = outcome.status === 429 && outcome.retryAfterSeconds !== undefined;
  return data(
    { ...body, ...(limited ? { retryAfterMinutes: minutesToWait(outcome.retryAfterSeconds ?? 0) } : {}) },
    {
      status: outcome.status,
      headers: limited ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
    },
  );
}

/** For the `headers` export of a page whose action may refuse with 429: React Router sends an
 * action's headers with the page only through that export. */
export function retryAfterHeader(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

// Limits per client IP and per email address over an hour; sign-in's are in attempt-limits.server.ts.
const LIMITS = {
  signUpIp: { limit: 10, windowSeconds: 3600 },
  resetEmail: { limit: 3, windowSeconds: 3600 },
  resetIp: { limit: 10, windowSeconds: 3600 },
} as const;

export async function overLimit(
  context: AppLoadContext,
  checks: [string, { limit: number; windowSeconds: number }][],
) {
  for (const [key, rule] of checks) {
    const hit = await hitRateLimit(context.db, key, rule);
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  return null;
}

async function errorCode(response: Response) {
  try {
    const body = (await response.clone().json()) as { code?: string };
    return body.code ?? "";
  } catch {
    return "";
  }
}

export async function signInWithPassword(
  request: Request,
  context: AppLoadContext,
  input: { email: string; password: string },
): Promise<AuthOutcome> {
  const email = input.email.toLowerCase();
  const ip = context.clientIp;
  const secret = context.config.authSecret;
  const device = knownDevice(request, secret, email);
  const attempt = await beginLimitedAttempt(context.db, signInLimitKeys(email, ip, device));
  if (!attempt.allowed) {
    log().info({ email, ip, knownDevice: Boolean(device) }, "auth: sign-in refused (rate limit)");
    countSignInRefusal("rate_limited");
    return tooManyAttempts(attempt.retryAfterSeconds);
  }
  const response = await authFor(context).api.signInEmail({
    body: { email, password: input.password },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  if (response.ok) {
    await attempt.succeeded();
    const headers = forwardCookies(response);
    // The right password makes this browser a known device of the account (ADR 035), with or
    // without a second factor still to come: the cookie only changes how guesses are counted.
    const secure = context.config.APP_URL.startsWith("https:");
    for (const cookie of deviceCookieHeaders(request, secret, email, { secure })) {
      headers.append("Set-Cookie", cookie);
    }
    const body = (await response.json()) as { user?: { role?: unknown }; twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect) {
      // The password was right; better-auth set a short-lived two-factor cookie
      // instead of a session, and the code is asked for on the next page.
      log().info({ email, ip }, "auth: sign-in password accepted, second factor asked");
      return { ok: true, headers, location: SECOND_FACTOR_PAGE };
    }
    log().info({ email, ip, knownDevice: Boolean(device) }, "auth: sign-in success");
    return {
      ok: true,
      headers,
      location: homeFor({ role: roleOf(body.user?.role) }),
    };
  }
  const code = await errorCode(response);
  let error: AuthErrorKey = "auth:errors.signInFailed";
  if (code === "INVALID_EMAIL") error = "auth:errors.invalidEmail";
  else if (code === "INVALID_EMAIL_OR_PASSWORD") {
    // better-auth answers the same for both; the catalogue tells them apart (spec §8).
    const user = await findUserByEmail(context.db, email);
    error = user ? "auth:errors.wrongPassword" : "auth:errors.userNotFound";
  }
  log().info({ email, ip, reason: code || response.status }, "auth: sign-in failure");
  countSignInRefusal("bad_credentials");
  return { ok: false, error, status: 400 };
}

export async function signUpWithPassword(
  request: Request,
  context: AppLoadContext,
  input: { name: string; email: string; password: string },
): Promise<AuthOutcome> {
  const email = input.email.toLowerCase();
  const ip = context.clientIp;
  const wait = await overLimit(context, [[`signup:ip:${ip}`, LIMITS.signUpIp]]);
  if (wait !== null) {
    log().info({ email, ip }, "auth: sign-up refused (rate limit)");
    return tooManyAttempts(wait);
  }
  const weakness = await passwordWeakness(input.password, { email, name: input.name });
  if (weakness) {
    const messages = passwordWeaknessMessages(weakness);
    return { ok: false, error: messages[0] as AuthErrorKey, status: 400, messages };
  }
  // The verification mail sign-up sends is written in the language of the page.
  const language = requestLanguage(request);
  const response = await mailLanguage.run(language, () =>
    authFor(context).api.signUpEmail({
      body: { name: input.name, email, password: input.password },
      headers: authHeaders(request, context),
      asResponse: true,
    }),
  );
  if (response.ok) {
    log().info({ email, ip }, "auth: sign-up success");
    // A new account is never an admin: it lands on the home page.
    return { ok: true, headers: forwardCookies(response), location: "/" };
  }
  const code = await errorCode(response);
  let error: AuthErrorKey = "auth:errors.signUpFailed";
  if (response.status === 429) error = "auth:errors.tooManyRequests";
  else if (code.startsWith("USER_ALREADY_EXISTS")) error = "auth:errors.emailInUse";
  else if (code === "INVALID_EMAIL") error = "auth:errors.invalidEmail";
  else if (code === "PASSWORD_TOO_SHORT") error = "auth:errors.passwordTooShort";
  log().info({ email, ip, reason: code || response.status }, "auth: sign-up failure");
  return { ok: false, error, status: response.status === 429 ? 429 : 400 };
}

/** Always the same visible answer whether or not the email has an account (no enumeration). */
export async function requestPasswordReset(
  request: Request,
  context: AppLoadContext,
  input: { email: string },
): Promise<{ ok: true } | { ok: false; error: AuthErrorKey; status: number; retryAfterSeconds?: number }> {
  const email = input.email.toLowerCase();
  const ip = context.clientIp;
  const wait = await overLimit(context, [
    [`reset:ip:${ip}`, LIMITS.resetIp],
    [`reset:email:${email}`, LIMITS.resetEmail],
  ]);
  if (wait !== null) return tooManyAttempts(wait);
  try {
    const language = requestLanguage(request);
    await mailLanguage.run(language, () =>
      authFor(context).api.requestPasswordReset({
        body: { email, redirectTo: "/reset-password" },
        headers: authHeaders(request, context),
      }),
    );
    log().info({ email, ip }, "auth: password reset requested");
    return { ok: true };
  } catch (error) {
    log().error({ err: error, email }, "auth: password reset request failed");
    return { ok: false, error: "auth:errors.resetFailed", status: 500 };
  }
}

/** Starts the third-party sign-in: a redirect to the provider, or the catalogue's failure. */
export async function startThirdPartySignIn(
  request: Request,
  context: AppLoadContext,
  mode: "signIn" | "signUp",
  provider: "google" | "oidc" | undefined,
): Promise<AuthOutcome> {
  const failure = mode === "signIn" ? "auth:errors.googleSignInFailed" : "auth:errors.googleSignUpFailed";
  if (!provider) {
    log().warn(
      "auth: third-party sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
    );
    return { ok: false, error: failure, status: 503 };
  }
  try {
    const response = await authFor(context).api.signInSocial({
      body: {
        provider,
        callbackURL: "/auth/continue",
        newUserCallbackURL: "/auth/continue",
        errorCallbackURL: mode === "signIn" ? "/login?error=third-party" : "/signup?error=third-party",
      },
      headers: authHeaders(request, context),
      asResponse: true,
    });
    const body = (await response.json()) as { url?: string };
    if (!response.ok || !body.url) throw new Error(`status ${response.status}`);
    return { ok: true, headers: forwardCookies(response), location: body.url };
  } catch (error) {
    log().error({ err: error }, "auth: third-party sign-in could not start");
    return { ok: false, error: failure, status: 502 };
  }
}
