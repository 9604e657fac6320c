import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { describeClassWhen } from "~/lib/class-dates";
import { localizePath } from "~/lib/localized-path";
import { PLACEMENT_GAP_MAX_LENGTH, PLACEMENT_PASS_SHARE, placementLevels } from "~/lib/placement-test";
import { trialHref, trialLevelOf } from "~/lib/trial-lesson";
import { listEnrollableClasses } from "~/models/class-seat.server";
import { listActiveCourses } from "~/models/course.server";
import { getPlacementAttempt, submitPlacementTest } from "~/models/placement-test.server";
import { retryAfterMinutes } from "~/models/public-submission.server";
import { requestLanguage } from "~/requests/request-language";
import { HONEYPOT_FIELD, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/fields";
import { placementAnswersSchema, placementFormEcho } from "~/schemas/placement-test";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/placement-test.attempt";

// The attempt's secret is in the address: the page is never indexed, and never kept by a cache.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "placement:meta"),
  { name: "robots", content: "noindex" },
];

export const handle: RouteHandle = { liveTopics: [] };

const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const attempt = await getPlacementAttempt(context.db, params.token);
  if (!attempt) throw data(null, { status: 404, headers: PRIVATE });
  if (attempt.status === "open")
    return data({ ...attempt, course: undefined, nextClass: undefined }, { headers: PRIVATE });
  // The course to start with, in the page's language, and its next class that takes enrolments.
  const level = attempt.result.startAt;
  const [courses, classes] = await Promise.all([
    level === "beyond" ? [] : listActiveCourses(context.db, requestLanguage(request)),
    level === "beyond" ? [] : listEnrollableClasses(context.db),
  ]);
  const course = courses.find((entry) => entry.level === level);
  const ofCourse = classes.filter((klass) => klass.courseId === course?.id);
  const nextClass = ofCourse.find((klass) => !klass.full) ?? ofCourse[0];
  return data(
    {
      ...attempt,
      course: course && { id: course.id, level: course.level, title: course.title },
      nextClass: nextClass && {
        id: nextClass.id,
        startsOn: nextClass.startsOn,
        weekdays: nextClass.weekdays,
        startTime: nextClass.startTime,
        endTime: nextClass.endTime,
        full: nextClass.full,
      },
    },
    { headers: PRIVATE },
  );
}

/** The answers (a plain post, with or without JavaScript), then the result at the same address. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // Given back with a refusal, so that no answer is lost (without JavaScript).
  const values = placementFormEcho(formData);
  const submission = parseWithZod(formData, { schema: placementAnswersSchema });
  if (submission.status !== "success") {
    return data(
      { fieldErrors: submission.error ?? {}, formError: undefined, values },
      { status: 400, headers: PRIVATE },
    );
  }
  const language = requestLanguage(request);
  const resultPath = localizePath(`/placement-test/${params.token}`, language);
  const outcome = await submitPlacementTest(context, params.token, submission.value, {
    language,
    resultUrl: `${context.config.APP_URL}${resultPath}`,
  });
  switch (outcome.status) {
    case "scored":
    case "already-submitted":
    case "ignored":
      throw redirect(resultPath, { headers: PRIVATE });
    case "not-found":
      throw data(null, { status: 404, headers: PRIVATE });
    case "rate-limited":
      return data(
        {
          fieldErrors: {} as Record<string, string[] | null>,
          formError: {
            key: "common:validation.tooManySubmissions",
            count: retryAfterMinutes(outcome.retryAfterSeconds),
          },
          values,
        },
        { status: 429, headers: { ...PRIVATE, "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function PlacementAttemptPage({
  loaderData,
  actionData: freshActionData,
}: Route.ComponentProps) {
  const actionData = useKeptActionData(freshActionData);
  return loaderData.status === "open" ? (
    <TestForm questions={loaderData.questions} errors={actionData} />
  ) : (
    <TestResult {...loaderData} />
  );
}

type Question = Extract<Route.ComponentProps["loaderData"], { status: "open" }>["questions"][number];
type ActionErrors = Route.ComponentProps["actionData"];

/**
 * One form with every question: without JavaScript it is one page, answered top to bottom; with
 * it, one question at a time with a progress bar (the others are hidden, still in the form, so
 * the post is the same).
 */
