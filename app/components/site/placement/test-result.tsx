// The placement test's result (issue 29): the level reached with the score per level, the course
// to start with and its next class, and the next steps: a free trial lesson, enrolling, advice.
import { Link } from "react-router";
import { trialHref, trialLevelOf } from "~/components/site/courses/course-links";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { describeClassWhen } from "~/lib/class-dates";
import { PLACEMENT_PASS_SHARE, type PlacementResult, placementLevels } from "~/lib/placement-test";

/** What the result page's loader gives. */
export interface PlacementResultView {
  result: PlacementResult;
  emailLeft: boolean;
  course?: { id: string; level: string; title: string };
  nextClass?: {
    id: string;
    startsOn: string;
    weekdays: number[];
    startTime: string;
    endTime: string;
    full: boolean;
  };
}

export function TestResult({ result, course, nextClass, emailLeft }: PlacementResultView) {
  const { t } = useTranslation("placement");
  // describeClassWhen's texts: the class's dates and its weekday names.
  const { t: classTexts } = useTranslation("class-seats");
  useTranslation("schedule");
  const localize = useLocalizedPath();
  const enrollHref = nextClass
    ? `/enroll?class=${nextClass.id}`
    : course
      ? `/enroll?course=${course.id}`
      : undefined;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("result.title")}</h1>
      <p className="mt-6 text-2xl font-bold text-blue-800">
        {result.reached ? t("result.reached", { level: result.reached }) : t("result.reachedNone")}
      </p>
      <p className="mt-3 text-lg text-slate-800">{t(`result.summary.${result.startAt}`)}</p>
      <table className="mt-8 w-full border-collapse text-left">
        <caption className="mb-2 text-left font-semibold text-slate-900">{t("result.tableCaption")}</caption>
        <tbody>
          {placementLevels
            .filter((level) => result.byLevel[level].asked > 0)
            .map((level) => (
              <tr key={level} className="border-t border-slate-200">
                <th scope="row" className="py-2 font-medium text-slate-800">
                  {t("result.levelRow", { level })}
                </th>
                <td className="py-2 text-slate-700">{t("result.score", { ...result.byLevel[level] })}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-600">
        {t("result.rule", { percent: PLACEMENT_PASS_SHARE * 100 })}
      </p>
      {course && (
        <section aria-labelledby="placement-course" className="mt-8 rounded-2xl bg-blue-50 p-6">
          <h2 id="placement-course" className="text-lg font-bold text-slate-900">
            {t("result.course")}
          </h2>
          <p className="mt-2 text-slate-800">
            <span className="font-semibold">{course.level}</span> · {course.title}
          </p>
          <p className="mt-2 text-slate-700">
            {nextClass
              ? `${t("result.nextClass")}: ${describeClassWhen(classTexts, nextClass)}`
              : t("result.noClass")}
          </p>
        </section>
      )}
      {emailLeft && <p className="mt-6 text-slate-700">{t("result.mailed")}</p>}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to={localize(
            trialHref("placement-test", result.reached ? trialLevelOf(result.reached) : "beginner"),
          )}
          className="rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800"
        >
          {t("result.bookTrial")}
        </Link>
        {enrollHref && (
          <Link
            to={localize(enrollHref)}
            className="rounded-lg border border-blue-700 px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50"
          >
            {t("result.enroll")}
          </Link>
        )}
        <Link
          to={localize("/contact")}
          className="rounded-lg border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("result.consult")}
        </Link>
        <Link to={localize("/placement-test")} className="px-2 py-3 font-medium text-blue-800 underline">
          {t("result.retake")}
        </Link>
      </div>
    </main>
  );
}
