// The admin's class list: one row per class with its dates, timetable, teacher, seats taken of
// its capacity, waitlist length and status, and the links to its roster, edit and delete.
import { Users } from "lucide-react";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { EditDeleteLinks } from "~/components/admin/row-actions";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import type { AdminClass } from "~/models/course-class.server";
import { type ClassStatus, formatClassTime, formatWeekdays } from "~/schemas/course-class";

const statusTone: Record<ClassStatus, string> = {
  open: "bg-green-50 text-green-800 ring-green-300",
  full: "bg-amber-50 text-amber-900 ring-amber-300",
  running: "bg-blue-50 text-blue-800 ring-blue-300",
  finished: "bg-slate-100 text-slate-700 ring-slate-300",
  cancelled: "bg-red-50 text-red-800 ring-red-300",
};

export function ClassStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin-classes");
  const tone = statusTone[status as ClassStatus] ?? statusTone.finished;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** "B1 — Tiếng Đức trung cấp B1, khai giảng 05/01/2027": how a link or a dialog names a class. */
export function useClassName() {
  const { t } = useTranslation("admin-classes");
  return (courseClass: Pick<AdminClass, "courseLevel" | "courseTitle" | "startsOn">) =>
    t("name", {
      course: `${courseClass.courseLevel} — ${courseClass.courseTitle}`,
      date: formatDateVi(courseClass.startsOn),
    });
}

export function ClassTable({ classes }: { classes: readonly AdminClass[] }) {
  const { t } = useTranslation("admin-classes");
  // The weekdays' names are the public schedule's.
  useTranslation("schedule");
  const nameOf = useClassName();
  const cell = "px-3 py-3 font-semibold";
  return (
    <DataTable
      caption={t("caption")}
      columns={[
        { label: t("columns.course"), className: "px-4 py-3 font-semibold" },
        { label: t("columns.startsOn"), className: cell },
        { label: t("columns.weekdays"), className: cell },
        { label: t("columns.time"), className: cell },
        { label: t("columns.teacher"), className: cell },
        { label: t("columns.seats"), className: `${cell} text-right` },
        { label: t("columns.waitlist"), className: `${cell} text-right` },
        { label: t("columns.status"), className: cell },
        { label: t("columns.actions"), className: "px-4 py-3 text-right font-semibold" },
      ]}
      scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tableClassName="w-full min-w-[60rem] text-left text-sm"
      headClassName="border-b border-slate-200 bg-slate-50 text-slate-700"
      bodyClassName="divide-y divide-slate-200"
    >
      {classes.map((courseClass) => {
        const name = nameOf(courseClass);
        return (
          <tr key={courseClass.id} className="align-middle">
            <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
              {courseClass.courseLevel} — {courseClass.courseTitle}
            </th>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatDateVi(courseClass.startsOn)}
            </td>
            <td className="px-3 py-3 text-slate-700">{formatWeekdays(t, courseClass.weekdays)}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">
              {formatClassTime(courseClass.startTime, courseClass.endTime)}
            </td>
            <td className="px-3 py-3 text-slate-700">{courseClass.teacherName ?? t("noTeacher")}</td>
            <td className="px-3 py-3 text-right text-slate-700 tabular-nums">
              {t("seats", { taken: courseClass.seatsTaken, capacity: courseClass.capacity })}
            </td>
            <td className="px-3 py-3 text-right text-slate-700 tabular-nums">{courseClass.waitlistLength}</td>
            <td className="px-3 py-3">
              <ClassStatusBadge status={courseClass.status} />
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-2">
                <Link
                  to={`/admin/classes/${courseClass.id}`}
                  aria-label={t("rosterLink", { name })}
                  className={buttonClass("secondary", "px-3")}
                >
                  <Users aria-hidden="true" className="size-4" />
                </Link>
                <EditDeleteLinks
                  id={courseClass.id}
                  editLabel={t("edit", { name })}
                  deleteLabel={t("delete", { name })}
                />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
