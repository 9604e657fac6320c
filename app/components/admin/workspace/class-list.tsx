// The teacher's classes as cards: big enough to tap on a phone, each leading to its sessions.
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ClassStatusBadge, useClassName } from "~/components/admin/classes/class-table";
import { useTranslation } from "~/i18n/react";
import type { AdminClass } from "~/models/course-class.server";
import { formatClassTime, formatWeekdays } from "~/schemas/course-class";

export function WorkspaceClassList({ classes }: { classes: readonly AdminClass[] }) {
  const { t } = useTranslation("admin-workspace");
  const { t: tc } = useTranslation("admin-classes");
  useTranslation("schedule");
  const nameOf = useClassName();
  if (classes.length === 0)
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
        {t("empty")}
      </p>
    );
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {classes.map((courseClass) => (
        <li key={courseClass.id}>
          <Link
            to={`/admin/my-classes/${courseClass.id}`}
            className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-blue-400"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-semibold text-slate-900">{nameOf(courseClass)}</p>
              <p className="text-sm text-slate-700">
                {formatWeekdays(tc, courseClass.weekdays)} ·{" "}
                {formatClassTime(courseClass.startTime, courseClass.endTime)}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <ClassStatusBadge status={courseClass.status} />
                {t("learners", { count: courseClass.seatsTaken })}
                {courseClass.teacherName && <span>· {courseClass.teacherName}</span>}
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
