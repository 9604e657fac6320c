import { SelectField, TextField } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
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
  const all = t("filters.all");
  return (
    <FilterForm
      namespace="admin-students"
      query={JSON.stringify(query)}
      search={{ value: query.q ?? "", maxLength: SEARCH_MAX_LENGTH }}
      layout={{
        grid: "lg:grid-cols-4",
        search: "sm:col-span-2",
        actions: "sm:col-span-2 lg:col-span-3 lg:justify-end",
      }}
      resetTo="/admin/students"
      collapsedOnPhone={{ active: activeFilterCount(query) }}
    >
      <SelectField
        label={t("filters.status")}
        name="status"
        defaultValue={query.status ?? ""}
        placeholder={all}
        options={enrollmentStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
      <SelectField
        label={t("filters.course")}
        name="course"
        defaultValue={query.course ?? ""}
        placeholder={all}
        options={enrollmentCourseValues.map((value) => ({ value, label: courseLabel(te, value) }))}
      />
      <SelectField
        label={t("filters.schedule")}
        name="schedule"
        defaultValue={query.schedule ?? ""}
        placeholder={all}
        options={enrollmentSchedules.map((value) => ({ value, label: scheduleLabel(te, value) }))}
      />
      <SelectField
        label={t("filters.hearAbout")}
        name="hearAbout"
        defaultValue={query.hearAbout ?? ""}
        placeholder={all}
        options={hearAboutSources.map((value) => ({ value, label: hearAboutLabel(te, value) }))}
      />
      <TextField label={t("filters.from")} name="from" type="date" defaultValue={query.from ?? ""} />
      <TextField label={t("filters.to")} name="to" type="date" defaultValue={query.to ?? ""} />
      <SelectField
        label={t("filters.sort")}
        name="sort"
        defaultValue={query.sort}
        options={studentSorts.map((value) => ({ value, label: t(`sort.${value}`) }))}
      />
    </FilterForm>
  );
}
