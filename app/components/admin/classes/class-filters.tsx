import { optionsOf } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { CLASS_SEARCH_MAX_LENGTH, type ClassListQuery, classStatuses } from "~/schemas/course-class";
import type { ClassFormChoices } from "./class-dialog";

export function ClassFilters({
  query,
  courses,
}: {
  query: ClassListQuery;
  courses: ClassFormChoices["courses"];
}) {
  const { t } = useTranslation("admin-classes");
  const filtered = Boolean(query.q || query.course || query.status);
  return (
    <FilterForm
      namespace="admin-classes"
      query={query}
      searchMaxLength={CLASS_SEARCH_MAX_LENGTH}
      layout="row"
      resetTo={filtered ? "/admin/classes" : undefined}
      resetLast
      choices={{
        course: courses.map((course) => ({ value: course.id, label: `${course.level} — ${course.title}` })),
        status: optionsOf(classStatuses, (value) => t(`status.${value}`)),
      }}
    />
  );
}
