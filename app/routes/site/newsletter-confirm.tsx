import { Form, useNavigation } from "react-router";
import { NewsletterLinkPage } from "~/components/blog/newsletter-link-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import {
  confirmNewsletterSubscription,
  getNewsletterSubscriptionFromLink,
  type NewsletterStatus,
} from "~/models/newsletter.server";
import { newsletterTokenSchema } from "~/schemas/newsletter";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "newsletter:confirm.meta"),
  { name: "robots", content: "noindex" },
];

// The page shows one person's address: never cached, anywhere.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type PageStatus = NewsletterStatus | "invalid";

export async function loader({ request, context }: Route.LoaderArgs) {
  const subscription = await getNewsletterSubscriptionFromLink(context.db, request.url);
  return {
    token: subscription?.token ?? null,
    email: subscription?.email ?? null,
    status: (subscription?.status ?? "invalid") as PageStatus,
  };
}

/** The link in the mail opens this page; the button confirms. A bare link that confirmed on
 * opening would be "clicked" by mail scanners that open every link, without the person. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = newsletterTokenSchema.safeParse((await request.formData()).get("token"));
  const status: PageStatus = token.success
    ? await confirmNewsletterSubscription(context.db, token.data)
    : "invalid";
  return { status };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("newsletter");
  const busy = useNavigation().state === "submitting";
  const status = actionData?.status ?? loaderData.status;
  const email = loaderData.email ?? "";
  return (
    <NewsletterLinkPage title={t("confirm.title")}>
      {status === "pending" && loaderData.token ? (
        <Form method="post" className="space-y-6">
          <p className="text-lg text-slate-700">{t("confirm.text", { email })}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" disabled={busy}>
            {t("confirm.button")}
          </Button>
        </Form>
      ) : status === "confirmed" ? (
        <Alert tone="success">{t("confirm.done", { email })}</Alert>
      ) : status === "unsubscribed" ? (
        <Alert tone="info">{t("confirm.wasUnsubscribed")}</Alert>
      ) : (
        <Alert tone="error">{t("invalidLink")}</Alert>
      )}
    </NewsletterLinkPage>
  );
}
