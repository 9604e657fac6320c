// A teacher's own trial lessons in "Lớp của tôi": who comes, when, their level and phone; after
// the lesson has begun, "Đã tham gia" / "Vắng mặt" in one tap each.
import { Form } from "react-router";
import { SubmitButton, usePendingIntent } from "~/components/forms/submit";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import { canMarkTrial, trialMarks } from "~/lib/trial-lesson";
import type { TeacherTrial } from "~/models/teacher-trials.server";

export function MyTrialsList({ trials, now }: { trials: readonly TeacherTrial[]; now: string }) {
  const { t } = useTranslation("admin-workspace");
  const { t: tt } = useTranslation("admin-trials");
  const { t: tl } = useTranslation("trial");
  const pending = usePendingIntent();
  return (
    <section aria-labelledby="my-trials-heading" className="space-y-3">
      <h2 id="my-trials-heading" className="text-xl font-bold text-slate-900">
        {t("trials.heading")}
      </h2>
      {trials.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
          {t("trials.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {trials.map((trial) => {
            const begun = new Date(trial.startsAt).toISOString() <= now;
            return (
              <li
                key={trial.id}
                className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <p className="font-semibold text-slate-900">{trial.fullName}</p>
                <p className="text-sm text-slate-700">
                  {formatDateTimeVi(trial.startsAt)} · {tl(`levels.${trial.level}`)}
                  {trial.courseTitle && ` · ${trial.courseTitle}`}
                </p>
                <p className="text-sm text-slate-700">
                  <a href={`tel:${trial.phone.replace(/[^\d+]/g, "")}`} className="underline">
                    {trial.phone}
                  </a>{" "}
                  · {tt(`statuses.${trial.status}`)}
                </p>
                {begun && canMarkTrial(trial.status) && (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={trial.id} />
                    <input type="hidden" name="intent" value="mark-trial" />
                    {trialMarks.map((mark) => (
                      <SubmitButton
                        key={mark}
                        name="status"
                        value={mark}
                        variant={trial.status === mark ? "primary" : "secondary"}
                        pending={pending === "mark-trial"}
                        className="px-3 py-2 text-sm"
                        aria-label={tt(`marks.${mark}For`, { name: trial.fullName })}
                      >
                        {tt(`marks.${mark}`)}
                      </SubmitButton>
                    ))}
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
