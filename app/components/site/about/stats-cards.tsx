import { useTranslation } from "~/i18n/react";
import type { Stats } from "~/lib/about-page";

const items = ["yearsActive", "totalStudents", "successRate", "averageRating"] as const;

/** spec §2 About hero: four statistic cards (defaults already filled in by the loader). */
export function StatsCards({ stats }: { stats: Stats }) {
  const { t } = useTranslation("about");
  return (
    <section aria-label={t("stats.label")} className="mx-auto max-w-6xl px-4">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <div
            key={item}
            data-testid={`stat-${item}`}
            className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          >
            <dt className="mt-2 text-sm font-medium text-slate-600">{t(`stats.${item}`)}</dt>
            <dd className="text-3xl font-extrabold text-blue-700 sm:text-4xl">{stats[item]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
