// The trial bookings list (issue 29, ADR 046): when, who, the level they gave, the slot, where they
// came from, the status, their placement test result and the school's note; and each row's
// actions: plain forms for "Đã tham gia" / "Vắng mặt", links opening the note, cancel and
// "Đăng ký khóa học" dialogs in the URL (ADR 009), so that all of it works without JavaScript.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { formatDateVi, formatTimeVi } from "~/lib/format";
import { canConvertTrial, canMarkTrial, type TrialStatus, trialMarks } from "~/lib/trial-lesson";
import type { AdminTrialBooking } from "~/models/trial-admin.server";
import { Button, buttonClass } from "../../ui/button";
import { DataTable } from "../data-table";

/** The dialogs a booking's row opens (`?dialog=edit&kind=…&id=…`). */
export const bookingDialogKinds = ["note", "cancel", "convert"] as const;
export type BookingDialogKind = (typeof bookingDialogKinds)[number];

const statusTone: Record<TrialStatus, string> = {
  booked: "bg-blue-50 text-blue-800 ring-blue-200",
  attended: "bg-green-50 text-green-800 ring-green-200",
  "no-show": "bg-amber-50 text-amber-900 ring-amber-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function TrialStatusBadge({ status }: { status: TrialStatus }) {
  const { t } = useTranslation("admin-trials");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${statusTone[status]}`}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** "19/05/2026 19:00–20:00" (Vietnam time). */
export function lessonTime(booking: { startsAt: Date | string; endsAt: Date | string }) {
  return `${formatDateVi(booking.startsAt)} ${formatTimeVi(booking.startsAt)}–${formatTimeVi(booking.endsAt)}`;
}

/** A trial session and its teacher, or the class session's course. */
export function SlotLabel({ booking }: { booking: AdminTrialBooking }) {
  const { t } = useTranslation("admin-trials");
  if (booking.sessionId)
    return (
      <>
        {t("slot.session")}
        {booking.teacher && (
          <div className="text-slate-600">{t("slot.teacher", { name: booking.teacher })}</div>
        )}
        {booking.sessionCancelled && <div className="text-red-700">{t("slot.sessionCancelled")}</div>}
      </>
    );
  return <>{t("slot.class", { course: booking.courseTitle ?? "—" })}</>;
}

export function BookingsTable({ rows }: { rows: readonly AdminTrialBooking[] }) {
  const { t } = useTranslation("admin-trials");
  // The levels' and sources' names are /trial's.
  useTranslation("trial");
  const head = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const columns = [
    "when",
    "learner",
    "level",
    "slot",
    "source",
    "status",
    "placement",
    "note",
    "actions",
  ] as const;
  return (
    <DataTable
      caption={t("table.caption")}
      columns={columns.map((column) => ({ label: t(`table.${column}`), className: head }))}
      scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tableClassName="min-w-full divide-y divide-slate-200 text-sm"
      headClassName="bg-slate-50"
    >
      {rows.map((row) => (
        <tr key={row.id} className="align-top hover:bg-slate-50" data-status={row.status}>
          <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-slate-900">
            {lessonTime(row)}
          </th>
          <td className="px-4 py-3 text-slate-700">
            <div className="font-medium text-slate-900">{row.fullName}</div>
            <div className="whitespace-nowrap">{row.phone}</div>
            <div className="break-all">{row.email}</div>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            {t(`trial:levels.${row.level}`, { defaultValue: row.level })}
          </td>
          <td className="px-4 py-3 text-slate-700">
            <SlotLabel booking={row} />
          </td>
          <td className="px-4 py-3 text-slate-700">
            {t(`trial:sources.${row.source}`, { defaultValue: row.source })}
          </td>
          <td className="px-4 py-3">
            <TrialStatusBadge status={row.status} />
          </td>
          <td className="px-4 py-3 text-slate-700">
            {row.placement ? (
              <>
                <div className="font-medium">
                  {t("placement.reached", { level: row.placement.reached ?? t("placement.none") })}
                </div>
                <div className="text-slate-600">{formatDateVi(row.placement.submittedAt)}</div>
              </>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
          <td className="max-w-56 px-4 py-3 whitespace-pre-line text-slate-700">{row.note || "—"}</td>
          <td className="px-4 py-3">
            <RowActions row={row} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function RowActions({ row }: { row: AdminTrialBooking }) {
  const { t } = useTranslation("admin-trials");
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === row.id;
  const link = (kind: BookingDialogKind) => dialogHref(location.search, { mode: "edit", id: row.id, kind });
  const marks =
    canMarkTrial(row.status) && row.enrollmentId === null
      ? trialMarks.filter((mark) => mark !== row.status)
      : [];
  const linkClass = "text-sm font-medium whitespace-nowrap underline underline-offset-2";
  return (
    <div className="flex min-w-40 flex-col items-start gap-2">
      {marks.length > 0 && (
        <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="mark" />
          <input type="hidden" name="id" value={row.id} />
          {marks.map((mark) => (
            <Button
              key={mark}
              type="submit"
              name="status"
              value={mark}
              variant={mark === "attended" ? "primary" : "secondary"}
              className="px-3 py-1.5 text-sm"
              aria-label={t(`marks.${mark}For`, { name: row.fullName })}
              disabled={busy}
            >
              {t(`marks.${mark}`)}
            </Button>
          ))}
        </Form>
      )}
      {canConvertTrial(row) && (
        <Link
          to={link("convert")}
          preventScrollReset
          aria-label={t("convert.openFor", { name: row.fullName })}
          className={buttonClass("primary", "px-3 py-1.5 text-sm")}
        >
          {t("convert.open")}
        </Link>
      )}
      {row.enrollmentId && (
        <Link to={`/admin/students?id=${row.enrollmentId}`} className={`${linkClass} text-green-800`}>
          {t("convert.view")}
        </Link>
      )}
      <Link
        to={link("note")}
        preventScrollReset
        aria-label={t("note.openFor", { name: row.fullName })}
        className={`${linkClass} text-blue-700`}
      >
        {t("note.open")}
      </Link>
      {row.status === "booked" && (
        <Link
          to={link("cancel")}
          preventScrollReset
          aria-label={t("cancel.openFor", { name: row.fullName })}
          className={`${linkClass} text-red-700`}
        >
          {t("cancel.open")}
        </Link>
      )}
    </div>
  );
}
