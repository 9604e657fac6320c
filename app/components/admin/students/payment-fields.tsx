// The payment part of a student's record (ADR 028): the transfer reference, what was received
// (each payment), and the way to record one on the payments page.
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import { PaidAmount, payDialogHref } from "../payments/payments-table";

export interface StudentPayment {
  id: string;
  amount: number;
  paidOn: string;
  method: string;
}

export function PaymentFields({
  student,
}: {
  student: {
    id: string;
    paymentReference: string;
    paymentStatus: string;
    due?: number | null;
    payments?: readonly StudentPayment[];
  };
}) {
  const { t } = useTranslation("admin-payments");
  const payments = student.payments ?? [];
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  return (
    <>
      <div>
        <dt className="text-sm font-medium text-slate-600">{t("students.reference")}</dt>
        <dd className="mt-0.5 font-mono font-semibold text-slate-900">{student.paymentReference}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">{t("students.paid")}</dt>
        <dd className="mt-0.5 text-slate-900">
          <PaidAmount paid={paid} due={student.due ?? null} />
          {payments.length > 0 && (
            <ul className="mt-1 text-sm text-slate-700">
              {payments.map((payment) => (
                <li key={payment.id}>
                  {formatDateVi(payment.paidOn)} · {formatPriceVnd(payment.amount)} ·{" "}
                  {t(`methods.${payment.method}`, { defaultValue: payment.method })}
                </li>
              ))}
            </ul>
          )}
          {student.paymentStatus === "pending" && (
            <Link
              to={payDialogHref(student.id, student.paymentReference)}
              className="mt-1 block text-sm font-medium text-blue-700 underline underline-offset-2"
            >
              {t("students.record")}
            </Link>
          )}
        </dd>
      </div>
    </>
  );
}
