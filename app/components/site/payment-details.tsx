// How to pay an enrolment by transfer (ADR 028), on the enrolment's success screen and in
// "Khóa học của tôi": the VietQR code first (most learners scan it with their banking app), then
// the same details to type in by hand, the account number and the note one tap from the
// clipboard. Phone first: the code fills the card's width up to 18rem, enough to scan off
// another phone's screen. The success screen follows the payment with it (payment-progress.tsx).
import { useEffect, useState } from "react";
import { QrCodeImage } from "~/components/ui/qr-code";
import { useTranslation } from "~/i18n/react";
import { formatPriceVnd } from "~/lib/format";
import { feeRows, type PaymentDetails } from "~/lib/payment-details";

/** The lifecycle's line about paying (ADR 033) where no transfer details go with it. */
export function PaymentNote({ note }: { note: string }) {
  const { t } = useTranslation("payment");
  return (
    <p className="rounded-xl bg-amber-50 p-4 text-slate-800 ring-1 ring-amber-200" data-testid="payment-when">
      {t(note)}
    </p>
  );
}

export interface PaymentCardProps {
  payment: PaymentDetails;
  /** The lifecycle's line about when to pay (an i18n key, ADR 033). */
  note?: string;
  headingId: string;
  headingLevel: "h3" | "h4";
}

export function PaymentDetailsCard({ payment, note, headingId, headingLevel: Heading }: PaymentCardProps) {
  const { t } = useTranslation("payment");
  const amount = formatPriceVnd(payment.amount);
  const rows: [key: string, label: string, value: string, copy: boolean][] = [
    ["bank", t("details.bank"), payment.bankName, false],
    ["account", t("details.account"), payment.accountNumber, true],
    ["holder", t("details.holder"), payment.accountHolder, false],
    ["note", t("details.note"), payment.note, true],
    ["reference", t("details.reference"), payment.reference, false],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="payment-details"
    >
      <Heading id={headingId} className="font-semibold text-slate-900">
        {t("details.title")}
      </Heading>
      {note && (
        <p className="font-medium text-slate-900" data-testid="payment-when">
          {t(note)}
        </p>
      )}
      <p className="text-sm text-slate-700">{t("details.intro")}</p>
      <QrCodeImage
        qr={payment.qr}
        className="mx-auto block aspect-square w-full max-w-72"
        label={t("details.qrLabel", {
          amount,
          account: payment.accountNumber,
          bank: payment.bankName,
          note: payment.note,
        })}
        testId="payment-qr"
      />
      <dl className="space-y-3">
        {feeRows(t, payment).map(({ key, label, value }) => (
          <div key={key}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className={
                key === "amount" ? "text-2xl font-bold text-slate-900" : "font-medium text-slate-900"
              }
              data-testid={`payment-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
        {rows.map(([key, label, value, copy]) => (
          <div key={key}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                className={`break-all font-medium text-slate-900 ${copy ? "select-all font-mono text-lg" : ""}`}
                data-testid={`payment-${key}`}
              >
                {value}
              </span>
              {copy && <CopyButton value={value} label={label} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Copies one value; shown only where the page runs its script and the browser allows it. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("payment");
  const [available, setAvailable] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setAvailable(typeof navigator !== "undefined" && !!navigator.clipboard), []);
  if (!available) return null;
  return (
    <>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
        aria-label={`${t("details.copy")} – ${label}`}
        className="min-h-11 rounded-lg px-3 text-sm font-semibold text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
      >
        {t("details.copy")}
      </button>
      <span role="status" className="text-sm text-emerald-800">
        {copied ? t("details.copied", { value }) : ""}
      </span>
    </>
  );
}
