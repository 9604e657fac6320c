// An invitation to the staff (issue 30): the link of the invitation mail. It shows who invites
// the person and as what, and asks for a password (the one password policy); accepting signs
// the new member of staff in and sends them to their start page, an admin to their profile to
// turn on two-step verification. An address that has an account already sets no password: the
// account is given the role and its owner signs in as before. A used, expired or revoked link
// says so (410); an unknown one is a 404.
import { data, Form, Link, redirect } from "react-router";
import { homeFor, TWO_FACTOR_SETUP_PAGE } from "~/auth/session.server";
import { overLimit, refusedAttempt, signInWithPassword, tooManyAttempts } from "~/auth/sign-in.server";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { AuthCard, AuthForm, NewPasswordFields } from "~/components/site/auth-card";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { cookieLanguage, isLanguage, languageCookie } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import { log } from "~/lib/log.server";
import type { InvitationStatus } from "~/lib/staff-invitation";
import {
  type AcceptRefusal,
  acceptInvitation,
  findInvitationByToken,
} from "~/models/staff-invitation.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { requestLanguage } from "~/requests/request-language";
import { acceptInvitationSchema } from "~/schemas/staff-invitation";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "staff-invitation:page.meta");

export function headers() {
  // The token is in the URL: never cache this page, never leak it through Referer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** Accept attempts per client IP and hour, as the other account forms limit theirs. */
const ACCEPT_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

type Refused = Exclude<InvitationStatus, "pending"> | "not-found";
const refusedStatus = (reason: Refused) => (reason === "not-found" ? 404 : 410);
/** Why a link cannot be used (unknown, used, revoked, expired), or null while it can. */
const refusalOf = (invitation: { status: InvitationStatus } | undefined): Refused | null =>
  !invitation ? "not-found" : invitation.status === "pending" ? null : invitation.status;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The mail's link names the invitee's language: the page opens in it, unless this browser
  // has chosen a language already. Once, and the address loses the parameter.
  const lang = url.searchParams.get("lang");
  if (lang !== null) {
    url.searchParams.delete("lang");
    const cookie = request.headers.get("Cookie");
    const secure = context.config.APP_URL.startsWith("https:");
    const keep =
      cookieLanguage(cookie) !== undefined || !isLanguage(lang) || lang === requestLanguage(request);
    throw redirect(url.pathname + url.search, {
      headers: keep ? undefined : { "Set-Cookie": languageCookie(lang, secure) },
    });
  }
  const invitation = await findInvitationByToken(context.db, params.token);
  const refused = refusalOf(invitation);
  if (refused || !invitation) {
    return data({ refused, invitation: null }, { status: refusedStatus(refused ?? "not-found") });
  }
  const { name, email, role, invitedBy, expiresAt, hasAccount } = invitation;
  return { refused: null, invitation: { name, email, role, invitedBy, expiresAt, hasAccount } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const secretFields = ["password", "confirmPassword"];
  const wait = await overLimit(context, [[`invitation:ip:${context.clientIp}`, ACCEPT_LIMIT]]);
  if (wait !== null) {
    const outcome = tooManyAttempts(wait);
    return refusedAttempt(outcome, { error: outcome.error as string, refused: null, done: null });
  }
  const invitation = await findInvitationByToken(context.db, params.token);
  const refused = refusalOf(invitation);
  if (refused || !invitation) {
    return data({ refused, done: null }, { status: refusedStatus(refused ?? "not-found") });
  }
  const submission = invitation.hasAccount ? null : parseFormSubmission(formData, acceptInvitationSchema);
  if (submission && submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: secretFields }), refused: null, done: null },
      { status: 400 },
    );
  }
  const password = submission?.status === "success" ? submission.value.password : null;
  const outcome = await acceptInvitation(context.db, context.config, {
    token: params.token,
    password,
    ip: context.clientIp,
  });
  if (!outcome.ok) return refusal(outcome.reason, outcome.messages, submission);
  log().info(
    { email: outcome.email, role: outcome.role, ip: context.clientIp },
    "auth: staff invitation accepted",
  );
  if (!outcome.created || !password) return { refused: null, done: { role: outcome.role } };
  // The new member of staff is signed in with the password they just chose.
  const signedIn = await signInWithPassword(request, context, { email: outcome.email, password });
  if (!signedIn.ok) return { refused: null, done: { role: outcome.role } };
  // An admin turns on two-step verification first (ADR 012): their profile has it.
  const to = outcome.role === "admin" ? `${TWO_FACTOR_SETUP_PAGE}?twoFactor=invited` : homeFor(outcome);
  throw redirect(to, { headers: signedIn.headers });
}

