// The course form (spec §5 Course form) in the add/edit dialog: features as a list of at least one
// field, the price read back as the site shows it. A saved course's dialog has a language switch
// (ADR 032): Vietnamese is this form, English and German the translation form.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { levelName } from "~/components/site/courses/level-name";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { isTranslationLanguage } from "~/lib/content-language";
import { formatPriceVnd } from "~/lib/format";
import type { AdminCourse } from "~/models/course.server";
import { courseSchema, priceField } from "~/schemas/course";
import { courseLevels } from "~/schemas/domain";
import { ContentLanguageSwitch } from "../content-language/content-language-switch";
import { AdminDialog, DialogActions } from "../dialog";
import { ColorPicker, FormErrors } from "../form-parts";
import { CourseFeaturesField } from "./course-features-field";
import { CourseTranslationForm } from "./course-translation-form";

const newCourse = { level: "A1", color: "blue", active: true, features: [""] };

export function CourseDialog({
  course,
  language,
  lastResult,
}: {
  course: AdminCourse | undefined;
  /** The language the dialog edits (`?lang=`); a new course is written in Vietnamese first. */
  language: Language;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin");
  return (
    <AdminDialog title={course ? t("courses.editTitle") : t("courses.addTitle")}>
      <div className="space-y-4">
        <ContentLanguageSwitch current={course ? language : "vi"} progress={course?.progress} />
        {course && isTranslationLanguage(language) ? (
          <CourseTranslationForm key={language} course={course} language={language} lastResult={lastResult} />
        ) : (
          <VietnameseCourseForm course={course} lastResult={lastResult} />
        )}
      </div>
    </AdminDialog>
  );
}

/** The course as the school writes it first: every field, the Vietnamese columns only. */
function VietnameseCourseForm({
  course,
  lastResult,
}: {
  course: AdminCourse | undefined;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(courseSchema, {
    id: `course-${course?.id ?? "new"}`,
    lastResult,
    defaultValue: course
      ? { ...course, price: String(course.price), features: course.features.length ? course.features : [""] }
      : newCourse,
  });
  const price = priceField.safeParse(fields.price.value ?? "");
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      {course && <input type="hidden" name="id" value={course.id} />}
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.level}
          label={tc("card.level")}
          required
          options={courseLevels.map((level) => ({
            value: level,
            label: `${level} — ${levelName(tc, level)}`,
          }))}
        />
        <TextField
          field={fields.price}
          label={t("courses.fields.price")}
          required
          inputMode="numeric"
          hint={price.success ? formatPriceVnd(price.data) : t("courses.fields.priceHint")}
        />
      </div>
      <TextField field={fields.title} label={t("courses.fields.title")} required />
      <TextAreaField field={fields.description} label={t("courses.fields.description")} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.duration}
          label={t("courses.fields.duration")}
          required
          placeholder={t("courses.fields.durationPlaceholder")}
        />
        <TextField
          field={fields.lessons}
          label={t("courses.fields.lessons")}
          required
          placeholder={t("courses.fields.lessonsPlaceholder")}
        />
      </div>
      <CourseFeaturesField form={form} field={fields.features} />
      <ColorPicker field={fields.color} />
      <CheckboxField field={fields.active} label={t("courses.fields.active")} />
      <DialogActions saving={saving} />
    </Form>
  );
}
