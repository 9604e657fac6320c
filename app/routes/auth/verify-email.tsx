// /verify-email?token=…: the link of the verification mail. better-auth checks the token on the
// server (its own endpoint is closed to browsers, ADR 012); the learner then lands on /profile,
// which shows the confirmation and their courses. A bad or expired link gets this page, saying
// how to get a new one.
import { data, Link, redirect } from "react-router";
import { verifyEmailToken } from "~/auth/email-verification.server";
import { getSessionUser } from "~/auth/session.server";
import { AuthCard } from "~/components/site/auth-card";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "account:verification.meta");

export function headers() {
  // The token is in the URL: never cache this page, never leak it through Referer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** Where /profile shows "your address is verified". */
export const VERIFIED_PROFILE_PATH = "/profile?verified=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await verifyEmailToken(context, token);
  const user = await getSessionUser(request, context);
  // Signed in and verified (by this link, or by its first use, which a mail scanner may have
  // made): straight to the account's courses.
  if ((outcome === "verified" || outcome === "used") && user?.emailVerified)
    throw redirect(VERIFIED_PROFILE_PATH);
  return data({ outcome, signedIn: Boolean(user) }, { status: outcome === "verified" ? 200 : 400 });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { outcome, signedIn } = loaderData;
  const next = signedIn
    ? { to: "/profile", label: t("verification.page.toProfile") }
    : { to: "/login", label: t("verification.page.toLogin") };
  return (
    <AuthCard title={t("verification.page.title")}>
      {outcome === "verified" ? (
        <Alert tone="success">{t("verification.page.verified")}</Alert>
      ) : (
        <Alert tone="error">
          {t(`verification.page.${outcome}`)} {t("verification.page.resendHint")}
        </Alert>
      )}
      <Link to={next.to} className={buttonClass("primary", "w-full")}>
        {next.label}
      </Link>
    </AuthCard>
  );
}
