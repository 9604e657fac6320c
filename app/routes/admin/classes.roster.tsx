// One class's roster (ADR 026): its details, its learners and its waitlist in order, the roster
// as a CSV file, and a mail to every learner of the class with a preview.
import { ArrowLeft, Award, Download } from "lucide-react";
import { Link, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ClassMailForm } from "~/components/admin/classes/class-mail-form";
import { ClassStatusBadge, useClassName } from "~/components/admin/classes/class-table";
import { LearnersTable, WaitlistTable } from "~/components/admin/classes/roster-tables";
import { WaitlistControls } from "~/components/admin/classes/waitlist-controls";
import { EmptyList } from "~/components/admin/data-table";
import { useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { i18n } from "~/i18n/i18n";
import { loadNamespace } from "~/i18n/load.client";
import { useTranslation } from "~/i18n/react";
import { calendarDayInVietnam, formatDateVi, formatShare } from "~/lib/format";
import { getClassAttendance } from "~/models/attendance-report.server";
import { listClassRoster } from "~/models/class-roster.server";
import { listMoveTargets } from "~/models/class-waitlist.server";
import { getClassForAdmin } from "~/models/course-class.server";
import { unknownIntent } from "~/requests/admin-action.server";
import { classMailAction } from "~/requests/class-mail.server";
import { isUuid } from "~/schemas/course";
import { formatClassTime, formatWeekdays } from "~/schemas/course-class";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/classes.roster";

export const handle: AdminHandle = { liveTopics: ["classes", "enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-classes:roster.page");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/classes/:id");
  const { db } = args.context;
  const id = args.params.id;
  const courseClass = isUuid(id) ? await getClassForAdmin(db, id) : undefined;
  if (!courseClass) throw new Response("Not found", { status: 404 });
  const [roster, targets, attendance] = await Promise.all([
    listClassRoster(db, id),
    listMoveTargets(db),
    getClassAttendance(db, id, calendarDayInVietnam()),
  ]);
  return { courseClass, ...roster, targets, attendance };
}

// The roster's rows use texts the classes list does not (the students' and the seats' wording).
// Arriving by a link, they load alongside the page's data rather than after it, when the rows
// would first ask for them.
const ROSTER_NAMESPACES = ["admin-students", "class-seats", "schedule", "attendance-report"];

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ...ROSTER_NAMESPACES.map((namespace) => loadNamespace(i18n.language, namespace)),
  ]);
  return data;
}

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/classes/:id");
  const { context, params } = args;
  if (intent !== "preview" && intent !== "send-mail") unknownIntent();
  if (!isUuid(params.id)) throw new Response("Not found", { status: 404 });
  return classMailAction(
    context,
    params.id,
    intent,
    formData,
    (sent) => `/admin/classes/${params.id}?sent=${sent}`,
  );
}

export default function ClassRoster({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("admin-classes");
  const { t: ta } = useTranslation("attendance-report");
  // The mail's preview stays while a live update reloads the roster.
  const actionData = useKeptActionData(freshActionData);
  // The weekdays' names are the public schedule's.
  useTranslation("schedule");
  const location = useLocation();
  const nameOf = useClassName();
  const { courseClass, learners, waitlist, targets, attendance } = loaderData;
  const seatsLeft = Math.max(0, courseClass.capacity - courseClass.seatsTaken);
  // Moving goes to another class, never the one shown.
  const moveTargets = targets.filter((target) => target.id !== courseClass.id);
  const controls = (row: { id: string; fullName: string }, waitlistPosition: number | null) => (
    <WaitlistControls
      row={{ enrollmentId: row.id, fullName: row.fullName, classId: courseClass.id, waitlistPosition }}
      waitlistLength={waitlist.length}
      seatsLeft={seatsLeft}
      targets={moveTargets}
    />
  );
  const sent = Number(new URLSearchParams(location.search).get("sent") ?? 0);
  const recipients = new Set(learners.map((row) => row.email.toLowerCase())).size;
  const preview = actionData && "preview" in actionData ? actionData.preview : undefined;
  return (
    <section aria-labelledby="roster-heading" className="space-y-5">
      <Link to="/admin/classes" className="inline-flex items-center gap-1 text-sm font-medium text-blue-700">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("roster.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 id="roster-heading" className="text-2xl font-bold text-slate-900">
            {nameOf(courseClass)}
          </h1>
          <p className="text-slate-600">
            {formatWeekdays(t, courseClass.weekdays)} ·{" "}
            {formatClassTime(courseClass.startTime, courseClass.endTime)}
            {" · "}
            {courseClass.teacherName ?? t("noTeacher")}
            {courseClass.endsOn && ` · ${t("roster.endsOn", { date: formatDateVi(courseClass.endsOn) })}`}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-slate-600">
            <ClassStatusBadge status={courseClass.status} />
            {t("roster.seats", { taken: courseClass.seatsTaken, capacity: courseClass.capacity })}
          </p>
          {attendance.rate !== null && (
            <p className="text-slate-600">
              {ta("roster.summary", {
                rate: formatShare(attendance.rate, 1, language),
                held: attendance.sessionsHeld,
              })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A file download, not a page: a plain link. */}
          <a
            href={`/admin/classes/${courseClass.id}/roster.csv`}
            download
            className={buttonClass("secondary")}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("roster.csv")}
          </a>
          <Link to={`/admin/classes/${courseClass.id}/certificates`} className={buttonClass("secondary")}>
            <Award aria-hidden="true" className="size-4" />
            {ta("roster.certificates")}
          </Link>
        </div>
      </div>
      {sent > 0 && <Alert tone="success">{t("roster.mail.sent", { count: sent })}</Alert>}

      <section aria-labelledby="learners-heading" className="space-y-3">
        <h2 id="learners-heading" className="text-lg font-bold text-slate-900">
          {t("roster.learnersCount", { count: learners.length, capacity: courseClass.capacity })}
        </h2>
        {learners.length === 0 ? (
          <EmptyList boxed>{t("roster.noLearners")}</EmptyList>
        ) : (
          <LearnersTable
            learners={learners}
            attendance={attendance.learners}
            actions={(row) => controls(row, null)}
          />
        )}
      </section>

      <section aria-labelledby="waitlist-heading" className="space-y-3">
        <h2 id="waitlist-heading" className="text-lg font-bold text-slate-900">
          {t("roster.waitlistCount", { count: waitlist.length })}
        </h2>
        {waitlist.length === 0 ? (
          <EmptyList boxed>{t("roster.noWaitlist")}</EmptyList>
        ) : (
          <WaitlistTable waitlist={waitlist} actions={(row) => controls(row, row.position)} />
        )}
      </section>

      <ClassMailForm
        key={courseClass.id}
        classId={courseClass.id}
        recipients={recipients}
        lastResult={actionData}
        preview={preview}
      />
    </section>
  );
}
