import { credentialsAction, loadAuthPage } from "~/auth/auth-pages.server";
import { retryAfterHeader, signUpWithPassword } from "~/auth/sign-in.server";
import { TextField } from "~/components/forms/fields";
import { CredentialsCard, EmailField, NewPasswordFields } from "~/components/site/auth-card";
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
  return credentialsAction(request, context, {
    mode: "signUp",
    schema: signupSchema,
    secretFields: ["password", "confirmPassword"],
    attempt: signUpWithPassword,
    fieldOfError: {
      "auth:errors.emailInUse": "email",
      "auth:errors.weakPassword": "password",
      "auth:errors.passwordTooShort": "password",
    },
  });
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/auth").then((module) => module.signupSchema);

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <CredentialsCard
      page="signup"
      schema={formSchema}
      loaderData={loaderData}
      actionData={actionData}
      footer={{ prompt: t("signup.haveAccount"), to: "/login", label: t("signup.loginLink") }}
    >
      {(fields) => (
        <>
          <TextField label={t("signup.name")} field={fields.name} autoComplete="name" aria-required="true" />
          <EmailField label={t("signup.email")} field={fields.email} />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            labels={{ password: t("signup.password"), confirm: t("signup.confirmPassword") }}
          />
        </>
      )}
    </CredentialsCard>
  );
}
