// A message's status as a labelled pill (the text says it; the colour only helps), and the
// response time in words.
import { useTranslation } from "~/i18n/react";
import { formatElapsed } from "~/lib/format";
import { PROMISED_RESPONSE_SECONDS } from "~/schemas/analytics";

const tones: Record<string, string> = {
  new: "bg-blue-50 text-blue-800 ring-blue-200",
  answered: "bg-green-50 text-green-800 ring-green-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function MessageStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin-messages");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tones[status] ?? tones.new}`}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

export function ResponseTime({ seconds }: { seconds: number }) {
  const { t, language } = useTranslation("admin-messages");
  const text = seconds < 60 ? t("duration.underMinute") : formatElapsed(seconds, language);
  const kept = seconds <= PROMISED_RESPONSE_SECONDS;
  return (
    <span>
      {text}{" "}
      <span className={kept ? "text-green-800" : "font-medium text-red-800"}>
        ({kept ? t("pane.withinPromise") : t("pane.overPromise")})
      </span>
    </span>
  );
}
