// Settings → Security (ADR 012): whether every admin must sign in with a second factor.
// When on, an admin without one is sent to /admin/profile to set it up before any other admin
// page (app/auth/session.server.ts requireAdmin).

import { data, Form, Link } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { SettingsPage } from "~/components/admin/settings/settings-page";
import { CheckboxField } from "~/components/forms/fields";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { log } from "~/lib/log.server";
import {
  countAdminsWithoutTwoFactor,
  isAdminTwoFactorRequired,
  setAdminTwoFactorRequired,
} from "~/models/two-factor.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { adminSecuritySchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/settings.security";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-settings:security.meta");

export async function loader(args: Route.LoaderArgs) {
  const admin = await staffOnly(args, "/admin/settings/security");
  return {
    required: await isAdminTwoFactorRequired(args.context.db),
    adminsWithout: await countAdminsWithoutTwoFactor(args.context.db),
    ownTwoFactor: admin.twoFactorEnabled,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await staffOnly(args, "/admin/settings/security");
  const submission = parseFormSubmission(await args.request.formData(), adminSecuritySchema);
  if (submission.status !== "success") return data({ error: "validation.invalidChoice" }, { status: 400 });
  const required = submission.value.requireAdminTwoFactor;
  // Whoever turns the rule on shows it can be met: they have a second factor themselves.
  if (required && !admin.twoFactorEnabled) {
    return data({ error: "admin-settings:security.ownFirst" }, { status: 409 });
  }
  await setAdminTwoFactorRequired(args.context.db, required);
  log().info(
    { required, by: admin.email, ip: args.context.clientIp },
    "auth: admin two-factor requirement set",
  );
  return { saved: true as const };
}

export default function SecuritySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-settings");
  const submitting = useSubmitting(undefined, { untilLoaded: true });
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <SettingsPage id="security-heading" back={t("security.back")} title={t("security.title")}>
      {actionData && "saved" in actionData && <Alert tone="success">{t("security.saved")}</Alert>}
      {error && <Alert tone="error">{t(error)}</Alert>}
      <Form method="post" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <CheckboxField
          variant="statement"
          name="requireAdminTwoFactor"
          defaultChecked={loaderData.required}
          label={
            <span>
              <span className="block font-semibold">{t("security.requireLabel")}</span>
              <span className="block text-sm text-slate-600">{t("security.requireHint")}</span>
            </span>
          }
        />
        <p className="text-sm text-slate-700">
          {t("security.adminsWithout", { count: loaderData.adminsWithout })}{" "}
          {!loaderData.ownTwoFactor && (
            <Link to="/admin/profile" className="font-semibold text-blue-700 hover:underline">
              {t("security.setUpOwn")}
            </Link>
          )}
        </p>
        <SubmitButton pending={submitting}>{t("security.save")}</SubmitButton>
      </Form>
    </SettingsPage>
  );
}
