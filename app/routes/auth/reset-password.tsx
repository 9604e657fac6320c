import { data, Link } from "react-router";
import { passwordWeakness, passwordWeaknessMessages } from "~/auth/password-strength.server";
import { authFor } from "~/auth/session.server";
import { useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { AuthCard, AuthForm, NewPasswordFields } from "~/components/site/auth-card";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { log } from "~/lib/log.server";
import { getUserById, isResetTokenValid } from "~/models/user.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { resetPasswordSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "auth:reset.meta");

export function headers() {
  // The token is in the URL: never cache this page, never leak it through Referer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: Boolean(token && (await isResetTokenValid(context.db, token))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await request.formData(), resetPasswordSchema);
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        done: false,
        invalid: false,
      },
      { status: 400 },
    );
  }
  const { token, password } = submission.value;
  const userId = await isResetTokenValid(context.db, token);
  const user = userId ? await getUserById(context.db, userId) : undefined;
  if (!user) return data({ result: submission.reply(), done: false, invalid: true }, { status: 400 });
  const weakness = await passwordWeakness(password, user);
  if (weakness) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: passwordWeaknessMessages(weakness) },
          hideFields: ["password", "confirmPassword"],
        }),
        done: false,
        invalid: false,
      },
      { status: 400 },
    );
  }
  try {
    // better-auth also ends every session of this user (revokeSessionsOnPasswordReset).
    await authFor(context).api.resetPassword({ body: { newPassword: password, token } });
  } catch {
    return data({ result: submission.reply(), done: false, invalid: true }, { status: 400 });
  }
  log().info({ email: user.email, ip: context.clientIp }, "auth: password reset completed");
  return { result: submission.reply({ resetForm: true }), done: true, invalid: false };
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/auth").then((module) => module.resetPasswordSchema);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useSubmitting();
  const [form, fields] = useAppForm(formSchema, {
    lastResult: actionData?.result,
    shouldRevalidate: "onSubmit",
  });
  // The end of the road: the password was changed, or the link cannot be used (any more).
  const ending = actionData?.done
    ? { tone: "success" as const, message: "reset.success", to: "/login", label: "reset.toLogin" }
    : !loaderData.valid || actionData?.invalid
      ? {
          tone: "error" as const,
          message: "reset.invalidToken",
          to: "/forgot-password",
          label: "reset.requestNew",
        }
      : undefined;
  if (ending) {
    return (
      <AuthCard title={t("reset.title")}>
        <Alert tone={ending.tone}>{t(ending.message)}</Alert>
        <Link to={ending.to} className={buttonClass("primary", "w-full")}>
          {t(ending.label)}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <AuthForm
        form={form}
        error={undefined}
        actionData={actionData}
        submit={{ label: t("reset.submit"), pendingLabel: t("reset.submitting"), pending: submitting }}
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: t("reset.password"), confirm: t("reset.confirmPassword") }}
        />
      </AuthForm>
    </AuthCard>
  );
}
