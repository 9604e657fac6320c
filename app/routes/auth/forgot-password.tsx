import { data } from "react-router";
import { refusedAttempt, requestPasswordReset, retryAfterHeader } from "~/auth/sign-in.server";
import { useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { AuthCard, AuthForm, EmailField } from "~/components/site/auth-card";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { forgotPasswordSchema } from "~/schemas/auth";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.forgotPassword");

// A refusal for too many attempts (429) says when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await request.formData(), forgotPasswordSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await requestPasswordReset(request, context, submission.value);
  if (!outcome.ok) {
    return refusedAttempt(outcome, {
      result: submission.reply({ formErrors: [outcome.error] }),
      sent: false,
    });
  }
  // spec §8: the same success message whether or not the email has an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/auth").then((module) => module.forgotPasswordSchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useSubmitting();
  const [form, fields] = useAppForm(formSchema, {
    lastResult: actionData?.result,
    shouldRevalidate: "onSubmit",
  });
  return (
    <AuthCard
      title={t("forgot.title")}
      subtitle={t("forgot.subtitle")}
      footer={{ to: "/login", label: t("forgot.back") }}
    >
      {actionData?.sent && <Alert tone="success">{t("errors.resetSent")}</Alert>}
      <AuthForm
        form={form}
        error={form.errors?.[0]}
        actionData={actionData}
        submit={{ label: t("forgot.submit"), pendingLabel: t("forgot.submitting"), pending: submitting }}
      >
        <EmailField label={t("forgot.email")} field={fields.email} />
      </AuthForm>
    </AuthCard>
  );
}
