import { CheckCircle2, Clock, GraduationCap, ListChecks } from "lucide-react";
import { data, Form, isRouteErrorResponse, redirect, useNavigation } from "react-router";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { HeroBadge, PageHero } from "~/components/site/sections";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/lib/localized-path";
import { PLACEMENT_QUESTIONS_PER_LEVEL, placementLevels } from "~/lib/placement-test";
import { PLACEMENT_ATTEMPT_HOURS, startPlacementTest } from "~/models/placement-test.server";
import { retryAfterMinutes } from "~/models/public-submission.server";
import { requestLanguage } from "~/requests/request-language";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/placement-test";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "placement:meta");

// Nothing on this page changes with the school's data: the bank is read when a test starts.
export const handle: RouteHandle = { liveTopics: [] };

const QUESTION_COUNT = placementLevels.reduce((sum, level) => sum + PLACEMENT_QUESTIONS_PER_LEVEL[level], 0);

export function loader() {
  return { questions: QUESTION_COUNT, hours: PLACEMENT_ATTEMPT_HOURS };
}

/** "Bắt đầu làm bài": a new attempt, then its page (its secret in the address). */
export async function action({ request, context }: Route.ActionArgs) {
  const language = requestLanguage(request);
  const started = await startPlacementTest(context, language);
  if (started.status === "started") {
    throw redirect(localizePath(`/placement-test/${started.token}`, language));
  }
  if (started.status === "rate-limited") {
    return data(
      {
        error: "common:validation.tooManySubmissions",
        minutes: retryAfterMinutes(started.retryAfterSeconds),
      },
      { status: 429, headers: { "Retry-After": String(started.retryAfterSeconds) } },
    );
  }
  return data({ error: "placement:unavailable", minutes: 0 }, 503);
}

export default function PlacementTestPage({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("placement");
  const starting = useNavigation().state !== "idle";
  const facts = [
    { key: "questions", Icon: ListChecks },
    { key: "time", Icon: Clock },
    { key: "levels", Icon: GraduationCap },
    { key: "free", Icon: CheckCircle2 },
  ] as const;
  return (
    <main id="main">
      <PageHero
        size="large"
        title={t("hero.title")}
        lead={t("hero.intro", { count: loaderData.questions })}
        before={<HeroBadge>{t("hero.badge")}</HeroBadge>}
      >
        <Form method="post" className="mt-8">
          <button
            type="submit"
            disabled={starting}
            className="rounded-lg bg-blue-700 px-8 py-3 text-lg font-semibold text-white shadow hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-70"
          >
            {t("start")}
          </button>
          {actionData?.error && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {t(actionData.error, { count: actionData.minutes })}
            </p>
          )}
        </Form>
      </PageHero>
      <section aria-labelledby="placement-facts" className="mx-auto max-w-4xl px-4 pb-8">
        <h2 id="placement-facts" className="sr-only">
          {t("meta.title")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map(({ key, Icon }) => (
            <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <Icon className="h-6 w-6 shrink-0 text-blue-700" aria-hidden="true" />
              <span className="font-medium text-slate-800">
                {t(`facts.${key}`, { count: loaderData.questions })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="placement-how" className="mx-auto max-w-3xl px-4 pb-16">
        <h2 id="placement-how" className="text-2xl font-bold text-slate-900">
          {t("how.title")}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
          <li>{t("how.answer")}</li>
          <li>{t("how.noHelp")}</li>
          <li>{t("how.time", { hours: loaderData.hours })}</li>
        </ul>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
