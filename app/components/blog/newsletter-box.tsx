// The newsletter box of the blog (spec §2, where its button did nothing). A real form posting to
// /api/newsletter under the page's prefix (/en/api/newsletter: the subscription takes the page's
// language, ADR 034): without JavaScript the action redirects back here with ?newsletter=<outcome>;
// with JavaScript a fetcher submits it and the page stays as it is.
import { getFormProps } from "@conform-to/react";
import { Mail } from "lucide-react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { usePageLanguage } from "~/components/site/use-localized-path";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/lib/localized-path";
import type { action as newsletterAction } from "~/routes/api/newsletter";
import { SideCard } from "../site/sections";

export const NEWSLETTER_OUTCOME_PARAM = "newsletter";

/** The form's schema, loaded on the form's first use (ADR 058). */
const subscribeSchema = () =>
  import("~/schemas/newsletter").then((module) => module.newsletterSubscribeSchema);

export function NewsletterBox() {
  const { t } = useTranslation("newsletter");
  const fetcher = useFetcher<typeof newsletterAction>({ key: "newsletter" });
  const location = useLocation();
  const action = localizePath("/api/newsletter", usePageLanguage());
  const [searchParams] = useSearchParams();
  const [form, fields] = useAppForm(subscribeSchema, {
    id: "newsletter",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
  });

  // The outcome of this visitor's last submission: from the fetcher, or (without JavaScript)
  // from the address the action sent them back to.
  const outcome = fetcher.data?.outcome ?? searchParams.get(NEWSLETTER_OUTCOME_PARAM);
  const back = new URLSearchParams(searchParams);
  back.delete(NEWSLETTER_OUTCOME_PARAM);
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;
  const emailErrors =
    fields.email.errors ?? (outcome === "invalid" && !fetcher.data ? ["validation.email"] : undefined);
  const busy = fetcher.state !== "idle";

  return (
    <SideCard
      anchor="newsletter"
      id="newsletter-title"
      title={t("box.title")}
      icon={<Mail aria-hidden="true" className="size-8 text-amber-300" />}
      iconAbove
      className="bg-gradient-to-br from-blue-700 to-blue-900 p-6 text-white"
    >
      <p className="mt-2 text-sm text-blue-100">{t("box.text")}</p>
      <fetcher.Form method="post" action={action} className="mt-4 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="rounded-lg bg-white p-3 text-slate-900">
          <TextField
            label={t("box.label")}
            field={fields.email}
            errors={emailErrors}
            type="email"
            autoComplete="email"
            required
            placeholder={t("box.placeholder")}
          />
        </div>
        <SubmitButton
          variant="secondary"
          className="w-full"
          pending={busy}
          pendingLabel={t("box.submitting")}
        >
          {t("box.submit")}
        </SubmitButton>
      </fetcher.Form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {outcome === "pending" && !busy ? <Alert tone="success">{t("box.pending")}</Alert> : null}
        {outcome === "limited" && !busy ? (
          <Alert tone="error">{t("common:validation.tooManyRequests")}</Alert>
        ) : null}
      </div>
    </SideCard>
  );
}
