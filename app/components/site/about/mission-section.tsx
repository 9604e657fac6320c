import { Eye, Lightbulb } from "lucide-react";
import type { ReactNode } from "react";
import { articleBodyClass } from "~/components/blog/article-body";
import { BodyPieces } from "~/components/blog/body-pieces";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import type { BodyPiece } from "~/lib/rich-text/render.server";

interface AboutInfo {
  mission: string;
  vision: string;
  method: string;
  /** The school's story (`description`), rendered from its document (ADR 056); none when empty. */
  story: readonly BodyPiece[];
  commitment: string;
  /** The texts shown in Vietnamese on an English or German page (localizeContent). */
  fallbackFields: readonly string[];
}

/** spec §2 About: mission, description and commitment, plus the vision and method cards. Texts
 * left empty in the admin are not shown; with none at all the section is left out. */
export function MissionSection({ info }: { info: AboutInfo | undefined }) {
  const { t } = useTranslation("about");
  const texts = [info?.mission, info?.vision, info?.method, info?.commitment];
  if (!info || (!texts.some((text) => text?.trim()) && info.story.length === 0)) return null;
  return (
    <section aria-labelledby="mission-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <h2 id="mission-title" className="text-3xl font-bold">
            {t("mission.title")}
          </h2>
          {info.mission && (
            <p className="mt-5 text-xl leading-relaxed text-slate-800" {...langAttribute(info, "mission")}>
              {info.mission}
            </p>
          )}
          {info.story.length > 0 && (
            <div {...langAttribute(info, "description")} className={`article-body mt-1 ${articleBodyClass}`}>
              <BodyPieces body={info.story} />
            </div>
          )}
          {info.commitment && (
            <div className="mt-6 rounded-r-2xl border-l-4 border-amber-400 bg-amber-50 p-5">
              <h3 className="font-semibold text-slate-900">{t("mission.commitment")}</h3>
              <p className="mt-2 leading-relaxed text-slate-800" {...langAttribute(info, "commitment")}>
                {info.commitment}
              </p>
            </div>
          )}
        </div>
        <div className="space-y-6">
          {info.vision && (
            <InfoCard
              icon={<Eye aria-hidden="true" className="size-6" />}
              title={t("mission.vision")}
              lang={langAttribute(info, "vision")}
            >
              {info.vision}
            </InfoCard>
          )}
          {info.method && (
            <InfoCard
              icon={<Lightbulb aria-hidden="true" className="size-6" />}
              title={t("mission.method")}
              lang={langAttribute(info, "method")}
            >
              {info.method}
            </InfoCard>
          )}
        </div>
      </div>
    </section>
  );
}

function InfoCard({
  icon,
  title,
  lang,
  children,
}: {
  icon: ReactNode;
  title: string;
  /** `lang="vi"` when the text fell back to Vietnamese; the title is the page's language. */
  lang: { lang?: string };
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="flex items-center gap-3 text-xl font-semibold">
        <span className="flex size-11 items-center justify-center rounded-xl bg-blue-100 text-blue-700">
          {icon}
        </span>
        {title}
      </h3>
      <p className="mt-3 leading-relaxed text-slate-700" {...lang}>
        {children}
      </p>
    </div>
  );
}
