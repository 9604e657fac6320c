// The course dialog in English or German (ADR 032): only the texts a course translates, each
// prefilled with its translation so far and showing the Vietnamese original beneath. Every field
// is optional: one left empty shows the Vietnamese text on that language's pages. Saving posts
// intent=translate and writes that language alone.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { OriginalTextHint } from "~/components/admin/content-language/content-language-switch";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";
import { slugify } from "~/lib/blog-rules";
import type { TranslationLanguage } from "~/lib/content-language";
import { courseHref } from "~/lib/course-address";
import { localizePath } from "~/lib/localized-path";
import { storedBodyText } from "~/lib/rich-text/document";
import { textSummary } from "~/lib/text-summary";
import type { AdminCourse } from "~/models/course.server";
import { courseSlugOf, courseTranslationSchema } from "~/schemas/course";
import { CancelLink } from "../dialog";
import { FormErrors } from "../form-parts";
import { CourseFeaturesField } from "./course-features-field";

/** The intent of a translation's save; the Vietnamese form's is "save". */
export const TRANSLATE_INTENT = "translate";

function textOf(value: unknown) {
  return typeof value === "string" ? value : "";
}

export function CourseTranslationForm({
  course,
  language,
  lastResult,
}: {
  course: AdminCourse;
  language: TranslationLanguage;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin");
  const { t: tl } = useTranslation("content-language");
  const navigation = useNavigation();
  const version = course.translations[language] ?? {};
  const translatedFeatures = Array.isArray(version.features) ? [...version.features] : [];
  // As many feature fields as the Vietnamese list has, so each sits beside its original.
  const featureCount = Math.max(translatedFeatures.length, course.features.length, 1);
  const [form, fields] = useAppForm(courseTranslationSchema, {
    // The language is part of the id: switching language starts a fresh form.
    id: `course-${course.id}-${language}`,
    lastResult,
    defaultValue: {
      language,
      title: textOf(version.title),
      slug: textOf(version.slug),
      description: textOf(version.description),
      duration: textOf(version.duration),
      lessons: textOf(version.lessons),
      features: Array.from({ length: featureCount }, (_, index) => translatedFeatures[index] ?? ""),
    },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === TRANSLATE_INTENT;
  // The address in this language (ADR 052): as typed, else the stored one, else the translated
  // title's; without a translated title the course keeps its Vietnamese slug here.
  const title = (fields.title.value as string | undefined)?.trim() ?? "";
  const slugShown = title
    ? slugify((fields.slug.value as string | undefined) ?? "", language) ||
      textOf(version.slug) ||
      courseSlugOf(title, language)
    : course.slug;
  return (
    <Form
      method="post"
      // The description's JSON as it is (multipart), not URL-encoded three times over (ADR 055).
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
      <input type="hidden" name="id" value={course.id} />
      <input type="hidden" name="language" value={language} />
      <p className="text-sm text-slate-700">{tl("translatingInto", { language: tl(`names.${language}`) })}</p>
      <FormErrors errors={form.errors} />
      <TextField
        field={fields.title}
        label={t("courses.fields.title")}
        lang={language}
        hint={<OriginalTextHint text={course.title} />}
      />
      <TextField
        field={fields.slug}
        label={t("courses.fields.slug")}
        hint={t("courses.fields.translatedSlugHint", { path: localizePath(courseHref(slugShown), language) })}
        spellCheck={false}
        autoCapitalize="off"
      />
      <RichTextField
        field={fields.description}
        label={t("courses.fields.description")}
        lang={language}
        hint={<OriginalTextHint text={textSummary(storedBodyText(course.description), 300)} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.duration}
          label={t("courses.fields.duration")}
          lang={language}
          hint={<OriginalTextHint text={course.duration} />}
        />
        <TextField
          field={fields.lessons}
          label={t("courses.fields.lessons")}
          lang={language}
          hint={<OriginalTextHint text={course.lessons} />}
        />
      </div>
      <CourseFeaturesField
        form={form}
        field={fields.features}
        translation={{ language, originals: course.features }}
      />
      <DialogFooter>
        <CancelLink />
        <Button type="submit" name="intent" value={TRANSLATE_INTENT} disabled={saving}>
          {saving ? t("dialog.saving") : t("dialog.save")}
        </Button>
      </DialogFooter>
    </Form>
  );
}
