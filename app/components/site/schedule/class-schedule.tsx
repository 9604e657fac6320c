import { Link } from "react-router";
import { levelName } from "~/components/site/courses/level-name";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { LevelGroup, PublicClass } from "~/models/class-schedule.server";
import { JsonLd, useSiteIdentity } from "../courses/json-ld";
import { ClassCard } from "./class-card";
import { scheduleJsonLd } from "./class-json-ld";

/** /schedule's list: the upcoming classes under one heading per level, or the empty state. */
export function ClassSchedule({ groups }: { groups: readonly LevelGroup[] }) {
  const localize = useLocalizedPath();
  const { t, language } = useTranslation("schedule");
  const { t: tc } = useTranslation("courses");
  const site = useSiteIdentity();
  if (groups.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-10 text-center">
          <p className="text-lg text-slate-700">{t("empty")}</p>
          <Link to={localize("/enroll")} className={buttonClass("primary", "mt-6")}>
            {t("emptyAction")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12">
      {groups.map((group) => (
        <section key={group.level} aria-labelledby={`level-${group.level}`}>
          <h2 id={`level-${group.level}`} className="text-2xl font-bold">
            {t("level", { level: group.level, name: levelName(tc, group.level) })}
          </h2>
          <ClassList classes={group.classes} />
        </section>
      ))}
      <JsonLd
        data={
          import.meta.env.SSR
            ? scheduleJsonLd(
                groups.flatMap((group) => group.classes),
                site,
                language,
              )
            : undefined
        }
      />
    </div>
  );
}

/** Class cards in a grid: three across a full-width page, two beside a course's facts. */
export function ClassList({ classes, wide = true }: { classes: readonly PublicClass[]; wide?: boolean }) {
  return (
    <ul className={`mt-6 grid gap-6 md:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""}`}>
      {classes.map((item) => (
        <ClassCard key={item.id} item={item} />
      ))}
    </ul>
  );
}
