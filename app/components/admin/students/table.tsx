// The students table and its pager. Each name opens the detail panel (?id=… on the same URL, so
// the filter and page stay as they are).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import { formatWeekdays } from "~/schemas/course-class";
import { type StudentListQuery, studentListParams } from "~/schemas/enrollment-admin";
import { DataTable } from "../data-table";
import type { StudentDetail } from "./detail-panel";
import { courseLabel, scheduleLabel } from "./labels";
import { PaymentBadge, StatusBadge } from "./status-badge";

/** What the table shows of an enrolment: a part of what its detail panel shows. */
export type StudentRow = Pick<
  StudentDetail,
  | "id"
  | "fullName"
  | "phone"
  | "email"
  | "course"
  | "courseTitle"
  | "schedule"
  | "status"
  | "paymentStatus"
  | "paymentReference"
  | "createdAt"
> & {
  /** The class chosen (ADR 026), none for "no class yet". */
  classStartsOn: string | null;
  classWeekdays: number[] | null;
};

export function detailHref(query: StudentListQuery, page: number, id: string) {
  const params = studentListParams(query, { page });
  params.set("id", id);
  return `?${params}`;
}

export function StudentsTable({
  rows,
  query,
  page,
}: {
  rows: readonly StudentRow[];
  query: StudentListQuery;
  page: number;
}) {
  const { t } = useTranslation("admin-students");
  const { t: te } = useTranslation("enroll");
  const { t: tc } = useTranslation("admin-classes");
  // The weekdays' names are the public schedule's.
  useTranslation("schedule");
  const head = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  return (
    <DataTable
      caption={t("table.caption")}
      columns={[
        ...(["name", "contact", "course"] as const).map((column) => t(`table.${column}`)),
        tc("students.column"),
        ...(["date", "status", "payment"] as const).map((column) => t(`table.${column}`)),
      ].map((label) => ({ label, className: head }))}
      scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tableClassName="min-w-full divide-y divide-slate-200 text-sm"
      headClassName="bg-slate-50"
    >
      {rows.map((row) => (
        <tr key={row.id} className="hover:bg-slate-50">
          <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap">
            <Link
              to={detailHref(query, page, row.id)}
              preventScrollReset
              className="text-blue-800 underline-offset-2 hover:underline"
            >
              {row.fullName}
            </Link>
          </th>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            <div className="whitespace-nowrap">{row.phone}</div>
            <div className="text-slate-600">{row.email}</div>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            <div>{courseLabel(te, row.course, row.courseTitle)}</div>
            <div className="text-slate-600">{scheduleLabel(te, row.schedule)}</div>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            {row.classStartsOn ? (
              <>
                <div>{formatDateVi(row.classStartsOn)}</div>
                <div className="text-slate-600">{formatWeekdays(tc, row.classWeekdays ?? [])}</div>
              </>
            ) : (
              <span className="text-slate-600">{tc("students.noClass")}</span>
            )}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateVi(row.createdAt)}</td>
          <td className="px-4 py-3">
            <StatusBadge status={row.status} />
          </td>
          <td className="px-4 py-3">
            <PaymentBadge status={row.paymentStatus} />
            <div className="mt-1 font-mono text-xs text-slate-600">{row.paymentReference}</div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function StudentsPager({
  query,
  page,
  pageCount,
}: {
  query: StudentListQuery;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation("admin-students");
  if (pageCount <= 1) return null;
  const href = (target: number) => `?${studentListParams(query, { page: target })}`;
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label={t("pager.label")} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClass("secondary")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("pager.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className={buttonClass("secondary", disabled)}>
          <ChevronLeft className="size-4" />
          {t("pager.previous")}
        </span>
      )}
      <p className="text-sm text-slate-700" aria-current="page">
        {t("pager.page", { page, pageCount })}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={buttonClass("secondary")}>
          {t("pager.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-hidden="true" className={buttonClass("secondary", disabled)}>
          {t("pager.next")}
          <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
