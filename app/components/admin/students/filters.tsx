import { optionsOf, TextField } from "~/components/forms/fields";
import { FilterForm, FilterSelects } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { enrollmentSchedules, hearAboutSources } from "~/schemas/domain";
import {
  enrollmentCourseValues,
  enrollmentStatuses,
  SEARCH_MAX_LENGTH,
  type StudentListQuery,
  studentSorts,
} from "~/schemas/enrollment-admin";
import { courseLabel, hearAboutLabel, scheduleLabel } from "./labels";

/** How many filters narrow the list; the sort order is how it is read, not a filter. */
export function activeFilterCount(query: StudentListQuery) {
  return [query.q, query.status, query.course, query.schedule, query.hearAbout, query.from, query.to].filter(
    Boolean,
  ).length;
}

export function StudentFilters({ query }: { query: StudentListQuery }) {
  const { t } = useTranslation("admin-students");
  const { t: te } = useTranslation("enroll");
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
        course: optionsOf(enrollmentCourseValues, (value) => courseLabel(te, value)),
        schedule: optionsOf(enrollmentSchedules, (value) => scheduleLabel(te, value)),
        hearAbout: optionsOf(hearAboutSources, (value) => hearAboutLabel(te, value)),
      }}
    >
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
