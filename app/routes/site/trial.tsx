import { CalendarCheck, ClipboardCheck } from "lucide-react";
import { isRouteErrorResponse, Link, useSearchParams } from "react-router";
import { formPrefill } from "~/auth/session.server";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { PublicFormCard } from "~/components/site/public-form";
import { HeroBadge, PageHero, SideCard, TickList } from "~/components/site/sections";
import { TrialForm, type TrialRecap, TrialSuccess } from "~/components/site/trial/trial-form";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { TRIAL_REMINDER_HOURS, type TrialLevel, trialLevels, trialSourceOf } from "~/lib/trial-lesson";
import { offerFormTicket } from "~/models/public-submission.server";
import { listTrialSlots, submitTrialBooking } from "~/models/trial-lesson.server";
import { formPageAction } from "~/requests/public-form.server";
import { trialBookingFormSchema } from "~/schemas/trial-booking";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/trial";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "trial:meta");

// Seats left change with every booking; a class's sessions move with the class; a lesson that
// comes within its booking cutoff leaves the page with the reminder check's announcement.
export const handle: RouteHandle = { liveTopics: ["trials", "classes", "courses", "team"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [slots, prefill] = await Promise.all([listTrialSlots(context.db), formPrefill(request, context)]);
  return {
    slots: slots.map((slot) => ({
      key: slot.key,
      kind: slot.kind,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      seatsLeft: slot.seatsLeft,
      teacher: slot.teacher,
      courseTitle: slot.courseTitle,
    })),
    ticket: offerFormTicket(context),
    prefill,
  };
}

export const action = formPageAction({
  submit: submitTrialBooking,
  genericError: "trial:errors.generic",
  schema: trialBookingFormSchema,
  recap: ["email", "startsAt", "endsAt"],
});

const reasons = ["teacher", "level", "free", "online"] as const;

export default function TrialPage({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("trial");
  const localize = useLocalizedPath();
  // `?level=b1` (the placement test's result) chooses the level; `?from=` names the link's page.
  const [searchParams] = useSearchParams();
  const requestedLevel = searchParams.get("level")?.toLowerCase();
  const level = trialLevels.find((value) => value === requestedLevel) as TrialLevel | undefined;
  const source = trialSourceOf(searchParams.get("from"));
  const open = loaderData.slots.some((slot) => slot.seatsLeft > 0);

  return (
    <main id="main">
      <PageHero
        size="compact"
        before={<HeroBadge>{t("hero.badge")}</HeroBadge>}
        title={t("hero.title")}
        lead={t("hero.intro")}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-3">
        <PublicFormCard<TrialRecap>
          id="trial"
          title={t("form.title")}
          actionData={actionData}
          form={({ lastResult, onSent }) =>
            open ? (
              <>
                {level && source === "placement-test" && (
                  <p className="mb-6 rounded-lg bg-blue-50 p-4 text-blue-900">
                    {t("form.fromTest", { level: t(`levels.${level}`) })}
                  </p>
                )}
                <TrialForm
                  slots={loaderData.slots}
                  level={level}
                  source={source}
                  lastResult={lastResult}
                  ticket={loaderData.ticket}
                  onSent={onSent}
                  prefill={loaderData.prefill}
                />
              </>
            ) : (
              <p className="text-slate-700" data-testid="trial-no-slots">
                {t("form.noSlots")}{" "}
                <Link to={localize("/contact")} className="font-semibold text-blue-800 underline">
                  {t("form.contactLink")}
                </Link>
              </p>
            )
          }
          success={(sent) => (
            <TrialSuccess
              sent={sent}
              reminderHours={TRIAL_REMINDER_HOURS}
              enrollHref={localize("/enroll")}
              againHref={localize("/trial")}
            />
          )}
        />
        <aside className="space-y-6">
          <SideCard
            id="trial-why-title"
            title={t("why.title")}
            icon={<CalendarCheck aria-hidden="true" className="size-5 text-blue-700" />}
            className="border border-slate-200 p-6 text-slate-900"
          >
            <TickList
              items={reasons.map((reason) => t(`why.${reason}`))}
              tick="text-green-700"
              className="text-slate-800"
            />
          </SideCard>
          <SideCard
            id="trial-test-title"
            title={t("test.text")}
            icon={<ClipboardCheck aria-hidden="true" className="size-5 text-amber-700" />}
            className="bg-amber-50 p-6 text-slate-900"
          >
            <Link
              to={localize("/placement-test")}
              className="mt-3 inline-block font-semibold text-blue-800 underline hover:text-blue-900"
            >
              {t("test.link")}
            </Link>
          </SideCard>
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
