// The payments list: each enrolment with its reference, what it owes and what came in. "Mark
// paid" opens the dialog in the URL (?dialog=edit&kind=pay&id=…), so the list stays as it is.
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { amountOwed, enrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";
import { formatPriceVnd } from "~/lib/format";
import type { PaymentRow } from "~/models/payment.server";
import { DataTable } from "../data-table";
import { courseLabel } from "../students/labels";
import { StageBadge } from "./stage-badge";

export const PAY_DIALOG_KIND = "pay";

/** The payments page searched for one enrolment, with its "mark paid" dialog open. */
export function payDialogHref(id: string, reference: string) {
  return `/admin/payments${dialogHref(`?q=${reference}`, { mode: "edit", id, kind: PAY_DIALOG_KIND })}`;
}

/** "1.500.000đ of 3.000.000đ" while part is open; what came in once nothing more is due. */
export function PaidAmount({ paid, due }: { paid: number; due: number | null }) {
  const { t } = useTranslation("admin-payments");
  if (due !== null && paid > 0 && paid < due)
    return <>{t("table.paidOf", { paid: formatPriceVnd(paid), due: formatPriceVnd(due) })}</>;
  return <>{formatPriceVnd(paid)}</>;
}

export function PaymentsTable({ rows }: { rows: readonly PaymentRow[] }) {
  const { t } = useTranslation("admin-payments");
  const { t: te } = useTranslation("enroll");
  useTranslation("admin-students");
  const location = useLocation();
  const head = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  return (
    <DataTable
      caption={t("table.caption")}
      columns={(["reference", "learner", "course", "due", "paid", "status", "actions"] as const).map((c) => ({
        label: t(`table.${c}`),
        className: head,
      }))}
      scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tableClassName="min-w-full divide-y divide-slate-200 text-sm"
      headClassName="bg-slate-50"
    >
      {rows.map((row) => {
        // ADR 033: what is owed, the state shown and the actions offered, from the lifecycle.
        const stage = enrollmentStage({ ...row, received: row.paid });
        const { adminActions } = stageRules[stage];
        const owed = amountOwed(stage, row.due === null ? null : Number(row.due));
        return (
          <tr key={row.id} className="hover:bg-slate-50" data-stage={stage}>
            <th scope="row" className="px-4 py-3 text-left font-mono font-semibold whitespace-nowrap">
              {row.reference}
            </th>
            <td className="px-4 py-3 text-slate-700">
              <Link
                to={`/admin/students?id=${row.id}`}
                className="font-medium text-blue-800 underline-offset-2 hover:underline"
              >
                {row.fullName}
              </Link>
              <div className="break-all text-slate-600">{row.email}</div>
            </td>
            <td className="px-4 py-3 text-slate-700">{courseLabel(te, row.course, row.courseTitle)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">
              {owed === null ? t("table.noDue") : formatPriceVnd(owed)}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">
              <PaidAmount paid={row.paid} due={row.due} />
            </td>
            <td className="px-4 py-3">
              <StageBadge stage={stage} />
            </td>
            <td className="px-4 py-3 text-right">
              {adminActions.includes("refund") && (
                <Link
                  to={`/admin/students?id=${row.id}`}
                  aria-label={t("table.refundFor", { reference: row.reference, name: row.fullName })}
                  className="text-sm font-medium whitespace-nowrap text-red-700 underline underline-offset-2"
                >
                  {t("table.refund")}
                </Link>
              )}
              {adminActions.includes("record-payment") && (
                <Link
                  to={dialogHref(location.search, { mode: "edit", id: row.id, kind: PAY_DIALOG_KIND })}
                  preventScrollReset
                  aria-label={t("table.markPaidFor", { reference: row.reference, name: row.fullName })}
                  className="text-sm font-medium whitespace-nowrap text-blue-700 underline underline-offset-2"
                >
                  {t("table.markPaid")}
                </Link>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
