import { data, Link, redirect } from "react-router";
import { getSessionUser, homeFor } from "~/auth/session.server";
import { refusedAttempt, retryAfterHeader } from "~/auth/sign-in.server";
import { challengeIdentifier, verifySignInSecondFactor } from "~/auth/two-factor.server";
import { TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { AuthCard, AuthForm } from "~/components/site/auth-card";
import { useTranslation } from "~/i18n/react";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { secondFactorSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/two-factor";

// The second sign-in step of an account with a second factor (ADR 012), after the password
// was accepted on /login (better-auth's two-factor cookie carries that, for 10 minutes).

export const meta: Route.MetaFunction = (args) => pageMeta(args, "auth:twoFactor.meta");

// Tied to this browser's sign-in challenge: never cached. A refusal for too many attempts (429)
// says when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...retryAfterHeader(actionHeaders),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (user) throw redirect(homeFor(user));
  if (!challengeIdentifier(request)) throw redirect("/login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await request.formData(), secondFactorSchema);
  if (submission.status !== "success") {
    return data({ ...submission.reply({ hideFields: ["code"] }), expired: false }, { status: 400 });
  }
  const outcome = await verifySignInSecondFactor(request, context, submission.value.code);
  if (outcome.ok) throw redirect(outcome.location, { headers: outcome.headers });
  return refusedAttempt(outcome, {
    ...submission.reply({ formErrors: [outcome.error], hideFields: ["code"] }),
    expired: outcome.expired === true,
  });
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/auth").then((module) => module.secondFactorSchema);

export default function TwoFactorSignIn({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useSubmitting(undefined, { untilLoaded: true });
  const [form, fields] = useAppForm(formSchema, {
    lastResult: actionData,
    shouldRevalidate: "onSubmit",
  });
  const formError = form.errors?.[0];
  return (
    <AuthCard
      title={t("twoFactor.title")}
      subtitle={t("twoFactor.subtitle")}
      footer={{ to: "/login", label: t("twoFactor.backToLogin") }}
    >
      <AuthForm
        form={form}
        error={formError}
        errorAction={
          actionData?.expired && (
            <Link to="/login" className="font-semibold underline">
              {t("twoFactor.backToLogin")}
            </Link>
          )
        }
        actionData={actionData}
        submit={{ label: t("twoFactor.submit"), pending: submitting }}
      >
        <TextField
          label={t("twoFactor.code")}
          field={fields.code}
          hint={t("twoFactor.codeHint")}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={16}
          aria-required="true"
        />
      </AuthForm>
    </AuthCard>
  );
}
