// How fast contact questions were answered, against the response time the school states
// (spec §9: two hours).
import { useTranslation } from "~/i18n/react";
import { formatDuration, formatShare } from "~/lib/format";
import type { Analytics } from "~/models/analytics.server";
import { PROMISED_RESPONSE_SECONDS } from "~/schemas/analytics";
import { AnalyticsCard } from "./card";

export function ResponseTimes({ responses }: { responses: Analytics["responses"] }) {
  const { t, language } = useTranslation("admin-analytics");
  const median = responses.medianSeconds;
  return (
    <AnalyticsCard id="response-heading" title={t("response.heading")}>
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-700">{t("response.median")}</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {median === null ? "—" : formatDuration(median, language)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t("response.promise")}</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {formatDuration(PROMISED_RESPONSE_SECONDS, language)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t("response.answered")}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {responses.answered}/{responses.total}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t("response.withinPromise")}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {formatShare(responses.withinPromise, responses.answered, language)}
          </dd>
        </div>
      </dl>
      {median !== null && (
        <p
          className={`mt-3 text-sm font-medium ${median <= PROMISED_RESPONSE_SECONDS ? "text-green-800" : "text-red-800"}`}
        >
          {median <= PROMISED_RESPONSE_SECONDS ? t("response.kept") : t("response.missed")}
        </p>
      )}
    </AnalyticsCard>
  );
}
