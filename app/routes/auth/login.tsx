import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { loadAuthPage, thirdPartyAction } from "~/auth/auth-pages.server";
import { refusalDetails, retryAfterHeader, signInWithPassword } from "~/auth/sign-in.server";
import { PasswordField } from "~/components/forms/fields";
import { AuthCard, AuthForm, EmailField, OrDivider, useCredentialsForm } from "~/components/site/auth-card";
import { ThirdPartyButton } from "~/components/site/third-party-button";
import { useTranslation } from "~/i18n/react";
import { loginSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.login");

// A refusal for too many attempts (429) says when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAuthPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "third-party") return thirdPartyAction(request, context, "signIn");
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const outcome = await signInWithPassword(request, context, submission.value);
  if (outcome.ok) throw redirect(outcome.location, { headers: outcome.headers });
  const refusal = refusalDetails(outcome);
  return data(
    { ...submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }), ...refusal.extra },
    { status: outcome.status, headers: refusal.headers },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { form, fields, submitting, error } = useCredentialsForm(loginSchema, {
    actionData,
    thirdPartyError: loaderData.thirdPartyFailed ? "auth:errors.googleSignInFailed" : undefined,
  });
  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <AuthForm
        form={form}
        error={error}
        actionData={actionData}
        submit={{ label: t("login.submit"), pendingLabel: t("login.submitting"), pending: submitting }}
      >
        <EmailField label={t("login.email")} field={fields.email} />
        <PasswordField
          label={t("login.password")}
          field={fields.password}
          autoComplete="current-password"
          aria-required="true"
        />
        <div className="text-right">
          <Link to="/forgot-password" className="text-sm font-medium text-blue-700 hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
      </AuthForm>
      {loaderData.thirdParty && (
        <>
          <OrDivider label={t("thirdParty.or")} />
          <ThirdPartyButton mode="signIn" />
        </>
      )}
      <p className="text-center text-sm text-slate-700">
        {t("login.noAccount")}{" "}
        <Link to="/signup" className="font-semibold text-blue-700 hover:underline">
          {t("login.signupLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
