// Proving a learner's address (ADR 026: /profile lists enrolments made with an email only once
// that email is proven). Sign-up mails the link (app/auth/auth.server.ts); the link opens our
// /verify-email page, which checks it with better-auth on the server, and /profile offers to mail
// it again. better-auth's own /verify-email and /send-verification-email stay closed to
// browsers (ADR 012), so neither can be hammered past these limits.
import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import type { AppLoadContext } from "react-router";
import { log } from "~/lib/log.server";
import { hitRateLimit, refundRateLimit } from "~/models/request-limit.server";
import { requestLanguage } from "~/requests/request-language";
import { mailLanguage, VERIFICATION_LINK_SECONDS } from "./auth.server";
import { authFor, authHeaders, type SessionUser } from "./session.server";
import { overLimit } from "./sign-in.server";

export type VerificationOutcome = "verified" | "used" | "expired" | "invalid";

/** A link works once in its lifetime (issue 26 item 10). better-auth's token is a signed JWT
 * that it would accept again until it expires, so its first use is claimed here, atomically (a
 * row of request_limits outlives the token: retention drops rows a day old). */
const ONE_USE = { limit: 1, windowSeconds: VERIFICATION_LINK_SECONDS } as const;
const linkUseKey = (token: string) =>
  `verify-email:used:${createHash("sha256").update(token).digest("base64url")}`;

/** A token is a signed JWT; anything longer than this is not one of ours. */
const MAX_TOKEN_LENGTH = 2048;

/** Marks the token's address verified. A bad, forged, expired or used token is an answer, not an error. */
export async function verifyEmailToken(context: AppLoadContext, token: string): Promise<VerificationOutcome> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return "invalid";
  const key = linkUseKey(token);
  if (!(await hitRateLimit(context.db, key, ONE_USE)).allowed) {
    log().info({ reason: "used" }, "auth: email verification link refused");
    return "used";
  }
  try {
    await authFor(context).api.verifyEmail({ query: { token } });
    return "verified";
  } catch (error) {
    // A link refused as bad or expired keeps saying so (it used nothing up).
    await refundRateLimit(context.db, key);
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    log().info({ reason: code ?? error.status }, "auth: email verification link refused");
    return code === "TOKEN_EXPIRED" ? "expired" : "invalid";
  }
}

// A few mails an hour per account, and per client address across accounts.
const RESEND_LIMITS = {
  user: { limit: 3, windowSeconds: 3600 },
  ip: { limit: 10, windowSeconds: 3600 },
} as const;

export type ResendOutcome =
  | { ok: true }
  | { ok: false; error: "account:verification.alreadyVerified"; status: 409 }
  | { ok: false; error: "auth:errors.tooManyRequestsWait"; status: 429; retryAfterSeconds: number };

/** Mails the signed-in learner a new link, in the language of the page. */
export async function resendVerificationMail(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
): Promise<ResendOutcome> {
  if (user.emailVerified) return { ok: false, error: "account:verification.alreadyVerified", status: 409 };
  const wait = await overLimit(context, [
    [`verify-email:user:${user.id}`, RESEND_LIMITS.user],
    [`verify-email:ip:${context.clientIp}`, RESEND_LIMITS.ip],
  ]);
  if (wait !== null) {
    return { ok: false, error: "auth:errors.tooManyRequestsWait", status: 429, retryAfterSeconds: wait };
  }
  const language = requestLanguage(request);
  await mailLanguage.run(language, () =>
    authFor(context).api.sendVerificationEmail({
      body: { email: user.email },
      headers: authHeaders(request, context),
    }),
  );
  log().info({ email: user.email, ip: context.clientIp }, "auth: verification mail sent again");
  return { ok: true };
}
