// The enrolment funnel: how many of the period's enrolments reached each step of the pipeline,
// as a share of the step before and of all of them.
import { useTranslation } from "~/i18n/react";
import { formatShare } from "~/lib/format";
import type { Analytics } from "~/models/analytics.server";
import { compactColumns, DataTable } from "../data-table";
import { AnalyticsCard } from "./card";

export function FunnelTable({ funnel }: { funnel: Analytics["funnel"] }) {
  const { t, language } = useTranslation("admin-analytics");
  const steps = [
    { key: "total", label: t("funnel.new"), value: funnel.total, previous: undefined },
    { key: "contacted", label: t("funnel.contacted"), value: funnel.contacted, previous: funnel.total },
    { key: "trial", label: t("funnel.trial"), value: funnel.trial, previous: funnel.contacted },
    { key: "enrolled", label: t("funnel.enrolled"), value: funnel.enrolled, previous: funnel.trial },
  ];
  return (
    <AnalyticsCard id="funnel-heading" title={t("funnel.heading")}>
      <p className="mb-3 text-sm text-slate-700">{t("funnel.intro")}</p>
      <DataTable
        caption={t("funnel.heading")}
        columns={[
          { label: t("funnel.step"), className: "py-2 pr-3" },
          ...compactColumns(
            [t("enrollments.count"), t("funnel.fromPrevious"), t("funnel.fromStart")],
            "text-right",
          ),
        ]}
        tableClassName="w-full text-left text-sm"
        // The German headings are single long words: hyphenated, or broken, to fit a phone.
        headClassName="border-b border-slate-200 text-slate-700 hyphens-auto [overflow-wrap:anywhere]"
      >
        {steps.map((step) => (
          <tr key={step.key}>
            <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
              {step.label}
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                <div
                  className="h-2 rounded-full bg-emerald-700"
                  style={{ width: `${funnel.total ? (step.value / funnel.total) * 100 : 0}%` }}
                />
              </div>
            </th>
            <td className="py-2 pr-3 text-right font-semibold">{step.value}</td>
            <td className="py-2 pr-3 text-right">
              {step.previous === undefined ? "—" : formatShare(step.value, step.previous, language)}
            </td>
            <td className="py-2 text-right">{formatShare(step.value, funnel.total, language)}</td>
          </tr>
        ))}
      </DataTable>
      <p className="mt-3 text-sm text-slate-700">{t("funnel.cancelled", { count: funnel.cancelled })}</p>
    </AnalyticsCard>
  );
}
