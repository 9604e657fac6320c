import { CalendarClock, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { enrollmentSchedules } from "~/schemas/domain";
import { SCHEDULE_PATH } from "../schedule/schedule-links";
import { CallToAction, FeatureCard, TitledSection } from "../sections";
import { SCHEDULE_ANCHOR, trialHref } from "./course-links";

/** spec §2 Courses static blocks: small classes (at most 8), flexible times, the quality
 * commitment, and the call to action. The class times block is the schedule anchor. */
export function CourseHighlights() {
  const localize = useLocalizedPath();
  const { t } = useTranslation("courses");
  const card = "rounded-2xl bg-white p-6 shadow-sm";
  return (
    <>
      <TitledSection id="highlights-title" title={t("highlights.title")} band="bg-slate-50">
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          <FeatureCard
            Icon={Users}
            title={t("highlights.smallClass.title")}
            text={t("highlights.smallClass.text")}
            className={card}
          />
          <FeatureCard
            Icon={CalendarClock}
            id={SCHEDULE_ANCHOR}
            title={t("highlights.flexible.title")}
            text={t("highlights.flexible.text")}
            className={`scroll-mt-24 ${card}`}
          >
            <ScheduleList className="mt-4 text-sm" />
          </FeatureCard>
          <FeatureCard
            Icon={ShieldCheck}
            title={t("highlights.quality.title")}
            text={t("highlights.quality.text")}
            className={card}
          />
        </ul>
      </TitledSection>
      <CallToAction id="courses-cta-title" title={t("cta.title")} text={t("cta.text")}>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link
            to={localize("/enroll")}
            className="rounded-lg bg-amber-400 px-6 py-3 text-lg font-semibold text-slate-900 hover:bg-amber-300"
          >
            {t("cta.consult")}
          </Link>
          <Link
            to={localize(SCHEDULE_PATH)}
            className="rounded-lg border border-white px-6 py-3 text-lg font-semibold text-white hover:bg-blue-700"
          >
            {t("cta.schedule")}
          </Link>
          <Link
            to={localize(trialHref("courses"))}
            className="rounded-lg border border-white px-6 py-3 text-lg font-semibold text-white hover:bg-blue-700"
          >
            {t("cta.trial")}
          </Link>
        </div>
      </CallToAction>
    </>
  );
}

/** The schedule choices of spec §5 with their hours. */
export function ScheduleList({ className = "text-sm" }: { className?: string }) {
  const { t } = useTranslation("courses");
  return (
    <ul className={`space-y-1.5 text-slate-800 ${className}`}>
      {enrollmentSchedules.map((schedule) => (
        <li key={schedule} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-blue-700" />
          {t(`schedule.${schedule}`)}
        </li>
      ))}
    </ul>
  );
}
