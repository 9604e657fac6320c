// Page links under an admin list (server-side pagination): previous, "page X of Y", next. Keeps
// every other search parameter (filters, tab) as it is.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "../ui/button";

export function Pagination({
  page,
  pageSize,
  total,
  param = "page",
}: {
  page: number;
  pageSize: number;
  total: number;
  param?: string;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(target));
    params.delete("done");
    return `?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="flex items-center justify-between gap-3 pt-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass("secondary", "px-3 text-sm")} rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">{t("pagination.status", { page, pages, total })}</p>
      {page < pages ? (
        <Link to={href(page + 1)} className={buttonClass("secondary", "px-3 text-sm")} rel="next">
          {t("pagination.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The page number of a URL: a positive whole number, else 1. */
export function pageParam(url: URL | string, param = "page") {
  const value = Number(new URL(url, "http://x").searchParams.get(param));
  return Number.isInteger(value) && value > 0 ? value : 1;
}
