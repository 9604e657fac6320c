import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { TitledSection } from "../sections";

interface Milestone {
  id: string;
  year: string;
  title: string;
  description: string;
  /** The texts shown in Vietnamese on an English or German page (localizeContent). */
  fallbackFields: readonly string[];
}

/** spec §2 About: the milestones timeline, alternating left and right (one column on phones). */
export function MilestonesTimeline({ milestones }: { milestones: readonly Milestone[] }) {
  const { t } = useTranslation("about");
  if (milestones.length === 0) return null;
  return (
    <TitledSection id="milestones-title" title={t("milestones.title")} band="bg-slate-50" width="max-w-5xl">
      <ol className="relative mt-12 space-y-8 before:absolute before:inset-y-0 before:left-4 before:w-0.5 before:bg-blue-200 md:before:left-1/2 md:before:-translate-x-1/2">
        {milestones.map((milestone, index) => {
          const left = index % 2 === 0;
          return (
            <li
              key={milestone.id}
              data-testid="milestone"
              data-side={left ? "left" : "right"}
              className="relative pl-12 md:grid md:grid-cols-2 md:gap-16 md:pl-0"
            >
              <span
                aria-hidden="true"
                className="absolute top-6 left-4 size-4 -translate-x-1/2 rounded-full border-4 border-white bg-blue-700 shadow md:left-1/2"
              />
              <div className={left ? "md:col-start-1 md:text-right" : "md:col-start-2"}>
                <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <p className="text-sm font-bold text-blue-700">{milestone.year}</p>
                  <h3 className="mt-1 text-lg font-semibold" {...langAttribute(milestone, "title")}>
                    {milestone.title}
                  </h3>
                  <p
                    className="mt-2 leading-relaxed text-slate-700"
                    {...langAttribute(milestone, "description")}
                  >
                    {milestone.description}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}
