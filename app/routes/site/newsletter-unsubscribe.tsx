import { Form, useNavigation } from "react-router";
import { NewsletterLinkPage } from "~/components/blog/newsletter-link-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { getNewsletterSubscriptionFromLink, unsubscribeFromNewsletter } from "~/models/newsletter.server";
import { newsletterTokenSchema } from "~/schemas/newsletter";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "newsletter:unsubscribe.meta"),
  { name: "robots", content: "noindex" },
];

// The page shows one person's address: never cached, anywhere.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const subscription = await getNewsletterSubscriptionFromLink(context.db, request.url);
  return {
    token: subscription?.token ?? null,
    email: subscription?.email ?? null,
    unsubscribed: subscription?.status === "unsubscribed",
  };
}

/** The button on this page posts here, as does a mail program's one-click unsubscribe
 * (RFC 8058: a POST to the link itself, the token in its query). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = newsletterTokenSchema.safeParse(
    form.get("token") ?? new URL(request.url).searchParams.get("token"),
  );
  return { status: token.success ? await unsubscribeFromNewsletter(context.db, token.data) : "invalid" };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("newsletter");
  const busy = useNavigation().state === "submitting";
  const email = loaderData.email ?? "";
  const done = actionData ? actionData.status === "unsubscribed" : loaderData.unsubscribed;
  const invalid = actionData ? actionData.status === "invalid" : !loaderData.token;
  return (
    <NewsletterLinkPage title={t("unsubscribe.title")}>
      {invalid ? (
        <Alert tone="error">{t("invalidLink")}</Alert>
      ) : done ? (
        <Alert tone="success">{t("unsubscribe.done", { email })}</Alert>
      ) : (
        <Form method="post" className="space-y-6">
          <p className="text-lg text-slate-700">{t("unsubscribe.text", { email })}</p>
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <Button type="submit" variant="danger" disabled={busy}>
            {t("unsubscribe.button")}
          </Button>
        </Form>
      )}
    </NewsletterLinkPage>
  );
}
