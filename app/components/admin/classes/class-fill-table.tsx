// Analytics: how full each class still ahead or running is (seats taken of its capacity) and how
// many wait for a seat; finished and cancelled classes are left out.
import { Link } from "react-router";
import { AnalyticsCard } from "~/components/admin/analytics/card";
import { compactColumns, DataTable, EmptyList } from "~/components/admin/data-table";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatShare } from "~/lib/format";
import type { listClassFillRates } from "~/models/course-class.server";

type FillRow = Awaited<ReturnType<typeof listClassFillRates>>[number];

export function ClassFillTable({ classes }: { classes: readonly FillRow[] }) {
  const { t, language } = useTranslation("admin-classes");
  return (
    <AnalyticsCard id="class-fill-heading" title={t("fill.heading")}>
      {classes.length === 0 ? (
        <EmptyList>{t("fill.empty")}</EmptyList>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption={t("fill.heading")}
            columns={[
              { label: t("fill.class"), className: "py-2 pr-3" },
              ...compactColumns([t("fill.seats"), t("fill.rate"), t("fill.waitlist")], "text-right"),
            ]}
            tableClassName="w-full min-w-[28rem] text-left text-sm"
            headClassName="border-b border-slate-200 text-slate-700"
          >
            {classes.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  <Link
                    to={`/admin/classes/${row.id}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {t("name", {
                      course: `${row.courseLevel} — ${row.courseTitle}`,
                      date: formatDateVi(row.startsOn),
                    })}
                  </Link>
                  <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                    <div
                      className="h-2 rounded-full bg-blue-700"
                      style={{ width: `${Math.min(100, (row.seatsTaken / row.capacity) * 100)}%` }}
                    />
                  </div>
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {t("seats", { taken: row.seatsTaken, capacity: row.capacity })}
                </td>
                <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                  {formatShare(row.seatsTaken, row.capacity, language)}
                </td>
                <td className="py-2 text-right tabular-nums">{row.waitlistLength}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AnalyticsCard>
  );
}
