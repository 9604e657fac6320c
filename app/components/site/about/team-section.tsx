import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { TitledSection } from "../sections";
import { Avatar } from "./avatar";
import { TEAM_PORTRAIT_SIZE, teamPortrait } from "./team-portrait";

interface TeamMember {
  id: string;
  name: string;
  role: string;
  experience: string;
  education: string;
  certifications: string[];
  specialties: string[];
  achievements: string;
  avatar: string | null;
  color: string;
  /** The texts shown in Vietnamese on an English or German page (localizeContent). */
  fallbackFields: readonly string[];
}

/** spec §2 About: the team, shown only when at least one member is active. A member without a
 * photo shows the drawn portrait of their colour (issue 32). */
export function TeamSection({ members }: { members: readonly TeamMember[] }) {
  const { t } = useTranslation("about");
  if (members.length === 0) return null;
  return (
    <TitledSection id="team-title" title={t("team.title")} subtitle={t("team.subtitle")} band="bg-slate-50">
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {members.map((member) => (
          <li key={member.id} data-testid="team-member" className="rounded-2xl bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <Avatar
                name={member.name}
                src={member.avatar}
                color={member.color}
                portrait={{
                  src: teamPortrait(member.color),
                  alt: t("team.portrait"),
                  size: TEAM_PORTRAIT_SIZE,
                }}
              />
              <div>
                <h3 className="text-xl font-semibold">{member.name}</h3>
                <p className="text-sm font-medium text-blue-800" {...langAttribute(member, "role")}>
                  {member.role}
                </p>
              </div>
            </div>
            <dl className="mt-5 space-y-3 text-sm">
              <Detail label={t("team.experience")} lang={langAttribute(member, "experience")}>
                {member.experience}
              </Detail>
              {member.education && (
                <Detail label={t("team.education")} lang={langAttribute(member, "education")}>
                  {member.education}
                </Detail>
              )}
              {member.certifications.length > 0 && (
                <Detail label={t("team.certifications")} lang={langAttribute(member, "certifications")}>
                  <Chips items={member.certifications} tone="bg-blue-50 text-blue-900 ring-blue-200" />
                </Detail>
              )}
              {member.specialties.length > 0 && (
                <Detail label={t("team.specialties")} lang={langAttribute(member, "specialties")}>
                  <Chips items={member.specialties} tone="bg-emerald-50 text-emerald-900 ring-emerald-200" />
                </Detail>
              )}
              {member.achievements && (
                <Detail label={t("team.achievements")} lang={langAttribute(member, "achievements")}>
                  {member.achievements}
                </Detail>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** A labelled detail; `lang` marks the text (not the label, which is in the page's language)
 * when it fell back to Vietnamese. */
function Detail({
  label,
  lang,
  children,
}: {
  label: string;
  lang: { lang?: string };
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 text-slate-700" {...lang}>
        {children}
      </dd>
    </div>
  );
}

function Chips({ items, tone }: { items: readonly string[]; tone: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item, index) => (
        <li key={index} className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${tone}`}>
          {item}
        </li>
      ))}
    </ul>
  );
}
