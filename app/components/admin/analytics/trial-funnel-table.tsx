// The trial lesson's funnel (issue 29, ADR 046): of the trial bookings made in the period, how
// many were attended, became an enrolment and were paid, per month and source. One table: a group
// of rows per month (its sources under the month's total), and last the whole period's group.
// Each step's share is of the step before, as the enrolment funnel's "from previous step".
import type { ReactNode } from "react";
import { EmptyList } from "~/components/admin/data-table";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { formatShare } from "~/lib/format";
import type { TrialFunnel, TrialFunnelCounts } from "~/models/analytics.server";
import { AnalyticsCard } from "./card";
import { monthLabel } from "./revenue-table";

const STEPS = ["booked", "attended", "enrolled", "paid"] as const;

interface Group {
  key: string;
  label: string;
  total: TrialFunnelCounts;
  sources: (TrialFunnelCounts & { source: string })[];
}

export function TrialFunnelTable({ funnel }: { funnel: TrialFunnel }) {
  const { t } = useTranslation("admin-analytics");
  const groups: Group[] = [
    ...funnel.months.map((month) => ({
      key: month.month,
      label: monthLabel(month.month),
      total: month,
      sources: funnel.cells.filter((cell) => cell.month === month.month),
    })),
    { key: "period", label: t("trialFunnel.period"), total: funnel.total, sources: funnel.sources },
  ];
  return (
    <AnalyticsCard id="trial-funnel-heading" title={t("trialFunnel.heading")}>
      <p className="mb-3 text-sm text-slate-700">{t("trialFunnel.intro")}</p>
      {funnel.total.booked === 0 ? (
        <EmptyList>{t("trialFunnel.empty")}</EmptyList>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("trialFunnel.caption")}</caption>
            <thead className="border-b border-slate-200 text-slate-700 hyphens-auto [overflow-wrap:anywhere]">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("trialFunnel.month")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("trialFunnel.source")}
                </th>
                {[...STEPS, "cancelled" as const].map((step, index, all) => (
                  <th
                    key={step}
                    scope="col"
                    className={index === all.length - 1 ? "py-2 text-right" : "py-2 pr-3 text-right"}
                  >
                    {t(`trialFunnel.${step}`)}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.key} className="border-b border-slate-200 last:border-b-0">
                <tr className="bg-slate-50">
                  <th
                    scope="rowgroup"
                    rowSpan={group.sources.length + 1}
                    className="py-2 pr-3 align-top font-semibold whitespace-nowrap text-slate-900"
                  >
                    {group.label}
                  </th>
                  <CountsRow label={t("trialFunnel.allSources")} counts={group.total} strong />
                </tr>
                {group.sources.map((source) => (
                  <tr key={source.source}>
                    <CountsRow label={<SourceLabel source={source.source} />} counts={source} />
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </AnalyticsCard>
  );
}

function SourceLabel({ source }: { source: string }) {
  const { t } = useTranslation("trial");
  return <>{t(`sources.${source}`, { defaultValue: source })}</>;
}

/** A row's header and its counts: each step with its share of the step before. */
function CountsRow({
  label,
  counts,
  strong = false,
}: {
  label: ReactNode;
  counts: TrialFunnelCounts;
  strong?: boolean;
}) {
  const { t, language } = useTranslation("admin-analytics");
  return (
    <>
      <th scope="row" className={`py-2 pr-3 ${strong ? "font-semibold" : "font-medium"} text-slate-900`}>
        {label}
      </th>
      {STEPS.map((step, index) => (
        <td key={step} className="py-2 pr-3 text-right tabular-nums">
          <span className={strong ? "font-semibold" : undefined}>{counts[step]}</span>
          {index > 0 && (
            <Share t={t} part={counts[step]} whole={counts[STEPS[index - 1]!]} language={language} />
          )}
        </td>
      ))}
      <td className="py-2 text-right tabular-nums">{counts.cancelled}</td>
    </>
  );
}

function Share({
  t,
  part,
  whole,
  language,
}: {
  t: TFunction;
  part: number;
  whole: number;
  language: Parameters<typeof formatShare>[2];
}) {
  const share = formatShare(part, whole, language);
  return (
    <span className="block text-xs text-slate-600">
      <span aria-hidden="true">({share})</span>
      <span className="sr-only">{t("trialFunnel.share", { share })}</span>
    </span>
  );
}
