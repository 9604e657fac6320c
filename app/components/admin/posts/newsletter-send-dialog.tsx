// "Gửi cho người đăng ký": a published post sent once to the confirmed newsletter subscribers
// (ADR 029). The confirmation shows the mail as a Vietnamese subscriber gets it and how many will
// get it; the post's editor then shows the campaign's counts, live.
import { Send } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { AdminDialog, CancelLink } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { MailPreview } from "~/components/admin/mail-preview";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { buttonClass } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { formatDateTimeVi } from "~/lib/format";
import type { PostNewsletter } from "~/models/newsletter-campaign.server";

/** The `kind` of the post dialog that sends the post (?dialog=edit&id=…&kind=newsletter). */
export const NEWSLETTER_DIALOG = "newsletter";

/** What a page's JSON carries of a post's newsletter (dates may come as text). */
export type ShownNewsletter = Omit<PostNewsletter, "campaign"> & {
  campaign:
    | (Omit<NonNullable<PostNewsletter["campaign"]>, "createdAt"> & { createdAt: Date | string })
    | null;
};

export function NewsletterSendDialog({
  post,
  newsletter,
  lastResult,
}: {
  post: { id: string; title: string; published: boolean };
  newsletter: ShownNewsletter | undefined;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const sending = useSubmitting("send-newsletter");
  const confirmed = newsletter?.confirmed ?? 0;
  const canSend = Boolean(newsletter && !newsletter.campaign && confirmed > 0);
  return (
    <AdminDialog title={t("newsletter.sendTitle")} wide>
      <Form method="post" preventScrollReset className="space-y-5">
        <ListError result={lastResult} />
        <input type="hidden" name="id" value={post.id} />
        {!newsletter ? (
          <p className="text-slate-800">{t("newsletter.draft")}</p>
        ) : newsletter.campaign ? (
          <CampaignSummary campaign={newsletter.campaign} />
        ) : confirmed === 0 ? (
          <p className="text-slate-800">{t("newsletter.nobody")}</p>
        ) : (
          <p className="text-slate-800">
            {t("newsletter.question", { title: post.title, count: confirmed })}
          </p>
        )}
        {canSend && newsletter?.preview && (
          <MailPreview
            id="newsletter-preview-heading"
            title={t("newsletter.previewTitle")}
            labels={{ to: t("newsletter.to"), subject: t("newsletter.subject") }}
            mail={{ ...newsletter.preview, to: t("newsletter.recipients", { count: confirmed }) }}
            heading="h3"
            testId="newsletter-preview-text"
          />
        )}
        <DialogFooter>
          <CancelLink />
          {canSend && (
            <SubmitButton
              name="intent"
              value="send-newsletter"
              pending={sending}
              pendingLabel={t("newsletter.sending")}
              icon={<Send aria-hidden="true" className="size-4" />}
            >
              {t("newsletter.confirm", { count: confirmed })}
            </SubmitButton>
          )}
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}

/** The editor's newsletter part for a published post: the way to send it, or its campaign's counts. */
export function NewsletterSection({
  post,
  newsletter,
}: {
  post: { id: string; published: boolean };
  newsletter: ShownNewsletter | undefined;
}) {
  const { t } = useTranslation("admin-posts");
  const location = useLocation();
  // A draft has nothing to send yet; its editor stays as it was.
  if (!post.published || !newsletter) return null;
  return (
    <section
      aria-labelledby="post-newsletter-heading"
      className="mb-5 space-y-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
    >
      <h3 id="post-newsletter-heading" className="font-semibold text-slate-900">
        {t("newsletter.heading")}
      </h3>
      {newsletter.campaign ? (
        <CampaignSummary campaign={newsletter.campaign} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">{t("newsletter.confirmedCount", { count: newsletter.confirmed })}</p>
          <Link
            to={dialogHref(location.search, { mode: "edit", id: post.id, kind: NEWSLETTER_DIALOG })}
            preventScrollReset
            className={buttonClass("secondary", "text-sm")}
          >
            <Send aria-hidden="true" className="size-4" />
            {t("newsletter.send")}
          </Link>
        </div>
      )}
    </section>
  );
}

function CampaignSummary({ campaign }: { campaign: NonNullable<ShownNewsletter["campaign"]> }) {
  const { t } = useTranslation("admin-posts");
  return (
    <div className="space-y-2">
      <p className="text-slate-800">
        {t("newsletter.sentOn", {
          date: formatDateTimeVi(campaign.createdAt),
          count: campaign.recipientCount,
        })}
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1" data-testid="newsletter-counts">
        {(["sent", "queued", "failed"] as const).map((status) => (
          <div key={status} className="flex gap-1.5">
            <dt className="text-slate-600">{t(`newsletter.counts.${status}`)}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-status={status}>
              {campaign.counts[status]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