function refusal(
  reason: AcceptRefusal,
  messages: string[] | undefined,
  submission: ReturnType<typeof parseFormSubmission<typeof acceptInvitationSchema>> | null,
) {
  const secretFields = ["password", "confirmPassword"];
  switch (reason) {
    case "weak-password":
    case "password-required":
      return data(
        {
          result: submission?.reply({
            fieldErrors: { password: messages ?? ["validation.required"] },
            hideFields: secretFields,
          }),
          refused: null,
          done: null,
        },
        { status: 400 },
      );
    case "last-admin":
      return data({ error: "staff-invitation:errors.lastAdmin", refused: null, done: null }, { status: 409 });
    default:
      return data({ refused: reason, done: null }, { status: refusedStatus(reason) });
  }
}

/** The form's schema in the browser, loaded on the form's first use (ADR 058). */
const formSchema = () => import("~/schemas/staff-invitation").then((module) => module.acceptInvitationSchema);

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff-invitation");
  const submitting = useSubmitting();
  const [form, fields] = useAppForm(formSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldRevalidate: "onSubmit",
  });
  // Accepted: the page's data now says the link is used, so this comes first.
  if (actionData?.done) {
    return (
      <AuthCard title={t("page.title")}>
        <Alert tone="success">
          {t("page.accepted", { role: t(`admin-settings:users.roles.${actionData.done.role}`) })}
        </Alert>
        <Link to="/login" className={buttonClass("primary", "w-full")}>
          {t("page.toLogin")}
        </Link>
      </AuthCard>
    );
  }
  const refused = actionData?.refused ?? loaderData.refused;
  if (refused || !loaderData.invitation) {
    return (
      <AuthCard title={t("page.title")}>
        <Alert tone="error">{t(`refused.${refused ?? "not-found"}`)}</Alert>
        <Link to="/login" className={buttonClass("primary", "w-full")}>
          {t("page.toLogin")}
        </Link>
      </AuthCard>
    );
  }
  const invitation = loaderData.invitation;
  const role = t(`admin-settings:users.roles.${invitation.role}`);
  const error =
    actionData && "error" in actionData && typeof actionData.error === "string"
      ? actionData.error
      : undefined;
  return (
    <AuthCard
      title={t("page.title")}
      subtitle={t("page.intro", { inviter: invitation.invitedBy ?? "Lernhaus", role })}
    >
      <dl className="space-y-1 text-sm text-slate-700">
        <div className="flex gap-2">
          <dt className="font-medium text-slate-900">{t("page.email")}</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium text-slate-900">{t("page.validUntil")}</dt>
          <dd>{formatDateTimeVi(invitation.expiresAt)}</dd>
        </div>
      </dl>
      {invitation.role === "admin" && <Alert tone="info">{t("page.twoFactor")}</Alert>}
      {invitation.hasAccount ? (
        <>
          {error && <Alert tone="error">{t(error)}</Alert>}
          <p className="text-sm text-slate-700">{t("page.hasAccount")}</p>
          <Form method="post">
            <SubmitButton pending={submitting} pendingLabel={t("page.accepting")} className="w-full">
              {t("page.acceptOnly")}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <AuthForm
          form={form}
          error={error}
          actionData={actionData}
          submit={{ label: t("page.submit"), pendingLabel: t("page.accepting"), pending: submitting }}
        >
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            labels={{ password: t("page.password"), confirm: t("page.confirmPassword") }}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
