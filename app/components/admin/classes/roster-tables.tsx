// A class's roster: its learners (seat holders) and its waitlist in order. Each row links to the
// learner's record in the students list. The waitlist's controls (move, promote, remove, move to
// another class) are rendered by the page in each row's last cell, through `actions`.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi, formatDateVi, formatPriceVnd, formatShare } from "~/lib/format";
import type { LearnerAttendanceRow } from "~/models/attendance-report.server";
import type { RosterEntry } from "~/models/class-roster.server";

type WaitlistEntry = RosterEntry & { position: number };
/** The row's extra controls, in its last cell next to the link to the record. */
type RowActions<Row> = (row: Row) => ReactNode;

const cell = "px-3 py-3 font-semibold";

function PersonCells({ row }: { row: RosterEntry }) {
  // The pipeline's and the payment's names are the students list's.
  const { t } = useTranslation("admin-classes");
  useTranslation("admin-students");
  return (
    <>
      <td className="px-3 py-3 break-all text-slate-700">{row.email}</td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{row.phone}</td>
      <td className="px-3 py-3 text-slate-700">
        {t(`admin-students:status.${row.status}`, { defaultValue: row.status })}
      </td>
      <td className="px-3 py-3 text-slate-700">
        {t(`admin-students:payment.${row.paymentStatus}`, { defaultValue: row.paymentStatus })}
        {/* What came in and the reference a transfer carries (ADR 028). */}
        {row.paid > 0 && row.paymentStatus === "pending" && (
          <div className="text-xs text-slate-600">{formatPriceVnd(row.paid)}</div>
        )}
        <div className="font-mono text-xs text-slate-600">{row.paymentReference}</div>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDateVi(row.createdAt)}</td>
    </>
  );
}

function RecordLink({ row }: { row: RosterEntry }) {
  const { t } = useTranslation("admin-classes");
  return (
    <Link
      to={`/admin/students?id=${row.id}`}
      className="text-sm font-medium text-blue-700 underline underline-offset-2"
      aria-label={t("roster.record", { name: row.fullName })}
    >
      {t("roster.recordShort")}
    </Link>
  );
}

/** The last cell: the link to the record, then the row's controls. */
function ActionsCell({ row, children }: { row: RosterEntry; children: ReactNode }) {
  return (
    <td className="px-4 py-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <RecordLink row={row} />
        {children}
      </div>
    </td>
  );
}

function useColumns(first: string[]) {
  const { t } = useTranslation("admin-classes");
  return [
    ...first.map((label, index) => ({ label, className: index === 0 ? "px-4 py-3 font-semibold" : cell })),
    { label: t("roster.columns.email"), className: cell },
    { label: t("roster.columns.phone"), className: cell },
    { label: t("roster.columns.status"), className: cell },
    { label: t("roster.columns.payment"), className: cell },
    { label: t("roster.columns.enrolledOn"), className: cell },
    { label: t("columns.actions"), className: "px-4 py-3 text-right font-semibold" },
  ];
}

const frame = {
  scrollClassName: "overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200",
  tableClassName: "w-full min-w-[56rem] text-left text-sm",
  headClassName: "border-b border-slate-200 bg-slate-50 text-slate-700",
  bodyClassName: "divide-y divide-slate-200",
};

/** A learner's attendance (issue 30): the rate and a flag when absent twice in a row. */
function AttendanceCell({ row }: { row: LearnerAttendanceRow | undefined }) {
  const { t: ta, language } = useTranslation("attendance-report");
  return (
    <td className="px-3 py-3 text-slate-700">
      {row && row.rate !== null ? (
        <span className="whitespace-nowrap tabular-nums">
          {ta("roster.rate", {
            rate: formatShare(row.attended, row.counted, language),
            attended: row.attended,
            counted: row.counted,
          })}
        </span>
      ) : (
        <span className="text-slate-600">{ta("roster.noMarks")}</span>
      )}
      {row?.flagged && (
        <span className="mt-1 block w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
          {ta("roster.flag")}
        </span>
      )}
    </td>
  );
}

export function LearnersTable({
  learners,
  actions,
  attendance,
}: {
  learners: readonly RosterEntry[];
  actions?: RowActions<RosterEntry>;
  /** Each learner's attendance by enrolment, for the "Chuyên cần" column. */
  attendance?: Readonly<Record<string, LearnerAttendanceRow>>;
}) {
  const { t } = useTranslation("admin-classes");
  const { t: ta } = useTranslation("attendance-report");
  const columns = useColumns(
    attendance ? [t("roster.columns.name"), ta("roster.column")] : [t("roster.columns.name")],
  );
  return (
    <DataTable caption={t("roster.learners")} columns={columns} {...frame}>
      {learners.map((row) => (
        <tr key={row.id} className="align-middle">
          <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
            {row.fullName}
          </th>
          {attendance && <AttendanceCell row={attendance[row.id]} />}
          <PersonCells row={row} />
          <ActionsCell row={row}>{actions?.(row)}</ActionsCell>
        </tr>
      ))}
    </DataTable>
  );
}

export function WaitlistTable({
  waitlist,
  actions,
}: {
  waitlist: readonly WaitlistEntry[];
  actions?: RowActions<WaitlistEntry>;
}) {
  const { t } = useTranslation("admin-classes");
  const columns = useColumns([t("roster.columns.position"), t("roster.columns.name")]);
  return (
    <DataTable caption={t("roster.waitlist")} columns={columns} {...frame}>
      {waitlist.map((row) => (
        <tr key={row.id} className="align-middle">
          <td className="px-4 py-3 font-semibold text-slate-900 tabular-nums">{row.position}</td>
          <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
            {row.fullName}
            {row.seatOfferedAt && (
              <span className="block text-xs font-normal text-amber-800">
                {t("roster.offered", { date: formatDateTimeVi(row.seatOfferedAt) })}
              </span>
            )}
          </th>
          <PersonCells row={row} />
          <ActionsCell row={row}>{actions?.(row)}</ActionsCell>
        </tr>
      ))}
    </DataTable>
  );
}
