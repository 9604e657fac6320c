// The students list's search and filters: a GET form, so the whole state is in the URL (bookmarks,
// Back, sharing a view with a colleague) and it works without JavaScript.
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
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

export function StudentFilters({ query }: { query: StudentListQuery }) {
  const { t } = useTranslation("admin-students");
  const { t: te } = useTranslation("enroll");
  const all = t("filters.all");
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filters.label")}
      // A new filter starts a new list: the form carries no page and no open panel.
      key={JSON.stringify(query)}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <TextField
          label={t("filters.search")}
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("filters.searchPlaceholder")}
        />
      </div>
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
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3 lg:justify-end">
        <Link to="/admin/students" className={buttonClass("secondary")}>
          {t("filters.reset")}
        </Link>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          {t("filters.apply")}
        </Button>
      </div>
    </Form>
  );
}
