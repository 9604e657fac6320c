// Settings › Newsletter: the subscribers by status, and their export as CSV.
import { Download } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import type { listNewsletterSubscribers } from "~/models/newsletter.server";
import { type NewsletterStatus, newsletterStatuses } from "~/schemas/domain";
import { buttonClass } from "../../ui/button";
import { Pagination } from "../pagination";
import { SettingsSection } from "./settings-page";
import { StatusFilter } from "./status-filter";

export function NewsletterTab({
  status,
  subscribers,
}: {
  status: NewsletterStatus | undefined;
  subscribers: Awaited<ReturnType<typeof listNewsletterSubscribers>>;
}) {
  const { t } = useTranslation("admin-settings");
  return (
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
        <p className="py-6 text-center text-slate-600">{t("newsletter.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("newsletter.heading")}</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.email")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.statusLabel")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.language")}
                </th>
                <th scope="col" className="py-2">
                  {t("newsletter.since")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {subscribers.rows.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="py-2 pr-3 font-medium text-slate-900">{subscriber.email}</td>
                  <td className="py-2 pr-3">{t(`newsletter.status.${subscriber.status}`)}</td>
                  <td className="py-2 pr-3 uppercase">{subscriber.language}</td>
                  <td className="py-2">{formatDateVi(subscriber.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={subscribers.page} pageSize={subscribers.pageSize} total={subscribers.total} />
    </SettingsSection>
  );
}
