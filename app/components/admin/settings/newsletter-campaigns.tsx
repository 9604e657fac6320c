// Settings › Newsletter: the posts sent to the subscribers lately (ADR 029), each with how many
// of its mails are sent, waiting and failed; the page follows the outbox live.
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { formatDateTimeVi } from "~/lib/format";
import type { listNewsletterCampaigns } from "~/models/newsletter-campaign.server";
import { compactColumns, DataTable } from "../data-table";
import { SettingsSection } from "./settings-page";

type Campaign = Omit<Awaited<ReturnType<typeof listNewsletterCampaigns>>[number], "createdAt"> & {
  createdAt: Date | string;
};

export function NewsletterCampaigns({ campaigns }: { campaigns: readonly Campaign[] }) {
  const { t } = useTranslation("admin-posts");
  if (campaigns.length === 0) return null;
  return (
    <SettingsSection id="newsletter-campaigns-heading" title={t("newsletter.campaigns.heading")}>
      <DataTable
        caption={t("newsletter.campaigns.heading")}
        columns={compactColumns(
          [
            t("newsletter.campaigns.post"),
            t("newsletter.campaigns.sentAt"),
            t("newsletter.campaigns.recipients"),
            t("newsletter.counts.sent"),
            t("newsletter.counts.queued"),
            t("newsletter.counts.failed"),
          ],
          "text-left",
        )}
        scrollClassName="overflow-x-auto"
        tableClassName="w-full min-w-[40rem] text-left text-sm"
        headClassName="border-b border-slate-200 text-slate-700"
      >
        {campaigns.map((campaign) => (
          <tr key={campaign.id} data-testid="newsletter-campaign">
            <td className="py-2 pr-3">
              <Link
                to={`/admin/posts${dialogHref("", { mode: "edit", id: campaign.postId })}`}
                className="font-medium text-blue-700 hover:underline"
              >
                {campaign.title}
              </Link>
            </td>
            <td className="py-2 pr-3">{formatDateTimeVi(campaign.createdAt)}</td>
            <td className="py-2 pr-3 tabular-nums">{campaign.recipientCount}</td>
            <td className="py-2 pr-3 tabular-nums">{campaign.sent}</td>
            <td className="py-2 pr-3 tabular-nums">{campaign.queued}</td>
            <td className="py-2 tabular-nums">{campaign.failed}</td>
          </tr>
        ))}
      </DataTable>
    </SettingsSection>
  );
}
