// An enrolment's lifecycle stage as the payments list shows it (ADR 033).
import { useTranslation } from "~/i18n/react";
import { type EnrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";

const tone: Record<EnrollmentStage, string> = {
  seat: "bg-slate-100 text-slate-700 ring-slate-300",
  offered: "bg-blue-50 text-blue-800 ring-blue-200",
  waitlisted: "bg-amber-50 text-amber-900 ring-amber-200",
  paid: "bg-green-50 text-green-800 ring-green-200",
  cancelled: "bg-slate-100 text-slate-500 ring-slate-300",
  "refund-due": "bg-red-50 text-red-800 ring-red-200",
  refunded: "bg-red-50 text-red-800 ring-red-200",
};

export function StageBadge({ stage }: { stage: EnrollmentStage }) {
  const { t } = useTranslation("admin-payments");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tone[stage]}`}
      data-testid="payment-stage"
    >
      {t(stageRules[stage].adminLabel)}
    </span>
  );
}