function TestForm({ questions, errors }: { questions: Question[]; errors: ActionErrors }) {
  const { t } = useTranslation("placement");
  const submitting = useNavigation().state === "submitting";
  // null: every question at once (the server's render, and a browser without JavaScript).
  const [current, setCurrent] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Errors from the post concern the fields at the end: show them.
    setCurrent(errors ? questions.length : 0);
  }, [errors, questions.length]);
  const total = questions.length;
  const go = (step: number) => {
    setCurrent(step);
    // The next question's heading takes the focus, so a screen reader reads it.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const atEnd = current === null || current >= total;
  const fieldError = (name: string) => errors?.fieldErrors?.[name]?.[0];
  // A refused post's answers, put back (without JavaScript the page is the post's answer).
  const values = errors?.values;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("test.title")}</h1>
      {current === null ? (
        <p className="mt-3 text-slate-700">{t("test.allOnOnePage")}</p>
      ) : (
        <div className="mt-4">
          <label htmlFor="placement-progress" className="text-sm font-medium text-slate-700">
            {t("test.progress", { current: Math.min(current + 1, total), total })}
          </label>
          <progress
            id="placement-progress"
            className="mt-1 block h-2 w-full"
            max={total}
            value={Math.min(current, total)}
            aria-label={t("test.progressLabel")}
          />
        </div>
      )}
      <Form method="post" className="mt-6 space-y-6" noValidate={false}>
        {questions.map((question, index) => {
          const name = `answers.${question.id}`;
          const shown = current === null || current === index;
          return (
            <fieldset
              key={question.id}
              hidden={!shown}
              className="rounded-xl border border-slate-200 bg-white p-5"
            >
              <legend className="sr-only">{t("test.question", { number: index + 1 })}</legend>
              <h2
                ref={current === index ? heading : undefined}
                tabIndex={-1}
                className="text-sm font-semibold uppercase tracking-wide text-blue-800"
              >
                {t("test.question", { number: index + 1 })}
              </h2>
              <p lang="de" className="mt-2 whitespace-pre-line text-lg text-slate-900">
                {question.prompt}
              </p>
              {question.kind === "choice" ? (
                <div className="mt-4 space-y-2">
                  {question.options.map((option) => (
                    <label
                      key={option}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:bg-slate-50"
                    >
                      <input
                        type="radio"
                        name={name}
                        value={option}
                        defaultChecked={values?.answers[question.id] === option}
                        className="h-4 w-4"
                      />
                      <span lang="de">{option}</span>
                    </label>
                  ))}
                </div>
              ) : (
                <div className="mt-4">
                  <label htmlFor={`gap-${question.id}`} className="block text-sm font-medium text-slate-700">
                    {t("test.gap")}
                  </label>
                  <input
                    id={`gap-${question.id}`}
                    name={name}
                    type="text"
                    lang="de"
                    maxLength={PLACEMENT_GAP_MAX_LENGTH}
                    defaultValue={values?.answers[question.id]}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                  />
                </div>
              )}
              {current !== null && (
                <div className="mt-5 flex flex-wrap justify-between gap-3">
                  <button
                    type="button"
                    onClick={() => go(index - 1)}
                    disabled={index === 0}
                    className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 disabled:invisible"
                  >
                    {t("test.back")}
                  </button>
                  <button
                    type="button"
                    onClick={() => go(index + 1)}
                    className="rounded-lg bg-blue-700 px-5 py-2 font-semibold text-white hover:bg-blue-800"
                  >
                    {t("test.next")}
                  </button>
                </div>
              )}
            </fieldset>
          );
        })}
        <fieldset hidden={!atEnd} className="rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-lg font-bold text-slate-900">{t("test.contact.title")}</legend>
          <h2
            ref={current !== null && current >= total ? heading : undefined}
            tabIndex={-1}
            className="sr-only"
          >
            {t("test.contact.title")}
          </h2>
          <p className="text-slate-700">{t("test.contact.intro")}</p>
          {(
            [
              ["name", "text", "name", NAME_MAX_LENGTH],
              ["email", "email", "email", 254],
              ["phone", "tel", "tel", PHONE_MAX_LENGTH],
            ] as const
          ).map(([field, type, autoComplete, maxLength]) => (
            <div key={field} className="mt-4">
              <label htmlFor={`placement-${field}`} className="block text-sm font-medium text-slate-700">
                {t(`test.contact.${field}`)}
              </label>
              <input
                id={`placement-${field}`}
                name={field}
                type={type}
                autoComplete={autoComplete}
                defaultValue={values?.[field]}
                maxLength={maxLength}
                aria-invalid={fieldError(field) ? true : undefined}
                aria-describedby={fieldError(field) ? `placement-${field}-error` : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              {fieldError(field) && (
                <p id={`placement-${field}-error`} className="mt-1 text-sm text-red-700">
                  {t(`common:${fieldError(field)}`)}
                </p>
              )}
            </div>
          ))}
          {/* For software that fills every field; people never see it. */}
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            className="hidden"
          />
          {errors?.formError && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {t(errors.formError.key, { count: errors.formError.count })}
            </p>
          )}
          {/* An answer the page cannot have sent (a changed page, a replayed post). */}
          {Object.keys(errors?.fieldErrors ?? {}).some((field) => field.startsWith("answers")) && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {t("errors.generic")}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            {current !== null && (
              <button
                type="button"
                onClick={() => go(total - 1)}
                className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800"
              >
                {t("test.back")}
              </button>
            )}
            <button
              type="submit"
              disabled={submitting}
              className="rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
            >
              {t("test.submit")}
            </button>
          </div>
        </fieldset>
      </Form>
    </main>
  );
}

type Submitted = Extract<Route.ComponentProps["loaderData"], { status: "submitted" }>;

function TestResult({ result, course, nextClass, emailLeft }: Submitted) {
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("placement");
  const localize = useLocalizedPath();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t("test.title")}</h1>
        <p className="mt-4 text-slate-700">{t("errors.expired")}</p>
        <Link
          to={localize("/placement-test")}
          className="mt-6 inline-block rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white"
        >
          {t("start")}
        </Link>
      </main>
    );
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
