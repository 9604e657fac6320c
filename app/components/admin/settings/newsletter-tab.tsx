// Settings › Newsletter: the posts sent lately, the subscribers by status, and their export as CSV.
import { Download } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import type { listNewsletterSubscribers } from "~/models/newsletter.server";
import { type NewsletterStatus, newsletterStatuses } from "~/schemas/domain";
import { buttonClass } from "../../ui/button";
import { compactColumns, DataTable, EmptyList } from "../data-table";
import { Pagination } from "../pagination";
import { NewsletterCampaigns } from "./newsletter-campaigns";
import { SettingsSection } from "./settings-page";
import { StatusFilter } from "./status-filter";

export function NewsletterTab({
  status,
  subscribers,
  campaigns,
}: {
  status: NewsletterStatus | undefined;
  subscribers: Awaited<ReturnType<typeof listNewsletterSubscribers>>;
  campaigns: ComponentProps<typeof NewsletterCampaigns>["campaigns"];
}) {
  const { t } = useTranslation("admin-settings");
  return (
    <>
      <NewsletterCampaigns campaigns={campaigns} />
      <SettingsSection
        id="newsletter-heading"
        title={t("newsletter.heading")}
        action={
          <a
            href={`/admin/settings/newsletter.csv${status ? `?status=${status}` : ""}`}
            download
            className={buttonClass("secondary", "text-sm")}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("newsletter.export")}
          </a>
        }
      >
        <StatusFilter
          tab="newsletter"
          statuses={newsletterStatuses}
          current={status}
          label={(value) => t(`newsletter.status.${value}`)}
        />
        {subscribers.rows.length === 0 ? (
          <EmptyList>{t("newsletter.empty")}</EmptyList>
        ) : (
          <DataTable
            caption={t("newsletter.heading")}
            columns={compactColumns([
              t("newsletter.email"),
              t("newsletter.statusLabel"),
              t("newsletter.language"),
              t("newsletter.since"),
            ])}
            scrollClassName="overflow-x-auto"
            tableClassName="w-full min-w-[36rem] text-left text-sm"
            headClassName="border-b border-slate-200 text-slate-700"
          >
            {subscribers.rows.map((subscriber) => (
              <tr key={subscriber.id}>
                <td className="py-2 pr-3 font-medium text-slate-900">{subscriber.email}</td>
                <td className="py-2 pr-3">{t(`newsletter.status.${subscriber.status}`)}</td>
                <td className="py-2 pr-3 uppercase">{subscriber.language}</td>
                <td className="py-2">{formatDateVi(subscriber.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pagination page={subscribers.page} pageSize={subscribers.pageSize} total={subscribers.total} />
      </SettingsSection>
    </>
  );
}
