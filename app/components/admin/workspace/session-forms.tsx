// A class session in the teacher's workspace: the list of sessions, the attendance (one row per
// learner, four marks as big tap targets: taken in a few taps on a phone) and the session's note.
import { getFormProps } from "@conform-to/react";
import { Check } from "lucide-react";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { TextAreaField } from "~/components/forms/fields";
import { SubmitRow, useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { type AttendanceStatus, attendanceStatuses } from "~/lib/attendance";
import { formatDateVi } from "~/lib/format";
import { LESSON_NOTE_MAX_LENGTH, lessonNoteSchema } from "~/schemas/class-workspace";

const markTone: Record<AttendanceStatus, string> = {
  present: "peer-checked:bg-green-700 peer-checked:text-white peer-checked:ring-green-700",
  late: "peer-checked:bg-amber-600 peer-checked:text-white peer-checked:ring-amber-600",
  absent: "peer-checked:bg-red-700 peer-checked:text-white peer-checked:ring-red-700",
  excused: "peer-checked:bg-slate-700 peer-checked:text-white peer-checked:ring-slate-700",
};

export function SessionList({
  classId,
  days,
  current,
  taken,
  today,
}: {
  classId: string;
  days: readonly string[];
  current: string;
  taken: readonly string[];
  today: string;
}) {
  const { t } = useTranslation("admin-workspace");
  return (
    <nav
      aria-labelledby="sessions-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="sessions-heading" className="mb-2 font-semibold text-slate-900">
        {t("sessions", { count: days.length })}
      </h2>
      <ol className="max-h-96 space-y-1 overflow-y-auto">
        {days.map((day, index) => (
          <li key={day}>
            <Link
              to={`/admin/my-classes/${classId}?day=${day}`}
              aria-current={day === current ? "page" : undefined}
              preventScrollReset
              className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                day === current ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-100"
              }`}
            >
              <span className="flex-1">
                {t("sessionName", { number: index + 1, date: formatDateVi(day) })}
                {day === today && ` · ${t("todayMark")}`}
              </span>
              {taken.includes(day) && (
                <>
                  <Check aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t("attendanceTaken")}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function AttendanceForm({
  day,
  learners,
  marks,
  lastResult,
}: {
  day: string;
  learners: readonly { id: string; fullName: string; email: string; phone: string }[];
  marks: Readonly<Record<string, AttendanceStatus>>;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-workspace");
  const saving = useSubmitting("attendance");
  const errors = (lastResult as { error?: Record<string, string[]> } | undefined)?.error?.[""];
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="font-semibold text-slate-900">{t("attendance.heading", { date: formatDateVi(day) })}</h2>
      <FormErrors errors={errors} />
      <input type="hidden" name="day" value={day} />
      {learners.length === 0 ? (
        <p className="text-slate-700">{t("attendance.noLearners")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {learners.map((learner) => (
            <li key={learner.id} className="py-3">
              <fieldset>
                <legend className="font-medium text-slate-900">{learner.fullName}</legend>
                <p className="text-sm text-slate-700">
                  <a href={`tel:${learner.phone.replace(/[^\d+]/g, "")}`} className="underline">
                    {learner.phone}
                  </a>{" "}
                  ·{" "}
                  <a href={`mailto:${learner.email}`} className="underline">
                    {learner.email}
                  </a>
                </p>
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {attendanceStatuses.map((status) => (
                    <label key={status} className="cursor-pointer">
                      <input
                        type="radio"
                        name={`mark.${learner.id}`}
                        value={status}
                        defaultChecked={marks[learner.id] === status}
                        className="peer sr-only"
                      />
                      <span
                        className={`block rounded-lg px-3 py-2.5 text-center text-sm font-semibold text-slate-800 ring-1 ring-slate-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 ${markTone[status]}`}
                      >
                        {t(`attendance.status.${status}`)}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      {learners.length > 0 && (
        <SubmitRow name="intent" value="attendance" pending={saving} pendingLabel={t("saving")}>
          {t("attendance.save")}
        </SubmitRow>
      )}
    </Form>
  );
}

export function LessonNoteForm({
  day,
  note,
  lastResult,
}: {
  day: string;
  note: { covered: string; homework: string };
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-workspace");
  const saving = useSubmitting("lesson-note");
  const [form, fields] = useAppForm(lessonNoteSchema, {
    id: `lesson-note-${day}`,
    lastResult,
    defaultValue: { day, ...note },
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="font-semibold text-slate-900">{t("note.heading")}</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="day" value={day} />
      <TextAreaField field={fields.covered} label={t("note.covered")} maxLength={LESSON_NOTE_MAX_LENGTH} />
      <TextAreaField field={fields.homework} label={t("note.homework")} maxLength={LESSON_NOTE_MAX_LENGTH} />
      <SubmitRow name="intent" value="lesson-note" pending={saving} pendingLabel={t("saving")}>
        {t("note.save")}
      </SubmitRow>
    </Form>
  );
}
