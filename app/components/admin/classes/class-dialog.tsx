// The class form (ADR 026) in the add/edit dialog: the course, when it starts and how long it
// runs, the weekdays and times in Vietnam time, the teacher, the seats, the private meeting link
// and the status. Saving a class as cancelled mails its learners; the form says so. A class with
// a note has a language switch (ADR 032): in English or German the dialog translates the note.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { hourMinute } from "~/lib/class-dates";
import { isTranslationLanguage, translationProgress } from "~/lib/content-language";
import type { AdminClass, listClassFormChoices } from "~/models/course-class.server";
import {
  CLASS_CAPACITY_MAX,
  CLASS_NOTE_MAX_LENGTH,
  classStatuses,
  courseClassSchema,
  isoWeekdays,
  MAX_SESSIONS,
} from "~/schemas/course-class";
import { ContentLanguageSwitch } from "../content-language/content-language-switch";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";
import { ClassNoteTranslationForm } from "./class-note-translation-form";

export type ClassFormChoices = Awaited<ReturnType<typeof listClassFormChoices>>;

function defaultsOf(courseClass: AdminClass | undefined) {
  if (!courseClass) return { capacity: String(CLASS_CAPACITY_MAX), status: "open", weekdays: [] as string[] };
  return {
    courseId: courseClass.courseId,
    startsOn: courseClass.startsOn,
    sessionCount: courseClass.sessionCount === null ? "" : String(courseClass.sessionCount),
    endsOn: courseClass.endsOn ?? "",
    weekdays: courseClass.weekdays.map(String),
    startTime: hourMinute(courseClass.startTime),
    endTime: hourMinute(courseClass.endTime),
    teacherId: courseClass.teacherId ?? "",
    capacity: String(courseClass.capacity),
    meetingUrl: courseClass.meetingUrl,
    note: courseClass.note,
    status: courseClass.status,
  };
}

export function ClassDialog({
  courseClass,
  choices,
  language,
  lastResult,
}: {
  courseClass: AdminClass | undefined;
  choices: ClassFormChoices;
  /** The language the dialog edits (`?lang=`). */
  language: Language;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-classes");
  // Only a saved class's note is translated; without a note there is nothing but Vietnamese.
  const translatable = courseClass && courseClass.note.trim() !== "" ? courseClass : undefined;
  const progress = translatable && {
    en: translationProgress(translatable.translations, "en", ["note"]),
    de: translationProgress(translatable.translations, "de", ["note"]),
  };
  return (
    <AdminDialog title={courseClass ? t("editTitle") : t("addTitle")} wide>
      <div className="space-y-4">
        {translatable && <ContentLanguageSwitch current={language} progress={progress} />}
        {translatable && isTranslationLanguage(language) ? (
          <ClassNoteTranslationForm
            key={language}
            courseClass={translatable}
            language={language}
            lastResult={lastResult}
          />
        ) : (
          <VietnameseClassForm courseClass={courseClass} choices={choices} lastResult={lastResult} />
        )}
      </div>
    </AdminDialog>
  );
}

/** Every field of the class as the school writes it: the Vietnamese note, never its translations. */
function VietnameseClassForm({
  courseClass,
  choices,
  lastResult,
}: {
  courseClass: AdminClass | undefined;
  choices: ClassFormChoices;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-classes");
  const { t: ts } = useTranslation("schedule");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(courseClassSchema, {
    id: `class-${courseClass?.id ?? "new"}`,
    lastResult,
    defaultValue: defaultsOf(courseClass),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const checkedDays = new Set(
    ([] as unknown[]).concat(fields.weekdays.initialValue ?? []).map((value) => String(value)),
  );
  const weekdayErrorId = `${fields.weekdays.id}-error`;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      {courseClass && <input type="hidden" name="id" value={courseClass.id} />}
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.courseId}
          label={t("fields.course")}
          required
          placeholder={t("fields.chooseCourse")}
          options={choices.courses.map((course) => ({
            value: course.id,
            label: course.active
              ? `${course.level} — ${course.title}`
              : t("fields.closedCourse", { level: course.level, title: course.title }),
          }))}
        />
        <SelectField
          field={fields.status}
          label={t("fields.status")}
          required
          hint={t("cancelNotice")}
          options={classStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField field={fields.startsOn} label={t("fields.startsOn")} type="date" required />
        <TextField
          field={fields.sessionCount}
          label={t("fields.sessionCount")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SESSIONS}
          hint={t("fields.lengthHint")}
        />
        <TextField field={fields.endsOn} label={t("fields.endsOn")} type="date" />
      </div>
      <fieldset
        key={fields.weekdays.key}
        aria-describedby={fields.weekdays.errors ? weekdayErrorId : undefined}
        className="space-y-2"
      >
        <legend className="text-sm font-medium text-slate-800">
          {t("fields.weekdays")}
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {isoWeekdays.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name={fields.weekdays.name}
                value={String(day)}
                defaultChecked={checkedDays.has(String(day))}
                className="size-5 rounded border-slate-400"
              />
              {ts(`weekdays.${day}`)}
            </label>
          ))}
        </div>
        {fields.weekdays.errors && (
          <p id={weekdayErrorId} className="text-sm font-medium text-red-700">
            {fields.weekdays.errors.map((error) => t(error)).join(" ")}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          field={fields.startTime}
          label={t("fields.startTime")}
          type="time"
          required
          hint={t("fields.timeHint")}
        />
        <TextField
          field={fields.endTime}
          label={t("fields.endTime")}
          type="time"
          required
          hint={t("fields.timeHint")}
        />
        <TextField
          field={fields.capacity}
          label={t("fields.capacity")}
          type="number"
          inputMode="numeric"
          min={1}
          max={CLASS_CAPACITY_MAX}
          required
          hint={t("fields.capacityHint")}
        />
      </div>
      <SelectField
        field={fields.teacherId}
        label={t("fields.teacher")}
        placeholder={t("fields.noTeacher")}
        options={choices.teachers.map((teacher) => ({ value: teacher.id, label: teacher.name }))}
      />
      <TextField
        field={fields.meetingUrl}
        label={t("fields.meetingUrl")}
        type="url"
        hint={t("fields.meetingUrlHint")}
        placeholder="https://"
      />
      <TextAreaField
        field={fields.note}
        label={t("fields.note")}
        hint={t("fields.noteHint")}
        rows={3}
        maxLength={CLASS_NOTE_MAX_LENGTH}
      />
      <DialogActions saving={saving} />
    </Form>
  );
}
