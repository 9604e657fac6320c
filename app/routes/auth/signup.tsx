import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { loadAuthPage, thirdPartyAction } from "~/auth/auth-pages.server";
import { refusalDetails, retryAfterHeader, signUpWithPassword } from "~/auth/sign-in.server";
import { TextField } from "~/components/forms/fields";
import {
  AuthCard,
  AuthForm,
  EmailField,
  NewPasswordFields,
  OrDivider,
  useCredentialsForm,
} from "~/components/site/auth-card";
import { ThirdPartyButton } from "~/components/site/third-party-button";
import { useTranslation } from "~/i18n/react";
import { signupSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.signup");

// A refusal for too many attempts (429) says when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAuthPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "third-party") return thirdPartyAction(request, context, "signUp");
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const outcome = await signUpWithPassword(request, context, submission.value);
  if (outcome.ok) throw redirect(outcome.location, { headers: outcome.headers });
  const field =
    outcome.error === "auth:errors.emailInUse"
      ? "email"
      : outcome.error === "auth:errors.weakPassword"
        ? "password"
        : undefined;
  const refusal = refusalDetails(outcome);
  return data(
    {
      ...submission.reply({
        ...(field ? { fieldErrors: { [field]: [outcome.error] } } : { formErrors: [outcome.error] }),
        hideFields: ["password", "confirmPassword"],
      }),
      ...refusal.extra,
    },
    { status: outcome.status, headers: refusal.headers },
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { form, fields, submitting, error } = useCredentialsForm(signupSchema, {
    actionData,
    thirdPartyError: loaderData.thirdPartyFailed ? "auth:errors.googleSignUpFailed" : undefined,
  });
  return (
    <AuthCard title={t("signup.title")} subtitle={t("signup.subtitle")}>
      <AuthForm
        form={form}
        error={error}
        actionData={actionData}
        submit={{ label: t("signup.submit"), pendingLabel: t("signup.submitting"), pending: submitting }}
      >
        <TextField label={t("signup.name")} field={fields.name} autoComplete="name" aria-required="true" />
        <EmailField label={t("signup.email")} field={fields.email} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: t("signup.password"), confirm: t("signup.confirmPassword") }}
        />
      </AuthForm>
      {loaderData.thirdParty && (
        <>
          <OrDivider label={t("thirdParty.or")} />
          <ThirdPartyButton mode="signUp" />
        </>
      )}
      <p className="text-center text-sm text-slate-700">
        {t("signup.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("signup.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
