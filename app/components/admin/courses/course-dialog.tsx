// The course form (spec §5 Course form) in the add/edit dialog: features as a list of at least one
// field, the price read back as the site shows it. A saved course's dialog has a language switch
// (ADR 032): Vietnamese is this form, English and German the translation form.
import { getFormProps } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { levelName } from "~/components/site/courses/level-name";
import { buttonClass } from "~/components/ui/button";
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
  const features = fields.features.getFieldList();
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("courses.fields.features")}</legend>
        {features.map((feature, index) => (
          <div key={feature.key} className="flex items-start gap-2">
            <div className="flex-1">
              <TextField
                field={feature}
                label={<span className="sr-only">{t("courses.fields.feature", { number: index + 1 })}</span>}
              />
            </div>
            {/* spec §5: at least one feature field always remains. */}
            <button
              {...form.remove.getButtonProps({ name: fields.features.name, index })}
              disabled={features.length <= 1}
              aria-label={t("courses.fields.removeFeature", { number: index + 1 })}
              className={buttonClass("secondary", "mt-1.5 px-3 text-red-700")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        ))}
        <button
          {...form.insert.getButtonProps({ name: fields.features.name, defaultValue: "" })}
          className={buttonClass("ghost", "px-3 text-sm")}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("courses.fields.addFeature")}
        </button>
      </fieldset>
      <ColorPicker field={fields.color} />
      <CheckboxField field={fields.active} label={t("courses.fields.active")} />
      <DialogActions saving={saving} />
    </Form>
  );
}
