// GET /admin/classes/<id>/certificates (issue 30, ADR 048): a finished class's certificates of
// attendance, one printed A4 page per learner who attended enough sessions (the rule is
// app/lib/attendance-report.ts's). The certificates are in the language `?lang=vi|en|de` names
// (the admin's own by default), their texts put together here on the server; the page around
// them is in the admin's language and is not printed.
import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { useClassName } from "~/components/admin/classes/class-table";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { i18n } from "~/i18n/i18n";
import { isLanguage, type Language, languages } from "~/i18n/language";
import { loadNamespace } from "~/i18n/load.client";
import { useTranslation } from "~/i18n/react";
import { CERTIFICATE_MIN_RATE } from "~/lib/attendance-report";
import { localizeContent } from "~/lib/content-language";
import { calendarDayInVietnam, formatDateVi, formatShare } from "~/lib/format";
import { getClassCertificates } from "~/models/attendance-report.server";
import { requestLanguage } from "~/requests/request-language";
import { isUuid } from "~/schemas/course";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/classes.certificates";

export const handle: AdminHandle = { liveTopics: ["classes"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "certificate:page");

/** The language of the certificates: `?lang=` when it names one, else the admin's own. */
function certificateLanguage(request: Request): Language {
  const requested = new URL(request.url).searchParams.get("lang");
  return isLanguage(requested) ? requested : requestLanguage(request);
}

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/classes/:id/certificates");
  const { request, context, params } = args;
  const today = calendarDayInVietnam();
  const report = isUuid(params.id) ? await getClassCertificates(context.db, params.id, today) : undefined;
  if (!report) throw new Response("Not found", { status: 404 });
  const language = certificateLanguage(request);
  const t = i18n.getFixedT(language, "certificate");
  const { klass } = report;
  const course = localizeContent(
    { title: klass.courseTitle, translations: klass.courseTranslations },
    language,
    ["title"],
  );
  const school = t("common:brand.name");
  const issued = formatDateVi(today);
  const certificates = report.over
    ? report.eligible.map((learner) => ({
        id: learner.id,
        school,
        title: t("document.title"),
        certifies: t("document.certifies", { school }),
        name: learner.fullName,
        attended: t("document.attended"),
        course: t("document.course", { course: course.title, level: klass.courseLevel }),
        dates: t("document.dates", { from: formatDateVi(klass.firstDay), to: formatDateVi(klass.lastDay) }),
        sessions: t("document.sessions", { attended: learner.attended, held: report.sessionsHeld }),
        issued: t("document.issued", { date: issued }),
        issuer: t("document.issuer", { school }),
      }))
    : [];
  return {
    courseClass: {
      id: klass.id,
      courseLevel: klass.courseLevel,
      courseTitle: klass.courseTitle,
      startsOn: klass.startsOn,
      lastDay: klass.lastDay,
    },
    over: report.over,
    sessionsHeld: report.sessionsHeld,
    learners: report.learners.length,
    language,
    certificates,
  };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadNamespace(i18n.language, "certificate")]);
  return data;
}

// One certificate per printed A4 page; the admin's chrome is not printed.
const PRINT_CSS = "@page { size: A4; margin: 12mm; }";

export default function ClassCertificates({ loaderData }: Route.ComponentProps) {
  const { t, language: uiLanguage } = useTranslation("certificate");
  const { t: tc } = useTranslation("common");
  const nameOf = useClassName();
  const { courseClass, over, sessionsHeld, learners, language, certificates } = loaderData;
  const base = `/admin/classes/${courseClass.id}/certificates`;
  return (
    <section aria-labelledby="certificates-heading" className="space-y-5 print:space-y-0">
      <style>{PRINT_CSS}</style>
      <div className="space-y-4 print:hidden">
        <Link
          to={`/admin/classes/${courseClass.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("back")}
        </Link>
        <h1 id="certificates-heading" className="text-2xl font-bold text-slate-900">
          {t("heading", { name: nameOf(courseClass) })}
        </h1>
        <p className="text-slate-600">
          {t("rule", { percent: formatShare(CERTIFICATE_MIN_RATE, 1, uiLanguage) })}
        </p>
        {!over ? (
          <Alert tone="info">{t("notReady", { date: formatDateVi(courseClass.lastDay) })}</Alert>
        ) : (
          <>
            <p className="text-slate-700">
              {t("summary", { count: certificates.length, learners, held: sessionsHeld })}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <nav aria-label={t("language")} className="flex flex-wrap gap-2">
                {languages.map((lang) => (
                  <Link
                    key={lang}
                    to={`${base}?lang=${lang}`}
                    aria-current={lang === language ? "true" : undefined}
                    className={buttonClass(lang === language ? "primary" : "secondary")}
                  >
                    {tc(`language.${lang}`)}
                  </Link>
                ))}
              </nav>
              {certificates.length > 0 && (
                <button type="button" onClick={() => window.print()} className={buttonClass("secondary")}>
                  <Printer aria-hidden="true" className="size-4" />
                  {t("print")}
                </button>
              )}
            </div>
            {certificates.length === 0 && <Alert tone="info">{t("none")}</Alert>}
          </>
        )}
      </div>
      {certificates.map((certificate) => (
        <article
          key={certificate.id}
          lang={language}
          aria-label={certificate.name}
          className="mx-auto flex max-w-3xl break-after-page flex-col items-center gap-4 rounded-2xl border-8 border-double border-blue-800 bg-white px-10 py-14 text-center text-slate-900 shadow-sm print:h-[265mm] print:max-w-none print:justify-center print:rounded-none print:shadow-none"
        >
          <p className="text-lg font-bold tracking-widest text-blue-800 uppercase">{certificate.school}</p>
          <h2 className="text-3xl font-bold uppercase">{certificate.title}</h2>
          <p className="text-lg">{certificate.certifies}</p>
          <p className="font-serif text-4xl font-bold text-blue-900">{certificate.name}</p>
          <p className="text-lg">{certificate.attended}</p>
          <p className="text-2xl font-semibold">{certificate.course}</p>
          <p className="text-lg">{certificate.dates}</p>
          <p className="text-lg">{certificate.sessions}</p>
          <div className="mt-8 flex w-full justify-between text-sm text-slate-700">
            <span>{certificate.issued}</span>
            <span>{certificate.issuer}</span>
          </div>
        </article>
      ))}
    </section>
  );
}
