import { Clock, Gift, Headphones, Mail, Phone } from "lucide-react";
import { isRouteErrorResponse, Link, useMatches, useSearchParams } from "react-router";
import { formPrefill } from "~/auth/session.server";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { EnrollmentForm, type EnrollmentRecap, enrollmentRecapFields } from "~/components/site/enroll-form";
import { EnrollmentSuccess } from "~/components/site/enroll-success";
import { ErrorPage } from "~/components/site/error-page";
import { PublicFormCard } from "~/components/site/public-form";
import { HeroBadge, PageHero, SideCard, TickList } from "~/components/site/sections";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { findChosenCourse } from "~/lib/chosen-course";
import { listEnrollableClasses } from "~/models/class-seat.server";
import { listEnrollmentCourses, submitEnrollment } from "~/models/enrollment.server";
import { offerFormTicket } from "~/models/public-submission.server";
import { formPageAction } from "~/requests/public-form.server";
import { requestLanguage } from "~/requests/request-language";
import { enrollmentSchema } from "~/schemas/enrollment";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/enroll";
import type { loader as siteLayoutLoader } from "./layout";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "enroll:meta");

// Seats left change with every enrolment into a class.
export const handle: RouteHandle = { liveTopics: ["courses", "classes", "contacts"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [courses, classes, prefill] = await Promise.all([
    listEnrollmentCourses(context.db, requestLanguage(request)),
    listEnrollableClasses(context.db),
    formPrefill(request, context),
  ]);
  return { courses, classes, ticket: offerFormTicket(context), prefill };
}

export const action = formPageAction({
  submit: submitEnrollment,
  genericError: "enroll:errors.generic",
  // The course choices do not change how long an echoed value may be.
  schema: enrollmentSchema([]),
  recap: enrollmentRecapFields,
});

const offers = ["discount", "materials", "trial", "support"] as const;
const steps = ["form", "consultation", "trial", "start"] as const;

export default function EnrollPage({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("enroll");
  // `?course=<id>` (the course pages' links) preselects that course when it is open; a level
  // code (`?course=b1`) the first course of that level. `?class=<id>` (the schedule's links)
  // preselects that class and its course.
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("course");
  const defaultClass = loaderData.classes.find((klass) => klass.id === searchParams.get("class"));
  const defaultCourse =
    defaultClass?.courseId ?? (requested ? findChosenCourse(loaderData.courses, requested)?.id : undefined);

  return (
    <main id="main">
      <PageHero
        size="compact"
        before={<HeroBadge>{t("hero.badge")}</HeroBadge>}
        title={t("hero.title")}
        lead={t("hero.subtitle")}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-3">
        <PublicFormCard<EnrollmentRecap>
          id="enroll"
          title={t("form.title")}
          actionData={actionData}
          form={({ lastResult, onSent }) => (
            <EnrollmentForm
              courses={loaderData.courses}
              classes={loaderData.classes}
              defaultCourse={defaultCourse}
              defaultClass={defaultClass?.id}
              lastResult={lastResult}
              ticket={loaderData.ticket}
              onSent={onSent}
              prefill={loaderData.prefill}
            />
          )}
          success={(sent, again) => (
            <EnrollmentSuccess
              sent={sent}
              courses={loaderData.courses}
              classes={loaderData.classes}
              onAgain={again}
            />
          )}
        />
        <aside className="space-y-6">
          <SideCard
            id="offers-title"
            title={t("offers.title")}
            icon={<Gift aria-hidden="true" className="size-5 text-amber-700" />}
            className="bg-amber-50 p-6 text-slate-900"
          >
            <TickList
              items={offers.map((offer) => t(`offers.${offer}`))}
              tick="text-green-700"
              className="text-slate-800"
            />
          </SideCard>
          <SideCard
            id="process-title"
            title={t("process.title")}
            icon={<Clock aria-hidden="true" className="size-5 text-blue-700" />}
            className="border border-slate-200 p-6 text-slate-900"
          >
            <ol className="mt-4 space-y-4">
              {steps.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">{t(`process.${step}.title`)}</p>
                    <p className="text-sm text-slate-600">{t(`process.${step}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </SideCard>
          <SupportPanel />
        </aside>
      </div>
    </main>
  );
}

/** spec §2 Enrol: support contact info, 24/7, replying within 30 minutes. Shows the stored
 * contact details (those the footer shows). */
function SupportPanel() {
  const localize = useLocalizedPath();
  const { t } = useTranslation("enroll");
  // The site layout's data, under its Vietnamese, English or German route id (app/routes.ts).
  const layout = useMatches().find((match) => match.id.endsWith("routes/site/layout"));
  const contact = (layout?.loaderData as Awaited<ReturnType<typeof siteLayoutLoader>> | undefined)?.contact;
  return (
    <SideCard
      id="support-title"
      title={t("support.title")}
      icon={<Headphones aria-hidden="true" className="size-5" />}
      className="bg-blue-800 p-6 text-white"
    >
      <p className="mt-3 text-blue-100">{t("support.text")}</p>
      <ul className="mt-4 space-y-2">
        {contact?.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("support.phone")}: </span>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="font-semibold hover:underline">
              {contact.phone}
            </a>
          </li>
        )}
        {contact?.email && (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("support.email")}: </span>
            <a href={`mailto:${contact.email}`} className="font-semibold hover:underline">
              {contact.email}
            </a>
          </li>
        )}
      </ul>
      <Link
        to={localize("/contact")}
        className="mt-4 inline-block text-sm font-medium text-blue-100 underline hover:text-white"
      >
        {t("support.more")}
      </Link>
    </SideCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
