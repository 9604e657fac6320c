// One of the teacher's classes (issue 30): its sessions (the days of its schedule), and for the
// chosen session the roster with contact details, the attendance taken in a few taps on a phone,
// and what the session covered with its homework.
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link, redirect, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ClassMailForm } from "~/components/admin/classes/class-mail-form";
import { useClassName } from "~/components/admin/classes/class-table";
import { MaterialsSection } from "~/components/admin/workspace/materials-section";
import { AttendanceForm, LessonNoteForm, SessionList } from "~/components/admin/workspace/session-forms";
import { useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { defaultSessionDay } from "~/lib/attendance";
import { calendarDayInVietnam } from "~/lib/format";
import { addClassMaterial, deleteClassMaterial, listClassMaterials } from "~/models/class-material.server";
import {
  daysWithAttendance,
  getSessionRecord,
  getWorkspaceClass,
  listClassLearners,
  saveAttendance,
  saveLessonNote,
  sessionDaysOf,
} from "~/models/class-workspace.server";
import { actionFailed } from "~/requests/admin-action.server";
import { classMailAction } from "~/requests/class-mail.server";
import { materialDeleteSchema, materialLinkSchema } from "~/schemas/class-material";
import { attendanceSchema, lessonNoteSchema } from "~/schemas/class-workspace";
import { isUuid } from "~/schemas/course";
import { formatClassTime, formatWeekdays } from "~/schemas/course-class";
import { isCalendarDay } from "~/schemas/fields";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/my-classes.class";

export const handle: AdminHandle = { liveTopics: ["classes", "enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-workspace:page");

export async function loader(args: Route.LoaderArgs) {
  const staff = await staffOnly(args, "/admin/my-classes/:id");
  const { db } = args.context;
  const courseClass = isUuid(args.params.id) ? await getWorkspaceClass(db, staff, args.params.id) : undefined;
  if (!courseClass) throw new Response("Not found", { status: 404 });
  const days = sessionDaysOf(courseClass);
  const asked = new URL(args.request.url).searchParams.get("day");
  const day = asked && days.includes(asked) ? asked : defaultSessionDay(days, calendarDayInVietnam());
  const [learners, taken, record, materials] = await Promise.all([
    listClassLearners(db, courseClass.id),
    daysWithAttendance(db, courseClass.id),
    day ? getSessionRecord(db, courseClass.id, day) : undefined,
    listClassMaterials(db, courseClass.id),
  ]);
  return { courseClass, days, day, taken, learners, record, materials, today: calendarDayInVietnam() };
}

export async function action(args: Route.ActionArgs) {
  const { staff, formData, intent } = await staffForm(args, "/admin/my-classes/:id");
  const { context, params } = args;
  const courseClass = isUuid(params.id) ? await getWorkspaceClass(context.db, staff, params.id) : undefined;
  if (!courseClass) throw new Response("Not found", { status: 404 });
  const day = String(formData.get("day") ?? "");
  const back = (done: string) =>
    redirect(
      `/admin/my-classes/${courseClass.id}?${new URLSearchParams({ ...(isCalendarDay(day) ? { day } : {}), saved: done })}`,
    );

  // "Gửi thư cho cả lớp", as from the roster: the teacher's own class only (checked above).
  if (intent === "preview" || intent === "send-mail")
    return classMailAction(
      context,
      courseClass.id,
      intent,
      formData,
      (sent) => `/admin/my-classes/${courseClass.id}?sent=${sent}`,
    );

  if (intent === "add-link") {
    const submission = parseWithZod(formData, { schema: materialLinkSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    await addClassMaterial(context.db, courseClass.id, submission.value, staff.id);
    throw back("material");
  }
  if (intent === "delete-material") {
    const submission = parseWithZod(formData, { schema: materialDeleteSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (!(await deleteClassMaterial(context.db, courseClass.id, submission.value.materialId)))
      return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
    throw back("material-deleted");
  }

  const submission =
    intent === "attendance"
      ? parseWithZod(formData, { schema: attendanceSchema })
      : parseWithZod(formData, { schema: lessonNoteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let outcome: Awaited<ReturnType<typeof saveAttendance>>;
  try {
    outcome =
      "mark" in submission.value
        ? await saveAttendance(context.db, courseClass, submission.value)
        : await saveLessonNote(context.db, courseClass, submission.value);
  } catch (error) {
    return actionFailed("admin:errors.save", error);
  }
  if (outcome === "not-a-session")
    return data(submission.reply({ formErrors: ["admin-workspace:errors.notASession"] }), { status: 409 });
  throw back(intent);
}

export default function WorkspaceClassPage({
  loaderData,
  actionData: freshActionData,
}: Route.ComponentProps) {
  const { t } = useTranslation("admin-workspace");
  const { t: tc } = useTranslation("admin-classes");
  useTranslation("schedule");
  const actionData = useKeptActionData(freshActionData);
  const nameOf = useClassName();
  const { courseClass, days, day, taken, learners, record, materials, today } = loaderData;
  return (
    <section aria-labelledby="class-heading" className="space-y-5">
      <Link
        to="/admin/my-classes"
        className="inline-flex items-center gap-1 text-sm font-medium text-blue-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("back")}
      </Link>
      <div className="space-y-1">
        <h1 id="class-heading" className="text-2xl font-bold text-slate-900">
          {nameOf(courseClass)}
        </h1>
        <p className="text-slate-700">
          {formatWeekdays(tc, courseClass.weekdays)} ·{" "}
          {formatClassTime(courseClass.startTime, courseClass.endTime)}
          {courseClass.teacherName && ` · ${courseClass.teacherName}`}
        </p>
        {courseClass.meetingUrl && (
          <p>
            <a href={courseClass.meetingUrl} className="font-medium text-blue-700 underline" rel="noreferrer">
              {t("meetingLink")}
            </a>
          </p>
        )}
      </div>
      <SavedNotice />
      {days.length === 0 || !day || !record ? (
        <Alert tone="info">{t("noSessions")}</Alert>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[16rem_1fr]">
          <SessionList classId={courseClass.id} days={days} current={day} taken={taken} today={today} />
          <div className="space-y-5">
            <AttendanceForm
              key={`attendance-${day}`}
              day={day}
              learners={learners}
              marks={record.marks}
              lastResult={actionData}
            />
            <LessonNoteForm key={`note-${day}`} day={day} note={record.note} lastResult={actionData} />
          </div>
        </div>
      )}
      <MaterialsSection classId={courseClass.id} day={day} materials={materials} lastResult={actionData} />
      <ClassMailForm
        key={courseClass.id}
        classId={courseClass.id}
        recipients={new Set(learners.map((row) => row.email.toLowerCase())).size}
        lastResult={actionData}
        preview={actionData && "preview" in actionData ? actionData.preview : undefined}
      />
    </section>
  );
}

const savedNotices: Record<string, string> = {
  attendance: "attendance.saved",
  "lesson-note": "note.saved",
  material: "materials.added",
  "material-deleted": "materials.deleted",
};

/** What the last write did (the address says it: a reload does not post again; the upload's
 * own route sends the teacher back the same way), or why an upload was refused. */
function SavedNotice() {
  const { t } = useTranslation("admin-workspace");
  const { t: tc } = useTranslation("admin-classes");
  const query = new URLSearchParams(useLocation().search);
  const saved = savedNotices[query.get("saved") ?? ""];
  const sent = Number(query.get("sent") ?? 0);
  if (sent > 0) return <Alert tone="success">{tc("roster.mail.sent", { count: sent })}</Alert>;
  const refused = query.get("materialError");
  if (refused && ["missing", "tooLarge", "title"].includes(refused))
    return <Alert tone="error">{t(`materials.errors.${refused}`)}</Alert>;
  return saved ? <Alert tone="success">{t(saved)}</Alert> : null;
}
