import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { useTranslation } from "~/i18n/react";
import { getSchoolContact } from "~/models/school-contact.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "privacy:meta");

export const handle: RouteHandle = { liveTopics: ["contacts"] };

export async function loader({ context }: Route.LoaderArgs) {
  const school = await getSchoolContact(context.db);
  return { contact: { email: school.email, phone: school.phone, address: school.address } };
}

const sections = [
  { key: "collected", items: ["enrollment", "contact", "placement", "trial", "technical"] },
  { key: "purpose", items: ["respond", "confirm", "abuse", "noSale"] },
  {
    key: "retention",
    items: ["enrollment", "payments", "contact", "placement", "trial", "counters", "mail", "audit"],
  },
] as const;

/** What the two forms collect, why, how long it is kept and whom to ask for its
 * deletion, as Vietnam's personal-data rules expect. */
export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("privacy");
  const { contact } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 lg:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t("title")}</h1>
      <p className="mt-6 text-lg leading-relaxed text-slate-700">{t("intro")}</p>
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`privacy-${section.key}`} className="mt-10">
          <h2 id={`privacy-${section.key}`} className="text-2xl font-bold text-slate-900">
            {t(`${section.key}.title`)}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
            {section.items.map((item) => (
              <li key={item}>{t(`${section.key}.${item}`)}</li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="privacy-access" className="mt-10">
        <h2 id="privacy-access" className="text-2xl font-bold text-slate-900">
          {t("access.title")}
        </h2>
        <p className="mt-4 leading-relaxed text-slate-700">{t("access.text")}</p>
      </section>
      <section aria-labelledby="privacy-rights" className="mt-10 rounded-2xl bg-blue-50 p-6">
        <h2 id="privacy-rights" className="text-2xl font-bold text-slate-900">
          {t("rights.title")}
        </h2>
        <p className="mt-4 leading-relaxed text-slate-700">{t("rights.text")}</p>
        <p className="mt-4 leading-relaxed text-slate-700">{t("rights.account")}</p>
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
          {contact.email && (
            <>
              <dt className="font-semibold">{t("rights.email")}</dt>
              <dd>
                <a href={`mailto:${contact.email}`} className="text-blue-700 underline">
                  {contact.email}
                </a>
              </dd>
            </>
          )}
          {contact.phone && (
            <>
              <dt className="font-semibold">{t("rights.phone")}</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="text-blue-700 underline">
                  {contact.phone}
                </a>
              </dd>
            </>
          )}
          {contact.address && (
            <>
              <dt className="font-semibold">{t("rights.address")}</dt>
              <dd>{contact.address}</dd>
            </>
          )}
        </dl>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
