// The /enroll form (spec §2 Enrol, §4 Enrolment form, §5): a public form whose pending label is
// "Đang xử lý...", leading to the success screen.
import { useMemo } from "react";
import { type FieldBinding, optionsOf, SelectField, TextAreaField } from "~/components/forms/fields";
import { PublicForm, type PublicFormProps, usePublicForm } from "~/components/site/public-form";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { findChosenCourse } from "~/lib/chosen-course";
import { type ClassWhen, describeClassWhen, describeSeats } from "~/lib/class-dates";
import { formatPriceVnd } from "~/lib/format";
import { type PaymentRecap, paymentRecapFields } from "~/lib/payment-details";
import {
  CONSULTATION_COURSE,
  enrollmentExperiences,
  enrollmentSchedules,
  hearAboutSources,
} from "~/schemas/domain";
import { LONG_TEXT_MAX_LENGTH } from "~/schemas/field-limits";

export interface CourseChoice {
  id: string;
  level: string;
  title: string;
  price: number;
}

/** A class the form offers: of an open course, taking enrolments, with its seats left. */
export interface ClassChoice extends ClassWhen {
  id: string;
  courseId: string;
  seatsLeft: number;
  full: boolean;
}

/** What the success screen recaps of a sent enrolment (the form's values as sent, and where the
 * server placed it: `waitlistPosition` when its class was full; how to pay, ADR 028). */
export type EnrollmentRecap = {
  email: string;
  course: string;
  classId: string;
  schedule: string;
  waitlistPosition?: string;
  /** The enrolment's lifecycle stage when the screen speaks of paying (ADR 033). */
  paymentStage?: string;
  /** While the fee is owed: what the screen asks with whether the money has arrived (issue 31). */
  paymentStatusToken?: string;
} & PaymentRecap;

/** The form's fields the success screen recaps; the server adds `waitlistPosition`. */
export const enrollmentRecapFields = ["email", "course", "classId", "schedule"] as const;

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
  classes,
  defaultCourse,
  defaultClass,
  ...props
}: PublicFormProps<EnrollmentRecap> & {
  courses: CourseChoice[];
  classes: ClassChoice[];
  defaultCourse: string | undefined;
  defaultClass: string | undefined;
}) {
  const { t } = useTranslation("enroll");
  // The schema's own import: loaded on the form's first use (ADR 058).
  const schema = useMemo(
    () => () =>
      import("~/schemas/enrollment").then(({ enrollmentSchema }) => enrollmentSchema(courses, classes)),
    [courses, classes],
  );
  const state = usePublicForm(schema, "enroll", props, {
    recap: [
      ...enrollmentRecapFields,
      "waitlistPosition",
      "paymentStage",
      ...paymentRecapFields,
      "paymentStatusToken",
    ],
    defaultValue: {
      course: defaultCourse,
      classId: defaultClass,
      fullName: props.prefill?.name,
      email: props.prefill?.email,
    },
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
      <ClassSelect courses={courses} classes={classes} field={fields.classId} course={fields.course.value} />
      <div className="grid gap-5 sm:grid-cols-2">
        {/* A class chosen is its schedule: the preference is asked only without one. */}
        {!fields.classId.value &&
          choice(
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

/** The chosen course's classes, soonest first, with their seats; "no class yet" is the default.
 * Rendered by the server for the course the page was opened with, or with every open class by
 * course when none was; once hydrated it follows the course select. A class of another course
 * than the one chosen is refused by the schema, with or without JavaScript. */
function ClassSelect({
  courses,
  classes,
  field,
  course,
}: {
  courses: readonly CourseChoice[];
  classes: readonly ClassChoice[];
  field: FieldBinding;
  course: unknown;
}) {
  // Before the translations: useTranslation may suspend (use()) while a namespace loads, and a
  // state hook placed after that point made React log #520/#467 when it replayed this component
  // (seen once in CI on /enroll?course=…, passing on the retry).
  const hydrated = useHydrated();
  const { t } = useTranslation("class-seats");
  const { t: tEnroll } = useTranslation("enroll");
  useTranslation("schedule"); // the weekday names and seat texts of describeClassWhen/describeSeats
  const chosen = typeof course === "string" && course ? findChosenCourse(courses, course) : undefined;
  const option = (klass: ClassChoice) => ({
    value: klass.id,
    label: `${describeClassWhen(t, klass)} – ${describeSeats(t, klass)}`,
  });
  const options =
    chosen || hydrated
      ? classes.filter((klass) => klass.courseId === chosen?.id).map(option)
      : courses
          .map((entry) => ({
            group: courseChoiceLabel(tEnroll, entry),
            options: classes.filter((klass) => klass.courseId === entry.id).map(option),
          }))
          .filter((group) => group.options.length > 0);
  return (
    // A new course brings a new list: the select starts again at "no class yet".
    <div key={chosen?.id ?? ""}>
      <SelectField
        label={tEnroll("fields.classId")}
        field={field}
        placeholder={t("class-seats:form.noClass")}
        options={options}
        hint={chosen || !hydrated ? t("class-seats:form.hint") : t("class-seats:form.chooseCourseFirst")}
      />
    </div>
  );
}
