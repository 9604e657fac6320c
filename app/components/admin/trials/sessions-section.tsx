// The school's trial sessions (ADR 046): those ahead or those over, each with its seats taken; the
// add/edit dialog (the day and time in Vietnam, as the school reads them), and the way a session
// goes: deleted while nobody booked it, cancelled (with its bookings) once somebody did.
import { getFormProps } from "@conform-to/react";
import { Pencil, Plus } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { calendarDayInVietnam, formatDateVi, formatTimeVi } from "~/lib/format";
import type { AdminTrialSession } from "~/models/trial-admin.server";
import {
  TRIAL_CAPACITY_MAX,
  TRIAL_DURATION_MAX,
  TRIAL_DURATION_MIN,
  trialSessionCancelSchema,
  trialSessionSchema,
} from "~/schemas/trial-admin";
import { Button, buttonClass } from "../../ui/button";
import { DialogFooter } from "../../ui/dialog";
import { DataTable, EmptyList } from "../data-table";
import { AdminDialog, CancelLink, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";

/** The dialogs of a session (`kind`): add/edit/delete, and "Hủy buổi học". */
export const SESSION_DIALOG_KIND = "session";
export const CANCEL_SESSION_DIALOG_KIND = "cancel-session";
export const SESSIONS_WHEN_PARAM = "when";

/** "19/05/2026 19:00–20:00" (Vietnam time). */
export function sessionTime(session: { startsAt: Date | string; durationMinutes: number }) {
  const start = new Date(session.startsAt);
  const end = new Date(start.getTime() + session.durationMinutes * 60_000);
  return `${formatDateVi(start)} ${formatTimeVi(start)}–${formatTimeVi(end)}`;
}

export function SessionsSection({
  sessions,
  when,
}: {
  sessions: readonly AdminTrialSession[];
  when: "upcoming" | "past";
}) {
  const { t } = useTranslation("admin-trials");
  const location = useLocation();
  const whenHref = (value: "upcoming" | "past") => {
    const params = new URLSearchParams(location.search);
    params.set(SESSIONS_WHEN_PARAM, value);
    params.delete("done");
    return `?${params}`;
  };
  const head = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const columns = ["time", "teacher", "seats", "link", "status", "actions"] as const;
  return (
    <section aria-labelledby="trial-sessions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="trial-sessions-heading" className="text-xl font-bold text-slate-900">
            {t("sessions.heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("sessions.intro")}</p>
        </div>
        <Link
          to={dialogHref(location.search, { mode: "new", kind: SESSION_DIALOG_KIND })}
          preventScrollReset
          className={buttonClass()}
        >
          <Plus aria-hidden="true" className="size-5" />
          {t("sessions.add")}
        </Link>
      </div>
      <nav aria-label={t("sessions.when.label")} className="flex flex-wrap gap-2 text-sm">
        {(["upcoming", "past"] as const).map((value) => (
          <Link
            key={value}
            to={whenHref(value)}
            preventScrollReset
            aria-current={value === when ? "page" : undefined}
            className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white aria-[current=page]:ring-blue-700"
          >
            {t(`sessions.when.${value}`)}
          </Link>
        ))}
      </nav>
      {sessions.length === 0 ? (
        <EmptyList boxed>{t(`sessions.empty.${when}`)}</EmptyList>
      ) : (
        <DataTable
          caption={t("sessions.caption")}
          columns={columns.map((column) => ({ label: t(`sessions.table.${column}`), className: head }))}
          scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          tableClassName="min-w-full divide-y divide-slate-200 text-sm"
          headClassName="bg-slate-50"
        >
          {sessions.map((session) => (
            <tr key={session.id} className="hover:bg-slate-50">
              <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-slate-900">
                {sessionTime(session)}
              </th>
              <td className="px-4 py-3 text-slate-700">{session.teacher ?? "—"}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {t("sessions.seats", { held: session.held, capacity: session.capacity })}
              </td>
              <td className="px-4 py-3 text-slate-700">
                {session.meetingUrl ? (
                  <a
                    href={session.meetingUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="break-all text-blue-700 underline underline-offset-2"
                  >
                    {t("sessions.openLink")}
                  </a>
                ) : (
                  <span className="text-amber-800">{t("sessions.noLink")}</span>
                )}
              </td>
              <td className="px-4 py-3">
                {session.cancelled ? (
                  <span className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
                    {t("sessions.cancelled")}
                  </span>
                ) : (
                  <span className="inline-block rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                    {t("sessions.offered")}
                  </span>
                )}
              </td>
              <td className="px-4 py-3">
                <SessionActions session={session} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function SessionActions({ session }: { session: AdminTrialSession }) {
  const { t } = useTranslation("admin-trials");
  const location = useLocation();
  const name = sessionTime(session);
  const linkClass = "text-sm font-medium whitespace-nowrap underline underline-offset-2";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Link
        to={dialogHref(location.search, { mode: "edit", id: session.id, kind: SESSION_DIALOG_KIND })}
        preventScrollReset
        aria-label={t("sessions.editFor", { name })}
        className={buttonClass("secondary", "px-3")}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Link>
      {session.bookings === 0 ? (
        <Link
          to={dialogHref(location.search, { mode: "delete", id: session.id, kind: SESSION_DIALOG_KIND })}
          preventScrollReset
          aria-label={t("sessions.deleteFor", { name })}
          className={`${linkClass} text-red-700`}
        >
          {t("sessions.delete")}
        </Link>
      ) : (
        !session.cancelled && (
          <Link
            to={dialogHref(location.search, {
              mode: "edit",
              id: session.id,
              kind: CANCEL_SESSION_DIALOG_KIND,
            })}
            preventScrollReset
            aria-label={t("sessions.cancelFor", { name })}
            className={`${linkClass} text-red-700`}
          >
            {t("sessions.cancel")}
          </Link>
        )
      )}
    </div>
  );
}

export function TrialSessionDialog({
  session,
  teachers,
  lastResult,
}: {
  session: AdminTrialSession | undefined;
  teachers: readonly { id: string; name: string }[];
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(trialSessionSchema, {
    id: `trial-session-${session?.id ?? "new"}`,
    lastResult,
    defaultValue: session
      ? {
          day: calendarDayInVietnam(session.startsAt),
          time: formatTimeVi(session.startsAt),
          durationMinutes: String(session.durationMinutes),
          teacherId: session.teacherId ?? "",
          capacity: String(session.capacity),
          meetingUrl: session.meetingUrl,
        }
      : { durationMinutes: "60", capacity: "6" },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-session";
  return (
    <AdminDialog title={session ? t("sessions.editTitle") : t("sessions.addTitle")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {session && <input type="hidden" name="id" value={session.id} />}
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.day} label={t("sessions.fields.day")} required type="date" />
          <TextField
            field={fields.time}
            label={t("sessions.fields.time")}
            hint={t("sessions.fields.timeHint")}
            required
            type="time"
          />
          <TextField
            field={fields.durationMinutes}
            label={t("sessions.fields.duration")}
            required
            type="number"
            min={TRIAL_DURATION_MIN}
            max={TRIAL_DURATION_MAX}
            step={5}
          />
          <TextField
            field={fields.capacity}
            label={t("sessions.fields.capacity")}
            required
            type="number"
            min={1}
            max={TRIAL_CAPACITY_MAX}
          />
        </div>
        <SelectField
          field={fields.teacherId}
          label={t("sessions.fields.teacher")}
          placeholder={t("sessions.fields.noTeacher")}
          options={teachers.map((teacher) => ({ value: teacher.id, label: teacher.name }))}
        />
        <TextField
          field={fields.meetingUrl}
          label={t("sessions.fields.meetingUrl")}
          hint={t("sessions.fields.meetingUrlHint")}
          type="url"
          placeholder="https://meet.google.com/…"
        />
        {session && session.bookings > 0 && (
          <p className="text-sm text-slate-700">{t("sessions.movesBookings", { count: session.bookings })}</p>
        )}
        <DialogActions saving={saving} intent="save-session" />
      </Form>
    </AdminDialog>
  );
}

export function TrialSessionCancelDialog({
  session,
  lastResult,
}: {
  session: AdminTrialSession;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  const navigation = useNavigation();
  const [form] = useAppForm(trialSessionCancelSchema, {
    id: `trial-session-cancel-${session.id}`,
    lastResult,
    defaultValue: { id: session.id },
  });
  const cancelling =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel-session";
  return (
    <AdminDialog title={t("sessions.cancelTitle")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="id" value={session.id} />
        <FormErrors errors={form.errors} />
        <p className="text-slate-800">
          {t("sessions.cancelQuestion", { when: sessionTime(session), count: session.held })}
        </p>
        <DialogFooter>
          <CancelLink />
          <Button type="submit" name="intent" value="cancel-session" variant="danger" disabled={cancelling}>
            {cancelling ? t("admin:dialog.saving") : t("sessions.cancelConfirm")}
          </Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}
