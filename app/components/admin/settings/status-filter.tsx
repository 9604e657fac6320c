// The status chips of the outbox and newsletter tabs: links, so the filter lives in the URL.
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

export function StatusFilter<T extends string>({
  tab,
  statuses,
  current,
  label,
}: {
  /** The settings tab the chips filter. */
  tab: string;
  statuses: readonly T[];
  current: T | undefined;
  label: (status: T | "all") => string;
}) {
  const { t } = useTranslation("admin-settings");
  const chip = (status: T | undefined) => (
    <Link
      key={status ?? "all"}
      to={`?tab=${tab}${status ? `&status=${status}` : ""}`}
      aria-current={current === status ? "page" : undefined}
      className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
        current === status
          ? "bg-slate-900 text-white ring-slate-900"
          : "bg-white text-slate-700 ring-slate-300"
      }`}
    >
      {label(status ?? "all")}
    </Link>
  );
  return (
    <nav aria-label={t("filter")} className="flex flex-wrap gap-2">
      {chip(undefined)}
      {statuses.map((status) => chip(status))}
    </nav>
  );
}
