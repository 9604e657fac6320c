// A message's status as a labelled pill (the text says it; the colour only helps), and the
// response time in words.
import { useTranslation } from "~/i18n/react";

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

/** spec §9: the contact page promises an answer within 2 hours. */
export const PROMISED_RESPONSE_SECONDS = 2 * 60 * 60;

export function ResponseTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation("admin-messages");
  const minutes = Math.floor(seconds / 60) % 60;
  const hours = Math.floor(seconds / 3600) % 24;
  const days = Math.floor(seconds / 86_400);
  const text =
    seconds < 60
      ? t("duration.underMinute")
      : days > 0
        ? t("duration.days", { days, hours })
        : hours > 0
          ? t("duration.hours", { hours, minutes })
          : t("duration.minutes", { minutes });
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
