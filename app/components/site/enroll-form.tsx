// The /enroll form (spec §2 Enrol, §4 Enrolment form, §5): a public form whose pending label is
// "Đang xử lý...", leading to the success screen.
import { useMemo } from "react";
import { optionsOf, SelectField, TextAreaField } from "~/components/forms/fields";
import { PublicForm, type PublicFormProps, usePublicForm } from "~/components/site/public-form";
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
export type EnrollmentRecap = {
  email: string;
  course: string;
  schedule: string;
};

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
  ...props
}: PublicFormProps<EnrollmentRecap> & { courses: CourseChoice[]; defaultCourse: string | undefined }) {
  const { t } = useTranslation("enroll");
  const schema = useMemo(() => enrollmentSchema(courses), [courses]);
  const state = usePublicForm(schema, "enroll", props, {
    recap: ["email", "course", "schedule"],
    defaultValue: { course: defaultCourse, fullName: props.prefill?.name, email: props.prefill?.email },
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

  // A choice with its own placeholder is required; the others may stay unanswered.
  const choice = (
    name: "schedule" | "experience" | "hearAbout",
    options: { value: string; label: string }[],
    requiredPlaceholder?: string,
  ) => (
    <SelectField
      label={t(`fields.${name}`)}
      field={fields[name]}
      placeholder={t(requiredPlaceholder ?? "form.optionalPlaceholder")}
      options={options}
      required={requiredPlaceholder !== undefined}
    />
  );

  return (
    <PublicForm state={state} person={{ name: fields.fullName, phone: fields.phone, email: fields.email }}>
      <SelectField
        label={t("fields.course")}
        field={fields.course}
        placeholder={t("form.coursePlaceholder")}
        options={courseOptions}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {choice(
          "schedule",
          optionsOf(enrollmentSchedules, (value) => t(`schedules.${value}`)),
          "form.schedulePlaceholder",
        )}
        {choice(
          "experience",
          optionsOf(enrollmentExperiences, (value) => t(`experiences.${value}`)),
        )}
      </div>
      {choice(
        "hearAbout",
        optionsOf(hearAboutSources, (value) => t(`hearAbout.${value}`)),
      )}
      <TextAreaField
        label={t("fields.goals")}
        field={fields.goals}
        placeholder={t("form.goalsPlaceholder")}
        maxLength={LONG_TEXT_MAX_LENGTH}
      />
    </PublicForm>
  );
}
