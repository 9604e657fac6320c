// A trial booking's dialogs (ADR 009: open in the URL, plain forms): the school's note, the
// school's cancel, and "Đăng ký khóa học", which turns an attended trial into an enrolment of a
// chosen course and, optionally, one of its classes.
import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { optionsOf, SelectField, TextAreaField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { describeClassWhen, describeSeats } from "~/lib/class-dates";
import type { AdminTrialBooking, TrialConvertChoiceLists } from "~/models/trial-admin.server";
import { enrollmentSchedules } from "~/schemas/domain";
import {
  TRIAL_NOTE_MAX_LENGTH,
  trialCancelSchema,
  trialConvertSchema,
  trialNoteSchema,
} from "~/schemas/trial-admin";
import { Button } from "../../ui/button";
import { DialogFooter } from "../../ui/dialog";
import { AdminDialog, CancelLink, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";
import { lessonTime, SlotLabel } from "./bookings-table";

export function TrialNoteDialog({
  booking,
  lastResult,
}: {
  booking: AdminTrialBooking;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(trialNoteSchema, {
    id: `trial-note-${booking.id}`,
    lastResult,
    defaultValue: { id: booking.id, note: booking.note },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "note";
  return (
    <AdminDialog title={t("note.title", { name: booking.fullName })}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={booking.id} />
        <FormErrors errors={form.errors} />
        <p className="text-slate-700">{lessonTime(booking)}</p>
        <TextAreaField
          field={fields.note}
          label={t("note.field")}
          hint={t("note.hint")}
          maxLength={TRIAL_NOTE_MAX_LENGTH}
          rows={5}
        />
        <DialogActions saving={saving} intent="note" />
      </Form>
    </AdminDialog>
  );
}

export function TrialCancelDialog({
  booking,
  lastResult,
}: {
  booking: AdminTrialBooking;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  const navigation = useNavigation();
  const [form] = useAppForm(trialCancelSchema, {
    id: `trial-cancel-${booking.id}`,
    lastResult,
    defaultValue: { id: booking.id },
  });
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <AdminDialog title={t("cancel.title")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="id" value={booking.id} />
        <FormErrors errors={form.errors} />
        <p className="text-slate-800">
          {t("cancel.question", { name: booking.fullName, when: lessonTime(booking) })}
        </p>
        <DialogFooter>
          <CancelLink />
          <Button type="submit" name="intent" value="cancel" variant="danger" disabled={cancelling}>
            {cancelling ? t("admin:dialog.saving") : t("cancel.confirm")}
          </Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}

export function TrialConvertDialog({
  booking,
  choices,
  lastResult,
}: {
  booking: AdminTrialBooking;
  choices: TrialConvertChoiceLists;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  // describeClassWhen's and describeSeats' words, and the schedules' names.
  useTranslation("class-seats");
  useTranslation("schedule");
  useTranslation("enroll");
  const navigation = useNavigation();
  const schema = useMemo(() => trialConvertSchema(choices), [choices]);
  const [form, fields] = useAppForm(schema, {
    id: `trial-convert-${booking.id}`,
    lastResult,
    defaultValue: { id: booking.id, courseId: "", classId: "", schedule: "" },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "convert";
  // A class is one of its course's: the list is grouped by course, and the action checks the pair.
  const classGroups = choices.courses
    .map((course) => ({
      group: course.title,
      options: choices.classes
        .filter((klass) => klass.courseId === course.id)
        .map((klass) => ({
          value: klass.id,
          label: `${describeClassWhen(t, klass)} · ${describeSeats(t, klass)}`,
        })),
    }))
    .filter((group) => group.options.length > 0);
  return (
    <AdminDialog title={t("convert.title", { name: booking.fullName })} wide>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={booking.id} />
        <FormErrors errors={form.errors} />
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">
            {booking.fullName} · {booking.email} · {booking.phone}
          </p>
          <p>
            {lessonTime(booking)} · <SlotLabel booking={booking} />
          </p>
        </div>
        {choices.courses.length === 0 ? (
          <p className="text-slate-700">{t("convert.noCourses")}</p>
        ) : (
          <>
            <SelectField
              field={fields.courseId}
              label={t("convert.course")}
              required
              placeholder={t("convert.coursePlaceholder")}
              options={choices.courses.map((course) => ({ value: course.id, label: course.title }))}
            />
            <SelectField
              field={fields.classId}
              label={t("convert.class")}
              hint={t("convert.classHint")}
              placeholder={t("convert.noClass")}
              options={classGroups}
            />
            <SelectField
              field={fields.schedule}
              label={t("convert.schedule")}
              hint={t("convert.scheduleHint")}
              placeholder={t("enroll:form.schedulePlaceholder")}
              options={optionsOf(enrollmentSchedules, (value) => t(`enroll:schedules.${value}`))}
            />
          </>
        )}
        <p className="text-sm text-slate-600">{t("convert.mails")}</p>
        <DialogActions saving={saving} intent="convert" submitLabel={t("convert.submit")} />
      </Form>
    </AdminDialog>
  );
}
