// Analytics: the money received per course and month over the last 12 months (ADR 028), from the
// payments recorded — by hand or from a bank statement. Not bound to the page's chosen period:
// revenue is read by month.
import { AnalyticsCard } from "~/components/admin/analytics/card";
import { compactColumns, DataTable, EmptyList } from "~/components/admin/data-table";
import { courseLabel } from "~/components/admin/students/labels";
import { useTranslation } from "~/i18n/react";
import { formatPriceVnd } from "~/lib/format";
import type { revenueByCourseAndMonth } from "~/models/analytics.server";

type RevenueRow = Awaited<ReturnType<typeof revenueByCourseAndMonth>>[number];

/** "2026-11" → "11/2026", as the admin reads dates. */
export const monthLabel = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

export function RevenueTable({ rows }: { rows: readonly RevenueRow[] }) {
  const { t } = useTranslation("admin-payments");
  const { t: te } = useTranslation("enroll");
  return (
    <AnalyticsCard id="revenue-heading" title={t("revenue.heading")}>
      <p className="mb-3 text-sm text-slate-600">{t("revenue.intro")}</p>
      {rows.length === 0 ? (
        <EmptyList>{t("revenue.empty")}</EmptyList>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("revenue.heading")}
            columns={[
              { label: t("revenue.month"), className: "py-2 pr-3" },
              { label: t("revenue.course"), className: "py-2 pr-3" },
              ...compactColumns([t("revenue.count"), t("revenue.amount")], "text-right"),
            ]}
            tableClassName="w-full min-w-[28rem] text-left text-sm"
            headClassName="border-b border-slate-200 text-slate-700"
          >
            {rows.map((row) => (
              <tr key={`${row.month}|${row.course}|${row.courseTitle ?? ""}`}>
                <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap text-slate-900">
                  {monthLabel(row.month)}
                </th>
                <td className="py-2 pr-3">{courseLabel(te, row.course, row.courseTitle)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.count}</td>
                <td className="py-2 text-right font-semibold tabular-nums">{formatPriceVnd(row.amount)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AnalyticsCard>
  );
}
