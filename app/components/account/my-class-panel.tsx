// What a learner sees of their class inside its enrolment's card in "Khóa học của tôi" (issue 30),
// as listLearnerClasses sends it: the online classroom's link from 24 h before the first session
// (until then, when it will show), their own attendance, the sessions held with what was covered
// and the homework, and the class's materials, each opened through /materials/:id. Plain links and
// <details>: usable by keyboard and without JavaScript, one column on a phone.
import { ExternalLink, FileText, Link2, Video } from "lucide-react";
import { usePageLanguage } from "~/components/site/use-localized-path";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import type { AttendanceStatus } from "~/lib/attendance";
import { calendarDayInVietnam, formatDateVi, formatShare, formatTimeVi } from "~/lib/format";

export interface MyClass {
  status: string;
  meetingUrl: string | null;
  meetingVisibleFrom: Date | string | null;
  sessions: {
    day: string;
    number: number | null;
    covered: string;
    homework: string;
    attendance: AttendanceStatus | null;
  }[];
  /** As the school counts it (ADR 048): excused sessions are left out of the rate. */
  attendance: { counted: number; attended: number; excused: number; rate: number | null };
  materials: {
    id: string;
    title: string;
    kind: "file" | "link";
    fileName: string | null;
    byteSize: number | null;
    href: string;
  }[];
}

/** "850 KB", "2,4 MB" in the page's language. */
function fileSize(bytes: number, language: Language) {
  const [unit, amount] =
    bytes < 1024 * 1024
      ? (["kilobyte", bytes / 1024] as const)
      : (["megabyte", bytes / 1024 / 1024] as const);
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: unit === "kilobyte" ? 0 : 1,
  }).format(unit === "kilobyte" ? Math.max(1, amount) : amount);
}

const attendanceTone: Record<AttendanceStatus | "none", string> = {
  present: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  late: "bg-amber-50 text-amber-800 ring-amber-200",
  absent: "bg-red-50 text-red-800 ring-red-200",
  excused: "bg-slate-100 text-slate-700 ring-slate-200",
  none: "bg-white text-slate-600 ring-slate-200",
};

export function MyClassPanel({ enrollmentId, myClass }: { enrollmentId: string; myClass: MyClass }) {
  const { t } = useTranslation("my-class");
  const language = usePageLanguage();
  const headingId = `my-class-${enrollmentId}`;
  const over = myClass.status === "finished" || myClass.status === "cancelled";
  const { attended, counted, excused, rate } = myClass.attendance;
  const today = calendarDayInVietnam();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <h4 id={headingId} className="font-semibold text-slate-900">
        {t("heading")}
      </h4>

      {myClass.meetingUrl ? (
        <a
          href={myClass.meetingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          <Video aria-hidden="true" className="size-5 shrink-0" />
          <span>{t("meeting.join")}</span>
          <span className="sr-only">{t("meeting.newTab")}</span>
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
        </a>
      ) : myClass.meetingVisibleFrom ? (
        <p className="text-sm text-slate-700">
          {t("meeting.later", {
            date: formatDateVi(myClass.meetingVisibleFrom),
            time: formatTimeVi(myClass.meetingVisibleFrom),
          })}
        </p>
      ) : (
        !over && <p className="text-sm text-slate-700">{t("meeting.notYet")}</p>
      )}

      <p className="text-sm text-slate-800">
        {rate === null && excused === 0
          ? t("attendance.none")
          : [
              rate === null
                ? ""
                : t("attendance.summary", {
                    attended,
                    counted,
                    rate: formatShare(attended, counted, language),
                  }),
              excused > 0 ? t("attendance.excused", { count: excused }) : "",
            ]
              .filter(Boolean)
              .join(" ")}
      </p>

      <details className="rounded-lg bg-white ring-1 ring-slate-200">
        <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700">
          {t("sessions.heading")}
        </summary>
        <div className="px-3 pb-3">
          {myClass.sessions.length === 0 ? (
            <p className="text-sm text-slate-700">{t("sessions.empty")}</p>
          ) : (
            <ol className="divide-y divide-slate-200">
              {myClass.sessions.map((session) => {
                const date =
                  session.day === today
                    ? `${formatDateVi(session.day)} (${t("sessions.today")})`
                    : formatDateVi(session.day);
                const mark = session.attendance ?? "none";
                return (
                  <li key={session.day} className="space-y-1 py-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium text-slate-900">
                        {session.number === null
                          ? date
                          : t("sessions.name", { number: session.number, date })}
                      </p>
                      <p className="text-sm">
                        <span className="sr-only">{t("attendance.label")}: </span>
                        <span className={`rounded-full px-2 py-0.5 ring-1 ${attendanceTone[mark]}`}>
                          {t(`attendance.status.${mark}`)}
                        </span>
                      </p>
                    </div>
                    {(session.covered || session.homework) && (
                      <dl className="space-y-1 text-sm">
                        {session.covered && (
                          <div>
                            <dt className="font-medium text-slate-600">{t("sessions.covered")}</dt>
                            <dd className="whitespace-pre-line break-words text-slate-900">
                              {session.covered}
                            </dd>
                          </div>
                        )}
                        {session.homework && (
                          <div>
                            <dt className="font-medium text-slate-600">{t("sessions.homework")}</dt>
                            <dd className="whitespace-pre-line break-words text-slate-900">
                              {session.homework}
                            </dd>
                          </div>
                        )}
                      </dl>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </details>

      <details className="rounded-lg bg-white ring-1 ring-slate-200">
        <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700">
          {t("materials.heading")}
        </summary>
        <div className="px-3 pb-3">
          {myClass.materials.length === 0 ? (
            <p className="text-sm text-slate-700">{t("materials.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {myClass.materials.map((material) => (
                <li key={material.id} className="flex items-start gap-3 py-2">
                  {material.kind === "link" ? (
                    <Link2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
                  ) : (
                    <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
                  )}
                  <div className="min-w-0 flex-1">
                    <a
                      href={material.href}
                      className="break-words font-medium text-blue-700 underline hover:text-blue-800"
                    >
                      {material.title}
                    </a>
                    <p className="break-words text-sm text-slate-600">
                      {material.kind === "link"
                        ? t("materials.link")
                        : t("materials.file", {
                            name: material.fileName ?? "",
                            size: fileSize(material.byteSize ?? 0, language),
                          })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </details>
    </section>
  );
}
