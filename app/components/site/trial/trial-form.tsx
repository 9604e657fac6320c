// The /trial booking form (issue 29): the lessons offered, grouped by day (Vietnam time), then
// who is coming and their level. A public form like /contact's: without JavaScript it posts to
// the page, with it to POST /api/email/trial; the form ticket and honeypot come with PublicForm.
import { useTranslation } from "~/i18n/react";
import { isoWeekday } from "~/lib/class-dates";
import { calendarDayInVietnam, formatDateVi, formatTimeVi } from "~/lib/format";
import { type TrialLevel, trialLevels } from "~/lib/trial-lesson";
import { optionsOf, SelectField } from "../../forms/fields";
import { buttonClass } from "../../ui/button";
import { PublicForm, type PublicFormProps, PublicFormSuccess, usePublicForm } from "../public-form";

/** A lesson as the page lists it (dates as ISO strings: they cross the loader's JSON). */
export interface TrialSlotView {
  key: string;
  kind: "session" | "class";
  startsAt: string;
  endsAt: string;
  seatsLeft: number;
  teacher: string | null;
  courseTitle: string | null;
}

/** The form's schema, loaded on the form's first use (ADR 058). */
const trialSchema = () => import("~/schemas/trial-booking").then((module) => module.trialBookingFormSchema);

/** What the success screen recaps. */
export type TrialRecap = { email: string; startsAt: string; endsAt: string };

export function TrialForm({
  slots,
  level,
  source,
  ...props
}: PublicFormProps<TrialRecap> & { slots: TrialSlotView[]; level: TrialLevel | undefined; source: string }) {
  const { t } = useTranslation("trial");
  const state = usePublicForm(trialSchema, "trial", props, {
    recap: ["email", "startsAt", "endsAt"],
    defaultValue: {
      level,
      source,
      fullName: props.prefill?.name,
      email: props.prefill?.email,
    },
  });
  const { fields } = state;
  return (
    // The lesson first: a learner picks a time, then says who is coming.
    <PublicForm
      state={state}
      person={{ name: fields.fullName, phone: fields.phone, email: fields.email }}
      before={<SlotPicker slots={slots} field={fields.slot} />}
    >
      <SelectField
        label={t("fields.level")}
        field={fields.level}
        options={optionsOf(trialLevels, (value) => t(`levels.${value}`))}
        required
      />
      <input type="hidden" name={fields.source.name} value={source} />
    </PublicForm>
  );
}

function SlotPicker({
  slots,
  field,
}: {
  slots: TrialSlotView[];
  field: { id: string; name: string; key?: string; errors?: string[]; initialValue?: unknown };
}) {
  const { t } = useTranslation("trial");
  // The weekday names are /schedule's.
  const { t: tSchedule } = useTranslation("schedule");
  const days = groupByDay(slots);
  const errorId = `${field.id}-error`;
  return (
    <fieldset key={field.key} aria-describedby={field.errors ? errorId : undefined} className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">
        {t("form.slotLegend")} <span aria-hidden="true">*</span>
      </legend>
      {days.map(({ day, slots: ofDay }) => (
        <div key={day}>
          <p className="mb-2 text-sm font-semibold text-slate-700">
            {tSchedule(`weekdays.${isoWeekday(day)}`)}, {formatDateVi(`${day}T12:00:00+07:00`)}
          </p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {ofDay.map((slot) => {
              const full = slot.seatsLeft === 0;
              return (
                <li key={slot.key}>
                  <label
                    className={`flex gap-3 rounded-lg border p-3 ${full ? "border-slate-200 bg-slate-50 text-slate-600" : "cursor-pointer border-slate-300 hover:border-blue-600 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"}`}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={slot.key}
                      disabled={full}
                      defaultChecked={field.initialValue === slot.key}
                      className="mt-1 size-4 shrink-0 accent-blue-700"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">
                        {formatTimeVi(slot.startsAt)}–{formatTimeVi(slot.endsAt)}{" "}
                        <span className="font-normal text-slate-600">{t("timeZone")}</span>
                      </span>
                      <span className="block text-sm text-slate-700">
                        {slot.kind === "class" && slot.courseTitle
                          ? t("slot.classSession", { course: slot.courseTitle })
                          : t("slot.trialSession")}
                      </span>
                      {slot.teacher && (
                        <span className="block text-sm text-slate-600">
                          {t("slot.teacher", { name: slot.teacher })}
                        </span>
                      )}
                      <span
                        className={`block text-sm font-medium ${full ? "text-slate-600" : "text-green-800"}`}
                      >
                        {full ? t("slot.full") : t("slot.seatsLeft", { count: slot.seatsLeft })}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {field.errors && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {field.errors.map((error) => t(error)).join(" ")}
        </p>
      )}
    </fieldset>
  );
}

/** Lessons by their Vietnam day, in the order given (soonest first). */
function groupByDay(slots: TrialSlotView[]) {
  const days: { day: string; slots: TrialSlotView[] }[] = [];
  for (const slot of slots) {
    const day = calendarDayInVietnam(slot.startsAt);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** The success screen: when, where the confirmation went, the reminder, and the next steps. */
export function TrialSuccess({
  sent,
  reminderHours,
  enrollHref,
  againHref,
}: {
  sent: TrialRecap;
  reminderHours: number;
  enrollHref: string;
  againHref: string;
}) {
  const { t } = useTranslation("trial");
  return (
    <PublicFormSuccess
      titleId="trial-success-title"
      title={t("success.title")}
      text={t("success.text", { email: sent.email })}
    >
      {sent.startsAt && sent.endsAt && (
        <p className="mt-4 text-lg font-semibold text-blue-800" data-testid="trial-success-when">
          {t("success.when")}: {formatDateVi(sent.startsAt)} · {formatTimeVi(sent.startsAt)}–
          {formatTimeVi(sent.endsAt)} {t("timeZone")}
        </p>
      )}
      <p className="mx-auto mt-4 max-w-lg text-slate-700">
        {t("success.reminder", { hours: reminderHours })}
      </p>
      <p className="mx-auto mt-2 max-w-lg text-slate-600">{t("success.account")}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a href={enrollHref} className={buttonClass("primary", "px-6 py-3")}>
          {t("success.enroll")}
        </a>
        <a href={againHref} className={buttonClass("secondary", "px-6 py-3")}>
          {t("success.again")}
        </a>
      </div>
    </PublicFormSuccess>
  );
}
