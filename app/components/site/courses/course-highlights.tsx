import { CalendarClock, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { enrollmentSchedules } from "~/schemas/domain";
import { SCHEDULE_ANCHOR } from "./course-links";

/** spec §2 Courses static blocks: small classes (at most 8), flexible times, the quality
 * commitment, and the call to action. The class times block is the schedule anchor. */
export function CourseHighlights() {
  const { t } = useTranslation("courses");
  return (
    <>
      <section aria-labelledby="highlights-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="highlights-title" className="text-center text-3xl font-bold">
            {t("highlights.title")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            <li className="rounded-2xl bg-white p-6 shadow-sm">
              <Users aria-hidden="true" className="size-10 text-blue-700" />
              <h3 className="mt-4 text-xl font-semibold">{t("highlights.smallClass.title")}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{t("highlights.smallClass.text")}</p>
            </li>
            <li id={SCHEDULE_ANCHOR} className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm">
              <CalendarClock aria-hidden="true" className="size-10 text-blue-700" />
              <h3 className="mt-4 text-xl font-semibold">{t("highlights.flexible.title")}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{t("highlights.flexible.text")}</p>
              <ScheduleList className="mt-4 text-sm" />
            </li>
            <li className="rounded-2xl bg-white p-6 shadow-sm">
              <ShieldCheck aria-hidden="true" className="size-10 text-blue-700" />
              <h3 className="mt-4 text-xl font-semibold">{t("highlights.quality.title")}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{t("highlights.quality.text")}</p>
            </li>
          </ul>
        </div>
      </section>
      <section aria-labelledby="courses-cta-title" className="bg-blue-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="courses-cta-title" className="text-3xl font-bold">
            {t("cta.title")}
          </h2>
          <p className="mt-4 text-lg text-blue-100">{t("cta.text")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link
              to="/enroll"
              className="rounded-lg bg-amber-400 px-6 py-3 text-lg font-semibold text-slate-900 hover:bg-amber-300"
            >
              {t("cta.consult")}
            </Link>
            <a
              href={`#${SCHEDULE_ANCHOR}`}
              className="rounded-lg border border-white px-6 py-3 text-lg font-semibold text-white hover:bg-blue-700"
            >
              {t("cta.schedule")}
            </a>
          </div>
        </div>
      </section>
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
