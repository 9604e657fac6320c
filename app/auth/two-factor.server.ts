// The admin second factor (docs/decisions/012-auth-endpoints-and-second-factor.md):
// setup on /admin/profile (QR code rendered here, confirmed with a code, recovery codes shown
// once), turning it off with the password, and the sign-in step after the password. better-auth's
// two-factor plugin owns the secret, the recovery codes and the sign-in challenge; setup is
// confirmed and removed here so that the current session (and its cookie) stays as it is and
// the forms work without JavaScript.

import { parseWithZod } from "@conform-to/zod/v4";
import { symmetricDecrypt } from "better-auth/crypto";
import { type AppLoadContext, data } from "react-router";
import { log } from "~/lib/log.server";
import { type QrDrawing, qrCodeDrawing } from "~/lib/qr-code.server";
import {
  claimTotpStep,
  confirmTwoFactor,
  findChallengeUser,
  findTwoFactor,
  isAdminTwoFactorRequired,
  removeTwoFactor,
} from "~/models/two-factor.server";
import { twoFactorConfirmSchema, twoFactorPasswordSchema } from "~/schemas/auth";
import { roleOf } from "~/schemas/domain";
import {
  beginLimitedAttempt,
  limitedPasswordCheck,
  minutesToWait,
  secondFactorLimitKeys,
} from "./attempt-limits.server";
import { TOTP_ISSUER } from "./auth.server";
import { authFor, authHeaders, forwardCookies, homeFor, type SessionUser } from "./session.server";
import { totpCodeStep, totpUri, verifyTotpCode } from "./totp.server";

export type TwoFactorSetup =
  | { status: "off" }
  | { status: "on" }
  /** Secret created, waiting for the first code from the app. */
  | { status: "pending"; uri: string; secret: string; qr: QrDrawing };

/** The secret better-auth stored, as the key bytes the codes are computed from. */
async function decryptSecret(context: AppLoadContext, encrypted: string) {
  const { secretConfig } = await authFor(context).$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  return new TextEncoder().encode(secret);
}

export async function loadTwoFactorSetup(
  context: AppLoadContext,
  user: SessionUser,
): Promise<TwoFactorSetup> {
  const row = await findTwoFactor(context.db, user.id);
  if (!row) return { status: "off" };
  if (row.verified && user.twoFactorEnabled) return { status: "on" };
  const key = await decryptSecret(context, row.secret);
  const uri = totpUri(TOTP_ISSUER, user.email, key);
  return {
    status: "pending",
    uri,
    secret: new URL(uri).searchParams.get("secret") ?? "",
    qr: qrCodeDrawing(uri, 2),
  };
}

