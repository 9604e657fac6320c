// The enrolment funnel: how many of the period's enrolments reached each step of the pipeline,
// as a share of the step before and of all of them.
import { useTranslation } from "~/i18n/react";
import { formatShare } from "~/lib/format";
import type { Analytics } from "~/models/analytics.server";
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
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("funnel.heading")}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t("funnel.step")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("enrollments.count")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("funnel.fromPrevious")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("funnel.fromStart")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
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
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-700">{t("funnel.cancelled", { count: funnel.cancelled })}</p>
    </AnalyticsCard>
  );
}
