// The success screen's payment block as the money comes in (issue 31): the learner often keeps
// the page open on the phone they transfer with. On each "payments" change of the page's stream
// (it names no enrolment) the block asks GET /api/payment-status/<token> where its enrolment
// stands, with the token the enrolment's answer carried, and shows what the lifecycle says: the
// transfer details while the fee is owed, what is left after a part, the confirmation once paid.
// Apart from payment-details.tsx, which "Khóa học của tôi" uses too: that page reloads its loader.
import { useEffect, useRef, useState } from "react";
import { useChangeTopic } from "~/components/use-change-topic";
import { useTranslation } from "~/i18n/react";
import { isEnrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";
import { formatPriceVnd } from "~/lib/format";
import type { PaymentStatus } from "~/models/payment-status.server";
import { type PaymentCardProps, PaymentDetailsCard, PaymentNote } from "./payment-details";

/** The success screen's block: the transfer details, which follow the payment while the page runs
 * its script (the enrolment's answer carries the token to ask with). Without the script, or
 * without a token, they stay as the answer gave them. */
export function LivePaymentDetails({ token, ...card }: PaymentCardProps & { token: string | undefined }) {
  return <PaymentProgress status={usePaymentStatus(token)} {...card} />;
}

/** Where the enrolment's payment stands, asked again whenever a payment is recorded in the school
 * ("payments" names no enrolment), until the lifecycle says nothing more is owed. */
function usePaymentStatus(token: string | undefined): PaymentStatus | undefined {
  const [status, setStatus] = useState<PaymentStatus>();
  const asking = useRef<AbortController>(undefined);
  // Settled as soon as the answer says so, not once React has rendered it and dropped the
  // listener: a change heard in between must not ask again.
  const settled = useRef(false);
  const owes = status === undefined || stageRules[status.stage].owes;
  useChangeTopic(token && owes ? "payments" : undefined, () => {
    if (!token || settled.current) return;
    // Only the latest answer counts: a burst of payments asks once more, not in any order.
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    fetch(`/api/payment-status/${encodeURIComponent(token)}`, {
      cache: "no-store",
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((answer: unknown) => {
        if (!isPaymentStatus(answer)) return;
        settled.current = !stageRules[answer.stage].owes;
        setStatus(answer);
      })
      // Offline, or asked again meanwhile: the next change asks again.
      .catch(() => {});
  });
  useEffect(() => () => asking.current?.abort(), []);
  return status;
}

/** The endpoint's answer; anything else (an error page from a proxy) is not one. */
const isPaymentStatus = (answer: unknown): answer is PaymentStatus =>
  isEnrollmentStage((answer as PaymentStatus | undefined)?.stage);

/** The details while the fee is owed (the lifecycle's `owes`); once paid, the confirmation in
 * their place. What changes is in a polite live region, so that a screen reader says it. A part
 * paid keeps the QR code, which still holds the whole fee: the line says what is left. */
export function PaymentProgress({
  status,
  ...card
}: PaymentCardProps & { status: PaymentStatus | undefined }) {
  const { t } = useTranslation("payment");
  const owes = status ? stageRules[status.stage].owes : true;
  const received = status?.received ?? 0;
  const due = status?.due ?? card.payment.amount;
  const left = formatPriceVnd(Math.max(due - received, 0));
  const Heading = card.headingLevel;
  return (
    <div className="space-y-4">
      <div role="status" aria-live="polite" data-testid="payment-live">
        {status?.stage === "paid" ? (
          <section
            aria-labelledby={card.headingId}
            className="space-y-2 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:p-5"
          >
            <Heading id={card.headingId} className="font-semibold text-emerald-900">
              <span aria-hidden="true">✓ </span>
              {t("live.paidTitle")}
            </Heading>
            <p className="font-medium text-slate-900">
              {t("live.paidAmount", { amount: formatPriceVnd(received) })}
            </p>
            <p className="text-slate-800">{t(stageRules.paid.learnerNote)}</p>
          </section>
        ) : status && !owes ? (
          // Cancelled meanwhile, say: what the lifecycle tells the learner then.
          <PaymentNote note={stageRules[status.stage].learnerNote} />
        ) : received > 0 ? (
          <div className="space-y-1 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
            <p className="font-semibold text-slate-900">
              {t("live.partial", {
                received: formatPriceVnd(received),
                due: formatPriceVnd(due),
                left,
              })}
            </p>
            <p className="text-sm text-slate-800">
              {t("live.partialQr", { due: formatPriceVnd(card.payment.amount), left })}
            </p>
          </div>
        ) : null}
      </div>
      {owes && <PaymentDetailsCard {...card} />}
    </div>
  );
}
