// The course form (spec §5 Course form) in the add/edit dialog: features as a list of at least one
// field, the price read back as the site shows it, the page's address (ADR 052). A saved course's
// dialog has a language switch (ADR 032): Vietnamese is this form, English and German the
// translation form.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { RevisionHistoryLink } from "~/components/admin/revisions/revision-dialog";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { CheckboxField, SelectField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { levelName } from "~/components/site/courses/level-name";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { slugify } from "~/lib/blog-rules";
import { isTranslationLanguage } from "~/lib/content-language";
import { courseHref } from "~/lib/course-address";
import { formatPriceVnd } from "~/lib/format";
import { vietnamDateTimeInput } from "~/lib/post-schedule";
import type { AdminCourse } from "~/models/course.server";
import { courseSchema, courseSlugOf, priceField } from "~/schemas/course";
import { courseLevels } from "~/schemas/domain";
import { ContentLanguageSwitch } from "../content-language/content-language-switch";
import { AdminDialog, DialogActions } from "../dialog";
import { ColorPicker, FormErrors, ScheduledTimeField } from "../form-parts";
import { CourseFeaturesField } from "./course-features-field";
import { CourseTranslationForm } from "./course-translation-form";

const newCourse = { level: "A1", color: "blue", active: true, features: [""] };

export function CourseDialog({
  course,
  language,
  lastResult,
  textsOnly = false,
}: {
  course: AdminCourse | undefined;
  /** The language the dialog edits (`?lang=`); a new course is written in Vietnamese first. */
  language: Language;
  lastResult: unknown;
  /** An editor's dialog (ADR 047): the texts; the level, price, colour and offer stay the admin's. */
  textsOnly?: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <AdminDialog title={course ? t("courses.editTitle") : t("courses.addTitle")}>
      <div className="space-y-4">
        <ContentLanguageSwitch current={course ? language : "vi"} progress={course?.progress} />
        {course && <RevisionHistoryLink itemId={course.id} />}
        {course && isTranslationLanguage(language) ? (
          <CourseTranslationForm key={language} course={course} language={language} lastResult={lastResult} />
        ) : (
          <VietnameseCourseForm course={course} lastResult={lastResult} textsOnly={textsOnly} />
        )}
      </div>
    </AdminDialog>
  );
}

/** The course as the school writes it first: every field, the Vietnamese columns only. */
function VietnameseCourseForm({
  course,
  lastResult,
  textsOnly,
}: {
  course: AdminCourse | undefined;
  lastResult: unknown;
  textsOnly: boolean;
}) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(courseSchema, {
    id: `course-${course?.id ?? "new"}`,
    lastResult,
    defaultValue: course
      ? {
          ...course,
          price: String(course.price),
          features: course.features.length ? course.features : [""],
          publishAt: course.publishAt ? vietnamDateTimeInput(new Date(course.publishAt)) : "",
        }
      : newCourse,
  });
  const price = priceField.safeParse(fields.price.value ?? "");
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  // The address the page will have: as typed, else the stored one, else the new title's.
  const typedSlug = slugify((fields.slug.value as string | undefined) ?? "");
  const slugShown =
    typedSlug || course?.slug || courseSlugOf((fields.title.value as string | undefined) ?? "", "vi");
  return (
    <Form
      method="post"
      // The description's JSON as it is (multipart), not URL-encoded three times over (ADR 055).
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
      {course && <input type="hidden" name="id" value={course.id} />}
      <FormErrors errors={form.errors} />
      {textsOnly && course ? (
        <KeptSettings course={course} />
      ) : (
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
      )}
      <TextField field={fields.title} label={t("courses.fields.title")} required />
      <TextField
        field={fields.slug}
        label={t("courses.fields.slug")}
        hint={t("courses.fields.slugHint", { path: courseHref(slugShown) })}
        spellCheck={false}
        autoCapitalize="off"
      />
      <RichTextField field={fields.description} label={t("courses.fields.description")} required />
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
      {!textsOnly && (
        <>
          <ColorPicker field={fields.color} />
          <CheckboxField field={fields.active} label={t("courses.fields.active")} />
          <ScheduledTimeField
            field={fields.publishAt}
            label={t("courses.fields.publishAt")}
            hint={t("courses.fields.publishAtHint")}
          />
        </>
      )}
      <DialogActions saving={saving} />
    </Form>
  );
}

/** What an editor sees of the settings only an admin changes: said, and posted back as they are
 * so that the form is the one schema's (the server keeps the stored ones whatever comes). */
function KeptSettings({ course }: { course: AdminCourse }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">
        {course.level} — {levelName(tc, course.level)} · {formatPriceVnd(course.price)}
      </p>
      <p>{t("courses.fields.keptByAdmin")}</p>
      <input type="hidden" name="level" value={course.level} />
      <input type="hidden" name="price" value={String(course.price)} />
      <input type="hidden" name="color" value={course.color} />
      {course.active && <input type="hidden" name="active" value="on" />}
    </div>
  );
}
