import { optionsOf, SelectField, TextField } from "~/components/forms/fields";
import { FilterForm, FilterSelects } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import type { CourseFilterChoice } from "~/models/course.server";
import type { ClassChoice } from "~/models/course-class.server";
import { formatWeekdays } from "~/schemas/course-class";
import { CONSULTATION_COURSE, enrollmentSchedules, hearAboutSources } from "~/schemas/domain";
import {
  enrollmentStatuses,
  SEARCH_MAX_LENGTH,
  type StudentListQuery,
  studentSorts,
} from "~/schemas/enrollment-admin";
import { courseLabel, hearAboutLabel, scheduleLabel } from "./labels";

/** How many filters narrow the list; the sort order is how it is read, not a filter. */
export function activeFilterCount(query: StudentListQuery) {
  return [
    query.q,
    query.status,
    query.course,
    query.class,
    query.schedule,
    query.hearAbout,
    query.from,
    query.to,
  ].filter(Boolean).length;
}

export function StudentFilters({
  query,
  classes,
  courses,
}: {
  query: StudentListQuery;
  classes: readonly ClassChoice[];
  /** Every course: the filter lists courses, not levels (two B1 courses are two choices). */
  courses: readonly CourseFilterChoice[];
}) {
  const { t } = useTranslation("admin-students");
  const { t: te } = useTranslation("enroll");
  const { t: tc } = useTranslation("admin-classes");
  // The weekdays' names are the public schedule's.
  useTranslation("schedule");
  return (
    <FilterForm
      namespace="admin-students"
      query={query}
      searchMaxLength={SEARCH_MAX_LENGTH}
      layout="columns"
      resetTo="/admin/students"
      collapsedOnPhone={{ active: activeFilterCount(query) }}
      choices={{
        status: optionsOf(enrollmentStatuses, (value) => t(`status.${value}`)),
        course: [
          ...courses.map((course) => ({ value: course.id, label: `${course.level} – ${course.title}` })),
          { value: CONSULTATION_COURSE, label: courseLabel(te, CONSULTATION_COURSE) },
        ],
        schedule: optionsOf(enrollmentSchedules, (value) => scheduleLabel(te, value)),
        hearAbout: optionsOf(hearAboutSources, (value) => hearAboutLabel(te, value)),
      }}
    >
      <SelectField
        label={tc("students.filter")}
        name="class"
        defaultValue={query.class ?? ""}
        placeholder={t("filters.all")}
        options={classes.map((option) => ({
          value: option.id,
          label: `${option.courseLevel} · ${formatDateVi(option.startsOn)} · ${formatWeekdays(tc, option.weekdays)}`,
        }))}
      />
      <TextField label={t("filters.from")} name="from" type="date" defaultValue={query.from ?? ""} />
      <TextField label={t("filters.to")} name="to" type="date" defaultValue={query.to ?? ""} />
      <FilterSelects
        query={query}
        labelOf={(name) => t(`filters.${name}`)}
        choices={{ sort: optionsOf(studentSorts, (value) => t(`sort.${value}`)) }}
      />
    </FilterForm>
  );
}
