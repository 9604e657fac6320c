import { useTranslation } from "~/i18n/react";
import { publicCourseLevels } from "~/schemas/domain";
import { levelName } from "./level-name";

/** spec §2 Courses: the four level tiles; a level with no open course is dimmed and labelled
 * "Sắp ra mắt". C1/C2 courses have no tile. */
export function LevelTiles({ courses }: { courses: readonly { level: string }[] }) {
  const { t } = useTranslation("courses");
  const open = new Set(courses.map((course) => course.level));
  return (
    <section aria-labelledby="levels-title" className="mx-auto max-w-6xl px-4 pt-10">
      <h2 id="levels-title" className="sr-only">
        {t("levels.title")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {publicCourseLevels.map((level) => {
          const available = open.has(level);
          return (
            <li
              key={level}
              data-testid={`level-${level}`}
              data-available={available}
              className={
                available
                  ? "rounded-2xl border border-blue-200 bg-white p-5 shadow-sm"
                  : "rounded-2xl border border-dashed border-slate-300 bg-slate-100 p-5 text-slate-600"
              }
            >
              <p className={`text-3xl font-extrabold ${available ? "text-blue-700" : "text-slate-600"}`}>
                {level}
              </p>
              <p className={`mt-1 font-semibold ${available ? "text-slate-900" : ""}`}>
                {levelName(t, level)}
              </p>
              <p
                className={`mt-3 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  available ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"
                }`}
              >
                {available ? t("levels.open") : t("levels.comingSoon")}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