/** Creates the secret and recovery codes (better-auth checks the password). */
export async function startTwoFactorSetup(request: Request, context: AppLoadContext, password: string) {
  const response = await authFor(context).api.enableTwoFactor({
    body: { password, method: "totp" },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  return response.ok;
}

export type CodeOutcome =
  | { ok: true; recoveryCodes: string[] }
  | { ok: false; error: string; status: number; retryAfterSeconds?: number };

/** The first code from the app proves it holds the secret; then the recovery codes are shown. */
export async function confirmTwoFactorSetup(
  context: AppLoadContext,
  user: SessionUser,
  code: string,
): Promise<CodeOutcome> {
  const row = await findTwoFactor(context.db, user.id);
  if (!row || (row.verified && user.twoFactorEnabled)) {
    return { ok: false, error: "account:twoFactor.notPending", status: 409 };
  }
  const attempt = await beginLimitedAttempt(context.db, secondFactorLimitKeys(user.id, context.clientIp));
  if (!attempt.allowed) {
    return {
      ok: false,
      error: "auth:errors.tooManyRequestsWait",
      status: 429,
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  if (!verifyTotpCode(await decryptSecret(context, row.secret), code)) {
    return { ok: false, error: "auth:twoFactor.invalidCode", status: 400 };
  }
  await attempt.succeeded();
  await confirmTwoFactor(context.db, user.id);
  const { backupCodes } = await authFor(context).api.viewBackupCodes({ body: { userId: user.id } });
  log().info({ email: user.email, ip: context.clientIp }, "auth: two-factor turned on");
  return { ok: true, recoveryCodes: backupCodes };
}

/** Turning the second factor off (or abandoning a setup) asks for the password again. */
export async function turnOffTwoFactor(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  password: string,
) {
  const check = await authFor(context).api.verifyPassword({
    body: { password },
    headers: authHeaders(request, context),
    asResponse: true,
  });
  if (!check.ok) return false;
  await removeTwoFactor(context.db, user.id);
  log().info({ email: user.email, ip: context.clientIp }, "auth: two-factor turned off");
  return true;
}

/** better-auth's short-lived cookie that carries a sign-in waiting for its second factor. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/;

/** The challenge's identifier (the cookie is `identifier.signature`; better-auth checks the
 * signature itself when the code is verified). */
export function challengeIdentifier(request: Request) {
  const value = CHALLENGE_COOKIE.exec(request.headers.get("Cookie") ?? "")?.[1];
  if (!value) return null;
  try {
    return decodeURIComponent(value).split(".")[0] || null;
  } catch {
    return null;
  }
}

export type SecondFactorOutcome =
  | { ok: true; headers: Headers; location: string }
  | { ok: false; error: string; status: number; retryAfterSeconds?: number; expired?: boolean };

/** A code from the app signs in once (issue 26 item 10): the step it belongs to is claimed
 * before better-auth checks it. A wrong code claims nothing and is left to better-auth, which
 * counts it towards its lock. */
async function claimAppCode(context: AppLoadContext, userId: string, code: string) {
  const row = await findTwoFactor(context.db, userId);
  if (!row) return true;
  const step = totpCodeStep(await decryptSecret(context, row.secret), code);
  return step === null || (await claimTotpStep(context.db, userId, step));
}

/** The sign-in step after the password: a 6-digit code from the app, or a recovery code. */
export async function verifySignInSecondFactor(
  request: Request,
  context: AppLoadContext,
  code: string,
): Promise<SecondFactorOutcome> {
  const identifier = challengeIdentifier(request);
  const challenge = identifier ? await findChallengeUser(context.db, identifier) : undefined;
  if (!challenge) return { ok: false, error: "auth:twoFactor.expired", status: 400, expired: true };
  const ip = context.clientIp;
  const attempt = await beginLimitedAttempt(context.db, secondFactorLimitKeys(challenge.id, ip));
  if (!attempt.allowed) {
    log().info({ user: challenge.id, ip }, "auth: second factor refused (rate limit)");
    return {
      ok: false,
      error: "auth:errors.tooManyRequestsWait",
      status: 429,
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  const isAppCode = /^\d{6}$/.test(code);
  if (isAppCode && !(await claimAppCode(context, challenge.id, code))) {
    // A right code that already signed in (a replay within its window), or an earlier one.
    log().info({ user: challenge.id, ip }, "auth: second factor failure (code already used)");
    return { ok: false, error: "auth:twoFactor.invalidCode", status: 400 };
  }
  const options = { headers: authHeaders(request, context), asResponse: true } as const;
  const response = isAppCode
    ? await authFor(context).api.verifyTOTP({ body: { code }, ...options })
    : await authFor(context).api.verifyBackupCode({ body: { code }, ...options });
  if (response.ok) {
    await attempt.succeeded();
    log().info(
      { user: challenge.id, ip, with: isAppCode ? "app code" : "recovery code" },
      "auth: sign-in success",
    );
    return {
      ok: true,
      headers: forwardCookies(response),
      location: homeFor({ role: roleOf(challenge.role) }),
    };
  }
  const { code: reason = "" } = (await response.json().catch(() => ({}))) as { code?: string };
  log().info({ user: challenge.id, ip, reason: reason || response.status }, "auth: second factor failure");
  if (reason === "ACCOUNT_TEMPORARILY_LOCKED") {
    // better-auth's own lock after 10 wrong codes in a row lasts 15 minutes.
    return { ok: false, error: "auth:errors.tooManyRequestsWait", status: 429, retryAfterSeconds: 900 };
  }
  if (reason === "INVALID_CODE" || reason === "INVALID_BACKUP_CODE") {
    return { ok: false, error: "auth:twoFactor.invalidCode", status: 400 };
  }
  // The challenge ended (too many codes for it, or expired): start again with the password.
  return { ok: false, error: "auth:twoFactor.expired", status: 400, expired: true };
}

export type TwoFactorIntent = "two-factor-start" | "two-factor-confirm" | "two-factor-off";
export type TwoFactorResult = {
  intent: TwoFactorIntent;
  ok?: string;
  errors?: Record<string, string[] | null>;
  /** Shown once, right after setup is confirmed. */
  recoveryCodes?: string[];
  retryAfterMinutes?: number;
};

export function isTwoFactorIntent(intent: unknown): intent is TwoFactorIntent {
  return intent === "two-factor-start" || intent === "two-factor-confirm" || intent === "two-factor-off";
}

/** /admin/profile's two-factor forms (the caller has checked the person is an admin). */
export async function twoFactorAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  formData: FormData,
) {
  const intent = formData.get("intent") as TwoFactorIntent;
  const fail = (result: TwoFactorResult, status = 400, headers: Record<string, string> = {}) =>
    data(result, { status, headers });

  if (intent === "two-factor-confirm") {
    const submission = parseWithZod(formData, { schema: twoFactorConfirmSchema });
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    const outcome = await confirmTwoFactorSetup(context, user, submission.value.code);
    if (!outcome.ok) {
      const wait = outcome.retryAfterSeconds;
      return fail(
        {
          intent,
          errors: { code: [outcome.error] },
          retryAfterMinutes: wait === undefined ? undefined : minutesToWait(wait),
        },
        outcome.status,
        wait === undefined ? {} : { "Retry-After": String(wait) },
      );
    }
    return {
      intent,
      ok: "account:twoFactor.turnedOn",
      recoveryCodes: outcome.recoveryCodes,
    } as TwoFactorResult;
  }

  const submission = parseWithZod(formData, { schema: twoFactorPasswordSchema });
  if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
  const { password } = submission.value;
  const person = { email: user.email, ip: context.clientIp };
  const refuse = (retryAfterSeconds: number) =>
    fail(
      {
        intent,
        errors: { "": ["auth:errors.tooManyRequestsWait"] },
        retryAfterMinutes: minutesToWait(retryAfterSeconds),
      },
      429,
      { "Retry-After": String(retryAfterSeconds) },
    );
  if (intent === "two-factor-start") {
    if (user.twoFactorEnabled) return fail({ intent, errors: { "": ["account:twoFactor.alreadyOn"] } }, 409);
    const started = await limitedPasswordCheck(context.db, person, () =>
      startTwoFactorSetup(request, context, password),
    );
    if (started.retryAfterSeconds !== undefined) return refuse(started.retryAfterSeconds);
    if (!started.ok) return fail({ intent, errors: { password: ["auth:errors.wrongPassword"] } });
    return { intent } as TwoFactorResult;
  }
  // Turning off (or abandoning a setup): not while the school requires a second factor for admins.
  if (user.twoFactorEnabled && (await isAdminTwoFactorRequired(context.db))) {
    return fail({ intent, errors: { "": ["account:twoFactor.requiredBySchool"] } }, 409);
  }
  const turnedOff = await limitedPasswordCheck(context.db, person, () =>
    turnOffTwoFactor(request, context, user, password),
  );
  if (turnedOff.retryAfterSeconds !== undefined) return refuse(turnedOff.retryAfterSeconds);
  if (!turnedOff.ok) return fail({ intent, errors: { password: ["auth:errors.wrongPassword"] } });
  return { intent, ok: "account:twoFactor.turnedOff" } as TwoFactorResult;
}
