import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import type { PublicClass } from "~/models/class-schedule.server";
import { ClassList } from "./class-schedule";
import { SCHEDULE_PATH } from "./schedule-links";

/** A course page's own upcoming classes, with the same cards as /schedule. */
export function CourseClasses({ classes }: { classes: readonly PublicClass[] }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("schedule");
  return (
    <section aria-labelledby="course-classes" id="classes" className="scroll-mt-24">
      <h2 id="course-classes" className="text-2xl font-bold">
        {t("course.title")}
      </h2>
      {classes.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("course.empty")}</p>
      ) : (
        <ClassList classes={classes} wide={false} />
      )}
      <Link
        to={localize(SCHEDULE_PATH)}
        className="mt-4 inline-block font-semibold text-blue-800 underline-offset-4 hover:underline"
      >
        {t("course.all")}
      </Link>
    </section>
  );
}
