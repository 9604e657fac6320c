import { useTranslation } from "~/i18n/react";

const statusTone: Record<string, string> = {
  new: "bg-blue-50 text-blue-800 ring-blue-200",
  contacted: "bg-amber-50 text-amber-900 ring-amber-200",
  trial: "bg-purple-50 text-purple-800 ring-purple-200",
  enrolled: "bg-green-50 text-green-800 ring-green-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
};

const paymentTone: Record<string, string> = {
  pending: "bg-slate-100 text-slate-700 ring-slate-300",
  paid: "bg-green-50 text-green-800 ring-green-200",
  refunded: "bg-red-50 text-red-800 ring-red-200",
};

const badge = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1";

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin-students");
  return (
    <span className={`${badge} ${statusTone[status] ?? statusTone.new}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin-students");
  return (
    <span className={`${badge} ${paymentTone[status] ?? paymentTone.pending}`}>
      {t(`payment.${status}`, { defaultValue: status })}
    </span>
  );
}
