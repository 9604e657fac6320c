// The /enroll form (spec §2 Enrol, §4 Enrolment form, §5): a public form whose pending label is
// "Đang xử lý...", leading to the success screen.
import { useMemo } from "react";
import { SelectField, TextAreaField } from "~/components/forms/fields";
import type { FormResult } from "~/components/forms/use-app-form";
import { PersonFields, PublicForm, usePublicForm } from "~/components/site/public-form";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { formatPriceVnd } from "~/lib/format";
import {
  CONSULTATION_COURSE,
  enrollmentExperiences,
  enrollmentSchedules,
  hearAboutSources,
} from "~/schemas/domain";
import { enrollmentSchema } from "~/schemas/enrollment";
import { LONG_TEXT_MAX_LENGTH } from "~/schemas/fields";

export interface CourseChoice {
  id: string;
  level: string;
  title: string;
  price: number;
}

/** What the success screen recaps of a sent enrolment (the form's values as sent). */
export interface EnrollmentRecap {
  email: string;
  course: string;
  schedule: string;
}

/** A course as the form and the success screen name it: "B1 (3.500.000đ) – Tiếng Đức trung cấp B1". */
export function courseChoiceLabel(tEnroll: TFunction, course: CourseChoice) {
  return tEnroll("form.courseOption", {
    level: course.level,
    title: course.title,
    price: formatPriceVnd(course.price),
  });
}

/** The courses by level, in the order given (the spec's level order): one group per level. */
function groupByLevel(courses: readonly CourseChoice[]) {
  const groups = new Map<string, CourseChoice[]>();
  for (const course of courses) groups.set(course.level, [...(groups.get(course.level) ?? []), course]);
  return [...groups];
}

export function EnrollmentForm({
  courses,
  defaultCourse,
  lastResult,
  formToken,
  onSent,
}: {
  courses: CourseChoice[];
  defaultCourse: string | undefined;
  lastResult: FormResult | undefined;
  /** issueFormToken's token, from the page's loader. */
  formToken: string;
  onSent: (sent: EnrollmentRecap) => void;
}) {
  const { t } = useTranslation("enroll");
  const schema = useMemo(() => enrollmentSchema(courses), [courses]);
  const state = usePublicForm(schema, {
    id: "enrollment",
    namespace: "enroll",
    endpoint: "/api/email/enrollment",
    lastResult,
    formToken,
    defaultValue: { course: defaultCourse },
    onSent: ({ email, course, schedule }) => onSent({ email, course, schedule }),
  });
  const { fields } = state;
  // Every open course, grouped by level, each with its price (two courses may share a level).
  const courseOptions = [
    ...groupByLevel(courses).map(([level, group]) => ({
      group: t("form.courseGroup", { level }),
      options: group.map((course) => ({
        value: course.id,
        label: courseChoiceLabel(t, course),
      })),
    })),
    { value: CONSULTATION_COURSE, label: t("form.consultation") },
  ];

  return (
    <PublicForm state={state}>
      <PersonFields
        name={fields.fullName}
        phone={fields.phone}
        email={fields.email}
        labels={{ name: t("fields.fullName"), phone: t("fields.phone"), email: t("fields.email") }}
      />
      <SelectField
        label={t("fields.course")}
        field={fields.course}
        placeholder={t("form.coursePlaceholder")}
        options={courseOptions}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t("fields.schedule")}
          field={fields.schedule}
          placeholder={t("form.schedulePlaceholder")}
          options={enrollmentSchedules.map((value) => ({ value, label: t(`schedules.${value}`) }))}
          required
        />
        <SelectField
          label={t("fields.experience")}
          field={fields.experience}
          placeholder={t("form.optionalPlaceholder")}
          options={enrollmentExperiences.map((value) => ({ value, label: t(`experiences.${value}`) }))}
        />
      </div>
      <SelectField
        label={t("fields.hearAbout")}
        field={fields.hearAbout}
        placeholder={t("form.optionalPlaceholder")}
        options={hearAboutSources.map((value) => ({ value, label: t(`hearAbout.${value}`) }))}
      />
      <TextAreaField
        label={t("fields.goals")}
        field={fields.goals}
        placeholder={t("form.goalsPlaceholder")}
        maxLength={LONG_TEXT_MAX_LENGTH}
      />
    </PublicForm>
  );
}
