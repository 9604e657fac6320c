import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath, usePageLanguage } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { hourMinute } from "~/lib/class-dates";
import { langAttribute } from "~/lib/content-language";
import { formatDateVi } from "~/lib/format";
import type { PublicClass } from "~/models/class-schedule.server";
import { classCalendarHref, enrollClassHref } from "./schedule-links";

/** One upcoming class: when and how often it meets, who teaches, how long it runs and the seats
 * left, with its enrolment link and calendar file. Never the meeting link. */
export function ClassCard({ item }: { item: PublicClass }) {
  const localize = useLocalizedPath();
  const language = usePageLanguage();
  const { t } = useTranslation("schedule");
  const startsOn = formatDateVi(item.startsOn);
  const days = [...item.weekdays]
    .sort((a, b) => a - b)
    .map((day) => t(`weekdays.${day}`))
    .join(", ");
  const length = [
    item.sessionCount ? t("card.sessions", { count: item.sessionCount }) : "",
    item.endsOn ? t("card.until", { date: formatDateVi(item.endsOn) }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const context = (
    <span className="sr-only">: {t("card.context", { title: item.courseTitle, date: startsOn })}</span>
  );
  return (
    <li
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="class-card"
    >
      <h3 className="text-xl font-semibold" {...langAttribute(item, "courseTitle")}>
        {item.courseTitle}
      </h3>
      <p
        className={`mt-3 w-fit rounded-full px-3 py-1 text-sm font-semibold ${
          item.full ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-900"
        }`}
        data-testid="seats-left"
      >
        {item.full ? t("card.full") : t("card.seatsLeft", { count: item.seatsLeft })}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <Fact label={t("card.startsOn")}>{startsOn}</Fact>
        <Fact label={t("card.days")}>{days}</Fact>
        <Fact label={t("card.time")}>
          {hourMinute(item.startTime)}–{hourMinute(item.endTime)}
        </Fact>
        <Fact label={t("card.teacher")}>{item.teacherName ?? t("card.teacherTbd")}</Fact>
        <Fact label={t("card.length")}>{length}</Fact>
      </dl>
      {item.note.trim() !== "" && (
        <p className="mt-4 text-slate-700" {...langAttribute(item, "note")}>
          {item.note}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3 pt-2 sm:mt-auto">
        {item.enrolling ? (
          <Link to={localize(enrollClassHref(item.id))} className={buttonClass("primary")}>
            {t("card.enroll")}
            {context}
          </Link>
        ) : (
          <p className="text-sm text-slate-700">{t("card.startsToday")}</p>
        )}
        <a href={classCalendarHref(item.id, language)} download className={buttonClass("secondary", "gap-2")}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t("card.calendar")}
          {context}
        </a>
      </div>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </>
  );
}
