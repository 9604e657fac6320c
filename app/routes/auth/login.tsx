import { Link } from "react-router";
import { credentialsAction, loadAuthPage } from "~/auth/auth-pages.server";
import { retryAfterHeader, signInWithPassword } from "~/auth/sign-in.server";
import { PasswordField } from "~/components/forms/fields";
import { CredentialsCard, EmailField } from "~/components/site/auth-card";
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
  return credentialsAction(request, context, {
    mode: "signIn",
    schema: loginSchema,
    secretFields: ["password"],
    attempt: signInWithPassword,
  });
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/auth").then((module) => module.loginSchema);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <CredentialsCard
      page="login"
      schema={formSchema}
      loaderData={loaderData}
      actionData={actionData}
      footer={{ prompt: t("login.noAccount"), to: "/signup", label: t("login.signupLink") }}
    >
      {(fields) => (
        <>
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
        </>
      )}
    </CredentialsCard>
  );
}
