import { useTranslation } from "~/i18n/react";
import { Avatar } from "./avatar";

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
}

/** spec §2 About: the team, shown only when at least one member is active. */
export function TeamSection({ members }: { members: readonly TeamMember[] }) {
  const { t } = useTranslation("about");
  if (members.length === 0) return null;
  return (
    <section aria-labelledby="team-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="team-title" className="text-center text-3xl font-bold">
          {t("team.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{t("team.subtitle")}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {members.map((member) => (
            <li key={member.id} data-testid="team-member" className="rounded-2xl bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4">
                <Avatar name={member.name} src={member.avatar} color={member.color} />
                <div>
                  <h3 className="text-xl font-semibold">{member.name}</h3>
                  <p className="text-sm font-medium text-blue-800">{member.role}</p>
                </div>
              </div>
              <dl className="mt-5 space-y-3 text-sm">
                <Detail label={t("team.experience")}>{member.experience}</Detail>
                {member.education && <Detail label={t("team.education")}>{member.education}</Detail>}
                {member.certifications.length > 0 && (
                  <Detail label={t("team.certifications")}>
                    <Chips items={member.certifications} tone="bg-blue-50 text-blue-900 ring-blue-200" />
                  </Detail>
                )}
                {member.specialties.length > 0 && (
                  <Detail label={t("team.specialties")}>
                    <Chips
                      items={member.specialties}
                      tone="bg-emerald-50 text-emerald-900 ring-emerald-200"
                    />
                  </Detail>
                )}
                {member.achievements && <Detail label={t("team.achievements")}>{member.achievements}</Detail>}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 text-slate-700">{children}</dd>
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
