// The account page's writes (spec §7 "update profile"), shared by /profile
// and /admin/profile: name and avatar, password change, signing out other sessions, deletion.

import { type AppLoadContext, data, redirect } from "react-router";
import { limitedPasswordCheck, minutesToWait } from "~/auth/attempt-limits.server";
import { passwordWeakness, passwordWeaknessMessages } from "~/auth/password-strength.server";
import { authFor, authHeaders, forwardCookies, type SessionUser } from "~/auth/session.server";
import { log } from "~/lib/log.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import {
  deleteUserAccount,
  hasPassword,
  LastAdminError,
  listSessions,
  updateProfile,
} from "~/models/user.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "~/schemas/auth";

export type ProfileIntent = "update-profile" | "change-password" | "sign-out-others" | "delete-account";
export type ProfileResult = {
  intent: ProfileIntent;
  ok?: string;
  errors?: Record<string, string[] | null>;
  /** With a 429: how long to wait ("… thử lại sau N phút"). */
  retryAfterMinutes?: number;
};

/** What both account pages show. */
export async function loadProfile(context: AppLoadContext, user: SessionUser) {
  return {
    user: { name: user.name, email: user.email, image: user.image },
    hasPassword: await hasPassword(context.db, user.id),
    sessions: await listSessions(context.db, user.id, user.sessionId),
  };
}

export async function profileAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  formData: FormData,
) {
  const intent = formData.get("intent");
  const fail = (result: ProfileResult, status = 400) => data(result, { status });
  const person = { email: user.email, ip: context.clientIp };
  const tooManyAttempts = (intent: ProfileIntent, retryAfterSeconds: number) =>
    data(
      {
        intent,
        errors: { "": ["auth:errors.tooManyRequestsWait"] },
        retryAfterMinutes: minutesToWait(retryAfterSeconds),
      } as ProfileResult,
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );

  if (intent === "update-profile") {
    const submission = parseFormSubmission(formData, profileSchema);
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    await updateProfile(context.db, user.id, { name: submission.value.name, image: submission.value.image });
    return { intent, ok: "account:profile.saved" } as ProfileResult;
  }

  if (intent === "change-password") {
    const submission = parseFormSubmission(formData, changePasswordSchema);
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    const { currentPassword, password } = submission.value;
    const weakness = await passwordWeakness(password, user);
    if (weakness) return fail({ intent, errors: { password: passwordWeaknessMessages(weakness) } });
    // better-auth's revokeOtherSessions would delete every session and issue a new cookie; a
    // form posted without JavaScript then renders with the old, deleted cookie and the person is
    // signed out. So the current session is kept and only the others are ended (ADR 012).
    const changed = await limitedPasswordCheck(context.db, person, async () => {
      const response = await authFor(context).api.changePassword({
        body: { currentPassword, newPassword: password, revokeOtherSessions: false },
        headers: authHeaders(request, context),
        asResponse: true,
      });
      return response.ok;
    });
    if (changed.retryAfterSeconds !== undefined) return tooManyAttempts(intent, changed.retryAfterSeconds);
    if (!changed.ok) {
      return fail({ intent, errors: { currentPassword: ["auth:errors.wrongPassword"] } });
    }
    await authFor(context).api.revokeOtherSessions({ headers: authHeaders(request, context) });
    log().info({ email: user.email, ip: context.clientIp }, "auth: password changed");
    // better-auth writes through its own handle, which the audit triggers do not see (ADR 014).
    await recordAuditEvent(context.db, {
      entity: "user",
      entityId: user.id,
      action: "update",
      changedFields: ["password"],
    });
    return { intent, ok: "account:password.changed" } as ProfileResult;
  }

  if (intent === "sign-out-others") {
    await authFor(context).api.revokeOtherSessions({ headers: authHeaders(request, context) });
    await recordAuditEvent(context.db, {
      entity: "session",
      entityId: user.id,
      action: "delete",
      detail: { others: true },
    });
    return { intent, ok: "account:sessions.signedOut" } as ProfileResult;
  }

  if (intent === "delete-account") {
    const submission = parseFormSubmission(formData, deleteAccountSchema);
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    if (await hasPassword(context.db, user.id)) {
      const check = await limitedPasswordCheck(context.db, person, async () => {
        const response = await authFor(context).api.verifyPassword({
          body: { password: submission.value.password ?? "" },
          headers: authHeaders(request, context),
          asResponse: true,
        });
        return response.ok;
      });
      if (check.retryAfterSeconds !== undefined) return tooManyAttempts(intent, check.retryAfterSeconds);
      if (!check.ok) return fail({ intent, errors: { password: ["auth:errors.wrongPassword"] } });
    }
    try {
      const signOut = await authFor(context).api.signOut({
        headers: authHeaders(request, context),
        asResponse: true,
      });
      await deleteUserAccount(context.db, user.id);
      log().info({ email: user.email, ip: context.clientIp }, "auth: account deleted");
      throw redirect("/", { headers: forwardCookies(signOut) });
    } catch (error) {
      if (error instanceof LastAdminError)
        return fail({ intent, errors: { "": ["account:delete.lastAdmin"] } }, 409);
      throw error;
    }
  }
  throw new Response("Unknown action", { status: 400 });
}
