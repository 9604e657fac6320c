import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { isWeakPassword } from "~/auth/password-strength.server";
import { authFor, authHeaders, forwardCookies, requireUser } from "~/auth/session.server";
import { PasswordField } from "~/components/site/password-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import {
  countOtherSessions,
  deleteUserAccount,
  hasPassword,
  LastAdminError,
  updateProfile,
} from "~/models/user.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.profile");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return {
    user: { name: user.name, email: user.email, image: user.image },
    hasPassword: await hasPassword(context.db, user.id),
    otherSessions: await countOtherSessions(context.db, user.id, user.sessionId),
  };
}

type Intent = "update-profile" | "change-password" | "sign-out-others" | "delete-account";
type Result = { intent: Intent; ok?: string; errors?: Record<string, string[] | null> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const fail = (result: Result, status = 400) => data(result, { status });

  if (intent === "update-profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    await updateProfile(context.db, user.id, { name: submission.value.name, image: submission.value.image });
    return { intent, ok: "account:profile.saved" } as Result;
  }

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    const { currentPassword, password } = submission.value;
    if (isWeakPassword(password, user))
      return fail({ intent, errors: { password: ["auth:errors.weakPassword"] } });
    const response = await authFor(context).api.changePassword({
      body: { currentPassword, newPassword: password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      asResponse: true,
    });
    if (!response.ok) {
      return fail({ intent, errors: { currentPassword: ["auth:errors.wrongPassword"] } });
    }
    console.log(`auth: password changed email=${user.email} ip=${context.clientIp}`);
    return data({ intent, ok: "account:password.changed" } as Result, { headers: forwardCookies(response) });
  }

  if (intent === "sign-out-others") {
    await authFor(context).api.revokeOtherSessions({ headers: authHeaders(request, context) });
    return { intent, ok: "account:sessions.signedOut" } as Result;
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(formData, { schema: deleteAccountSchema });
    if (submission.status !== "success") return fail({ intent, errors: submission.error ?? {} });
    if (await hasPassword(context.db, user.id)) {
      const check = await authFor(context).api.verifyPassword({
        body: { password: submission.value.password ?? "" },
        headers: authHeaders(request, context),
        asResponse: true,
      });
      if (!check.ok) return fail({ intent, errors: { password: ["auth:errors.wrongPassword"] } });
    }
    try {
      const signOut = await authFor(context).api.signOut({
        headers: authHeaders(request, context),
        asResponse: true,
      });
      await deleteUserAccount(context.db, user.id);
      console.log(`auth: account deleted email=${user.email} ip=${context.clientIp}`);
      throw redirect("/", { headers: forwardCookies(signOut) });
    } catch (error) {
      if (error instanceof LastAdminError)
        return fail({ intent, errors: { "": ["account:delete.lastAdmin"] } }, 409);
      throw error;
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

const sectionClass = "space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const busy = (intent: Intent) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const errors = (intent: Intent, field: string) => result(intent)?.errors?.[field] ?? undefined;
  const notice = (intent: Intent) => {
    const r = result(intent);
    if (r?.ok) return <Alert tone="success">{t(r.ok)}</Alert>;
    const formError = r?.errors?.[""]?.[0];
    return formError ? <Alert tone="error">{t(formError)}</Alert> : null;
  };
  const { user } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>

      <section aria-labelledby="profile-heading" className={sectionClass}>
        <h2 id="profile-heading" className="text-xl font-semibold">
          {t("profile.heading")}
        </h2>
        {notice("update-profile")}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="update-profile" />
          <TextField label={t("profile.email")} value={user.email} readOnly disabled />
          <TextField
            label={t("profile.name")}
            name="name"
            defaultValue={user.name}
            required
            maxLength={100}
            autoComplete="name"
            errors={errors("update-profile", "name")}
          />
          <TextField
            label={t("profile.image")}
            name="image"
            type="url"
            defaultValue={user.image ?? ""}
            placeholder="https://"
            hint={t("profile.imageHint")}
            errors={errors("update-profile", "image")}
          />
          <Button type="submit" disabled={busy("update-profile")}>
            {t("profile.save")}
          </Button>
        </Form>
      </section>

      {loaderData.hasPassword && (
        <section aria-labelledby="password-heading" className={sectionClass}>
          <h2 id="password-heading" className="text-xl font-semibold">
            {t("password.heading")}
          </h2>
          {notice("change-password")}
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <PasswordField
              label={t("password.current")}
              name="currentPassword"
              autoComplete="current-password"
              errors={errors("change-password", "currentPassword")}
            />
            <PasswordField
              label={t("password.new")}
              name="password"
              autoComplete="new-password"
              errors={errors("change-password", "password")}
            />
            <PasswordField
              label={t("password.confirm")}
              name="confirmPassword"
              autoComplete="new-password"
              errors={errors("change-password", "confirmPassword")}
            />
            <Button type="submit" disabled={busy("change-password")}>
              {t("password.save")}
            </Button>
          </Form>
        </section>
      )}

      <section aria-labelledby="sessions-heading" className={sectionClass}>
        <h2 id="sessions-heading" className="text-xl font-semibold">
          {t("sessions.heading")}
        </h2>
        {notice("sign-out-others")}
        <p className="text-slate-700">{t("sessions.count", { count: loaderData.otherSessions })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button
            type="submit"
            variant="secondary"
            disabled={busy("sign-out-others") || loaderData.otherSessions === 0}
          >
            {t("sessions.signOutOthers")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className={`${sectionClass} ring-red-200`}>
        <h2 id="delete-heading" className="text-xl font-semibold text-red-800">
          {t("delete.heading")}
        </h2>
        {notice("delete-account")}
        <p className="text-slate-700">{t("delete.text")}</p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete-account" />
          {loaderData.hasPassword && (
            <PasswordField
              label={t("delete.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("delete-account", "password")}
            />
          )}
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" required className="mt-0.5 size-4" />
            {t("delete.confirm")}
          </label>
          {errors("delete-account", "confirm") && (
            <p className="text-sm font-medium text-red-700">
              {t(errors("delete-account", "confirm")?.[0] ?? "")}
            </p>
          )}
          <Button type="submit" variant="danger" disabled={busy("delete-account")}>
            {t("delete.submit")}
          </Button>
        </Form>
      </section>
    </main>
  );
}
