// /profile/erase: a signed-in learner erases their own enrolments, messages and
// newsletter rows. At once when their address is proven; otherwise a link is mailed to it, and
// this page, opened from the link, asks for one more press (a GET never erases: link previews
// open links). Recorded in the audit log with the learner as the actor.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { authFor, authHeaders, requireUser } from "~/auth/session.server";
import { EraseMyDataSection } from "~/components/account/erase-my-data-section";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { Alert } from "~/components/ui/alert";
import { actorScopedDb } from "~/db/audit-actor.server";
import { useTranslation } from "~/i18n/react";
import { log } from "~/lib/log.server";
import {
  eraseOwnData,
  isEmailVerified,
  isErasureLinkValid,
  mailErasureLink,
  redeemErasureLink,
} from "~/models/self-erasure.server";
import { hasPassword } from "~/models/user.server";
import { requestLanguage } from "~/requests/request-language";
import { eraseOwnDataSchema } from "~/schemas/personal-data";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile.erase";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "personal-data:account.meta");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const TOKEN = /^[\w-]{20,100}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const linkValid = TOKEN.test(token) && (await isErasureLinkValid(context.db, user.id, token));
  const count = (key: string) => Math.max(0, Math.trunc(Number(url.searchParams.get(key)) || 0));
  return {
    email: user.email,
    hasPassword: await hasPassword(context.db, user.id),
    token: linkValid ? token : undefined,
    tokenInvalid: Boolean(token) && !linkValid,
    mailSent: url.searchParams.get("sent") === "1",
    erased:
      url.searchParams.get("done") === "erased"
        ? {
            enrollments: count("enrollments"),
            messages: count("contactMessages"),
            subscriptions: count("newsletterSubscribers"),
          }
        : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  // The audit log names the learner as the one who erased (ADR 014).
  const db = actorScopedDb(context.db, { id: user.id, email: user.email, ip: context.clientIp });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const erased = async () => {
    const result = await eraseOwnData(db, user, context.config.DATA_DIR);
    log().info({ user: user.id, ip: context.clientIp }, "privacy: a user erased their own data");
    const params = new URLSearchParams({ done: "erased" });
    for (const [key, value] of Object.entries(result)) params.set(key, String(value));
    return redirect(`/profile/erase?${params}`);
  };

  if (intent === "confirm") {
    const token = formData.get("token");
    if (typeof token !== "string" || !TOKEN.test(token) || !(await redeemErasureLink(db, user.id, token)))
      return data({ errors: { token: ["personal-data:account.errors.link"] } }, { status: 400 });
    return erased();
  }

  if (intent === "request") {
    const submission = parseWithZod(formData, { schema: eraseOwnDataSchema });
    if (submission.status !== "success") return data({ errors: submission.error ?? {} }, { status: 400 });
    if (await hasPassword(context.db, user.id)) {
      const check = await authFor(context).api.verifyPassword({
        body: { password: submission.value.password ?? "" },
        headers: authHeaders(request, context),
        asResponse: true,
      });
      if (!check.ok)
        return data(
          { errors: { password: ["personal-data:account.errors.wrongPassword"] } },
          { status: 400 },
        );
    }
    if (await isEmailVerified(context.db, user.id)) return erased();
    await mailErasureLink(db, user, {
      appUrl: context.config.APP_URL,
      language: requestLanguage(request),
    });
    return redirect("/profile/erase?sent=1");
  }
  throw new Response("Unknown action", { status: 400 });
}

export default function EraseMyData({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("personal-data");
  const submitting = useSubmitting();
  const errors = actionData?.errors as Record<string, string[] | null | undefined> | undefined;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <Link to="/profile" className="text-sm font-semibold text-blue-700 hover:underline">
        {t("account.back")}
      </Link>
      <h1 className="text-3xl font-bold">{t("account.heading")}</h1>
      {loaderData.erased && <Alert tone="success">{t("account.done", loaderData.erased)}</Alert>}
      {loaderData.mailSent && <Alert tone="info">{t("account.mailSent", { email: loaderData.email })}</Alert>}
      {(loaderData.tokenInvalid || errors?.token) && <Alert tone="error">{t("account.errors.link")}</Alert>}
      {loaderData.token ? (
        <Form method="post" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200">
          <p className="text-slate-700">{t("account.text", { email: loaderData.email })}</p>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={loaderData.token} />
          <SubmitButton variant="danger" pending={submitting}>
            {t("account.submit")}
          </SubmitButton>
        </Form>
      ) : (
        !loaderData.erased &&
        !loaderData.mailSent && (
          <EraseMyDataSection email={loaderData.email} hasPassword={loaderData.hasPassword} errors={errors} />
        )
      )}
    </main>
  );
}
