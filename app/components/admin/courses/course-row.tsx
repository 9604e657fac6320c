import { levelName } from "~/components/site/courses/level-name";
import { useTranslation } from "~/i18n/react";
import { courseHref } from "~/lib/course-address";
import { courseState } from "~/lib/course-schedule";
import { formatDateTimeVi, formatPriceVnd } from "~/lib/format";
import type { AdminCourse } from "~/models/course.server";
import { ContentLanguageBadges } from "../content-language/content-language-switch";
import { EditDeleteLinks } from "../row-actions";
import { SwitchForm, useSwitchValue } from "../switch-form";

/** `canManage`: opening and closing a course and deleting it are an admin's (ADR 047); an editor
 * sees its state and opens its texts. */
export function CourseRow({ course, canManage }: { course: AdminCourse; canManage: boolean }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  const active = useSwitchValue(course.id, "toggle-active", "active", course.active);
  // Open, closed, or open from a time still ahead (ADR 057); the switch closes a scheduled one.
  const state = courseState({ active, publishAt: active ? course.publishAt : null });
  const stateLabel =
    state === "scheduled"
      ? t("courses.state.scheduled", { time: formatDateTimeVi(course.publishAt!) })
      : t(`courses.state.${state}`);
  const stateTone = {
    open: "bg-green-50 text-green-800 ring-green-300",
    scheduled: "bg-amber-50 text-amber-900 ring-amber-300",
    closed: "bg-slate-100 text-slate-700 ring-slate-300",
  }[state];
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 font-bold text-white">
        {course.level}
      </span>
      <div className="min-w-0 grow basis-48">
        <p className="font-semibold text-slate-900">{course.title}</p>
        <p className="text-xs break-all text-slate-600">{courseHref(course.slug)}</p>
        <p className="text-sm text-slate-600">
          {levelName(tc, course.level)} · {formatPriceVnd(course.price)} · {course.duration} ·{" "}
          {course.lessons}
        </p>
      </div>
      <ContentLanguageBadges present={course.languages} />
      {canManage ? (
        <SwitchForm
          id={course.id}
          intent="toggle-active"
          field="active"
          on={active}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${stateTone}`}
        >
          {stateLabel}
          <span className="sr-only"> ({active ? t("courses.toggleClose") : t("courses.toggleOpen")})</span>
        </SwitchForm>
      ) : (
        <span className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${stateTone}`}>
          {stateLabel}
        </span>
      )}
      <div className="flex gap-2">
        <EditDeleteLinks
          id={course.id}
          editLabel={t("courses.edit", { title: course.title })}
          deleteLabel={canManage ? t("courses.delete", { title: course.title }) : undefined}
        />
      </div>
    </li>
  );
}
