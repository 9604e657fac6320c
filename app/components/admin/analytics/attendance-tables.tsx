// Analytics: "Chuyên cần" (issue 30, ADR 048): each running and finished class's attendance
// rate and sessions held, and "Cần gọi điện", the learners of running classes absent from their
// last two sessions, with their phone, for a consultant to call. Now, not in the chosen period.
import { Link } from "react-router";
import { AnalyticsCard } from "~/components/admin/analytics/card";
import { ClassStatusBadge } from "~/components/admin/classes/class-table";
import { compactColumns, DataTable, EmptyList } from "~/components/admin/data-table";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatShare } from "~/lib/format";
import type { ClassAttendanceRate, LearnerToCall } from "~/models/attendance-report.server";

const table = {
  tableClassName: "w-full min-w-[28rem] text-left text-sm",
  headClassName: "border-b border-slate-200 text-slate-700",
};

export function ClassAttendanceTable({ classes }: { classes: readonly ClassAttendanceRate[] }) {
  const { t, language } = useTranslation("attendance-report");
  const label = useClassLabel();
  return (
    <AnalyticsCard id="attendance-heading" title={t("analytics.heading")}>
      <p className="mb-3 text-sm text-slate-600">{t("analytics.intro")}</p>
      {classes.length === 0 ? (
        <EmptyList>{t("analytics.empty")}</EmptyList>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("analytics.heading")}
            columns={[
              { label: t("analytics.class"), className: "py-2 pr-3" },
              { label: t("analytics.status"), className: "py-2 pr-3" },
              ...compactColumns([t("analytics.sessionsHeld"), t("analytics.rate")], "text-right"),
            ]}
            {...table}
          >
            {classes.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  <Link
                    to={`/admin/classes/${row.id}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {label(row)}
                  </Link>
                </th>
                <td className="py-2 pr-3">
                  <ClassStatusBadge status={row.status} />
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.sessionsHeld}</td>
                <td className="py-2 text-right font-semibold tabular-nums">
                  {row.rate === null ? (
                    <span className="font-normal text-slate-600">{t("analytics.noRate")}</span>
                  ) : (
                    formatShare(row.rate, 1, language)
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AnalyticsCard>
  );
}

export function LearnersToCallTable({ learners }: { learners: readonly LearnerToCall[] }) {
  const { t } = useTranslation("attendance-report");
  const label = useClassLabel();
  return (
    <AnalyticsCard id="call-heading" title={t("call.heading")}>
      <p className="mb-3 text-sm text-slate-600">{t("call.intro")}</p>
      {learners.length === 0 ? (
        <EmptyList>{t("call.empty")}</EmptyList>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("call.heading")}
            columns={[
              { label: t("call.name"), className: "py-2 pr-3" },
              { label: t("call.phone"), className: "py-2 pr-3" },
              { label: t("call.class"), className: "py-2 pr-3" },
              ...compactColumns([t("call.lastAbsent")], "text-right"),
            ]}
            {...table}
          >
            {learners.map((row) => (
              <tr key={row.enrollmentId}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  <Link
                    to={`/admin/students?id=${row.enrollmentId}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {row.fullName}
                  </Link>
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">
                  <a
                    href={`tel:${row.phone.replace(/[^\d+]/g, "")}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {row.phone}
                  </a>
                </td>
                <td className="py-2 pr-3">
                  <Link
                    to={`/admin/classes/${row.classId}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {label(row)}
                  </Link>
                </td>
                <td className="py-2 text-right tabular-nums">{formatDateVi(row.lastAbsentOn)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AnalyticsCard>
  );
}

/** A class as the admin's lists name it: "B1 — …, khai giảng 02/12/2026". */
function useClassLabel() {
  const { t } = useTranslation("admin-classes");
  return (row: { courseLevel: string; courseTitle: string; startsOn: string }) =>
    t("admin-classes:name", {
      course: `${row.courseLevel} — ${row.courseTitle}`,
      date: formatDateVi(row.startsOn),
    });
}
