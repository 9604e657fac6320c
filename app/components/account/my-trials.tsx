// The learner's trial lessons in "Khóa học của tôi" on /profile (issue 29): when (Vietnam time),
// in which class when it is a session of a real class, where it stands, and "Hủy buổi học thử"
// while it may still be cancelled. Cancelling asks for confirmation through the URL
// (?cancelTrial=<id>), as cancelling an enrolment does: plain links and forms, without JavaScript.
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/forms/submit";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatTimeVi } from "~/lib/format";
import type { TrialStatus } from "~/lib/trial-lesson";

export interface MyTrial {
  id: string;
  startsAt: Date | string;
  endsAt: Date | string;
  status: TrialStatus;
  /** The course of the class whose session it is; null for a trial session of its own. */
  courseTitle: string | null;
  /** It became an enrolment (listed above). */
  converted: boolean;
  /** canCancelTrial at the time the page was loaded (the action decides again). */
  cancellable: boolean;
}

export const MY_TRIALS_HEADING = "my-trials-heading";

export function MyTrials({
  trials,
  confirming,
  pending,
}: {
  trials: MyTrial[];
  /** The trial whose cancellation is being confirmed. */
  confirming: string | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby={MY_TRIALS_HEADING} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={MY_TRIALS_HEADING} className="text-lg font-semibold text-slate-900">
        {t("myTrials.heading")}
      </h3>
      {trials.length === 0 ? (
        <div className="space-y-3">
          <p className="text-slate-700">{t("myTrials.empty")}</p>
          <Link to="/trial" className="font-semibold text-blue-700 underline hover:text-blue-800">
            {t("myTrials.bookLink")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {trials.map((trial) => (
            <MyTrialItem
              key={trial.id}
              trial={trial}
              confirming={confirming === trial.id}
              pending={pending}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyTrialItem({
  trial,
  confirming,
  pending,
}: {
  trial: MyTrial;
  confirming: boolean;
  pending: boolean;
}) {
  const { t } = useTranslation("account");
  const itemId = `my-trial-${trial.id}`;
  const date = formatDateVi(trial.startsAt);
  const time = formatTimeVi(trial.startsAt);
  return (
    <li id={itemId} className="space-y-2 rounded-xl p-4 ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">
        {trial.courseTitle
          ? t("myTrials.classSession", { course: trial.courseTitle })
          : t("myTrials.trialSession")}
      </p>
      <p className="text-slate-800">
        {t("myTrials.when", { date, from: time, to: formatTimeVi(trial.endsAt) })}
      </p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{t("myTrials.statusLabel")}</dt>
        <dd className="text-slate-900">{t(`myTrials.status.${trial.status}`)}</dd>
      </dl>
      {trial.converted && <p className="text-sm text-emerald-800">{t("myTrials.converted")}</p>}
      {trial.cancellable && !confirming && (
        <Link
          to={`?cancelTrial=${trial.id}#${itemId}`}
          preventScrollReset
          className="text-sm font-semibold text-red-700 underline hover:text-red-800"
        >
          {t("myTrials.cancel")}
        </Link>
      )}
      {trial.cancellable && confirming && (
        <Form
          method="post"
          action="/profile"
          className="space-y-3 rounded-lg bg-red-50 p-4 ring-1 ring-red-200"
        >
          <p className="text-red-900">{t("myTrials.confirmText", { date, time })}</p>
          <input type="hidden" name="intent" value="cancel-trial" />
          <input type="hidden" name="bookingId" value={trial.id} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton variant="danger" pending={pending}>
              {t("myTrials.confirm")}
            </SubmitButton>
            <Link to="/profile" preventScrollReset className={buttonClass("secondary")}>
              {t("myTrials.keep")}
            </Link>
          </div>
        </Form>
      )}
    </li>
  );
}
