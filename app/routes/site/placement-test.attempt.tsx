import { parseWithZod } from "@conform-to/zod/v4";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { TestForm } from "~/components/site/placement/test-form";
import { TestResult } from "~/components/site/placement/test-result";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/lib/localized-path";
import { listEnrollableClasses } from "~/models/class-seat.server";
import { listActiveCourses } from "~/models/course.server";
import { getPlacementAttempt, submitPlacementTest } from "~/models/placement-test.server";
import { retryAfterMinutes } from "~/models/public-submission.server";
import { requestLanguage } from "~/requests/request-language";
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
