import { Plus } from "lucide-react";
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { CourseDialog } from "~/components/admin/courses/course-dialog";
import { CourseRow } from "~/components/admin/courses/course-row";
import { TRANSLATE_INTENT } from "~/components/admin/courses/course-translation-form";
import { UntranslatedFilter } from "~/components/admin/courses/untranslated-filter";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import {
  courseRevisionFields,
  RESTORE_REVISION_INTENT,
  REVISIONS_DIALOG,
  RevisionDialog,
} from "~/components/admin/revisions/revision-dialog";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { editLanguageFromUrl, untranslatedFilterFromUrl } from "~/lib/content-language";
import { dialogHref, REVISION_PARAM, readDialog } from "~/lib/dialog-url";
import { can } from "~/lib/permissions";
import { withEditableBodies } from "~/lib/rich-text/from-html.server";
import {
  type AdminCourse,
  createCourse,
  deleteCourse,
  listCoursesForAdmin,
  restoreCourseRevision,
  saveCourseTranslation,
  setCourseActive,
  updateCourse,
} from "~/models/course.server";
import { getCourseRevision } from "~/models/course-revision.server";
import { listRevisions } from "~/models/revision-history.server";
import {
  deleteEntry,
  restoreRevision,
  saveForm,
  saveTranslation,
  toggleEntry,
  unknownIntent,
} from "~/requests/admin-action.server";
import { courseSchema, courseTexts, courseTranslationSchema } from "~/schemas/course";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/courses";

export const handle: AdminHandle = { liveTopics: ["courses"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.courses");

export async function loader(args: Route.LoaderArgs) {
  const staff = await staffOnly(args, "/admin/courses");
  const untranslated = untranslatedFilterFromUrl(args.request.url);
  // Each description as the visual editor takes it (ADR 056), whatever version wrote it.
  const courses = (await listCoursesForAdmin(args.context.db, { untranslated })).map((course) =>
    withEditableBodies(course, "description", "plain"),
  );
  const dialog = readDialog(args.request.url);
  // A dialog for a course that is gone (deleted in another tab) is a stale link: show the list.
  const target = dialog?.id ? courses.find((course) => course.id === dialog.id) : undefined;
  // The history dialog (ADR 057): the list, and the revision compared when one is picked.
  const history = target && dialog?.mode === "edit" && dialog.kind === REVISIONS_DIALOG;
  const revisionId = new URL(args.request.url).searchParams.get(REVISION_PARAM);
  const [revisions, revision] = history
    ? await Promise.all([
        listRevisions(args.context.db, "course", target.id),
        revisionId ? getCourseRevision(args.context.db, target.id, revisionId) : undefined,
      ])
    : [undefined, undefined];
  return {
    courses,
    revisions,
    revision,
    // An editor changes the courses' texts alone (ADR 047).
    canManage: can(staff.role, "manage-courses"),
    untranslated: untranslated ?? null,
    dialog: dialog && (dialog.mode === "new" || target) ? dialog : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, formData, intent } = await staffForm(args, "/admin/courses");
  const { request, context } = args;

  if (intent === "save") {
    // An editor saves a course's texts: its level, price, colour and offer stay as stored, and a
    // new course is an admin's to create (ADR 047).
    const textsOnly = !can(staff.role, "manage-courses");
    if (textsOnly && !formData.get("id")) throw new Response("Forbidden", { status: 403 });
    return saveForm(
      request,
      formData,
      courseSchema,
      (value, id) =>
        id
          ? updateCourse(context.db, id, textsOnly ? courseTexts(value) : value, staff)
          : createCourse(context.db, value, staff),
      "admin:errors.saveCourse",
    );
  }
  // The English or German version from the dialog's other languages: that language alone.
  if (intent === TRANSLATE_INTENT) {
    return saveTranslation(
      request,
      formData,
      courseTranslationSchema,
      (id, { language, ...version }) => saveCourseTranslation(context.db, id, language, version, staff),
      "admin:errors.saveCourse",
    );
  }
  if (intent === RESTORE_REVISION_INTENT) {
    return restoreRevision(
      request,
      formData,
      (id, revisionId) => restoreCourseRevision(context.db, id, revisionId, staff),
      { slugTaken: "revisions:courseSlugTaken", failed: "admin:errors.saveCourse" },
    );
  }
  if (intent === "delete")
    return deleteEntry(request, formData, async (id) =>
      (await deleteCourse(context.db, id)) === "has-classes"
        ? { refused: "admin-classes:errors.courseHasClasses" }
        : undefined,
    );
  if (intent === "toggle-active") {
    const active = formData.get("active") === "true";
    return toggleEntry(formData, (id) => setCourseActive(context.db, id, active), "admin:errors.saveCourse");
  }
  unknownIntent();
}

export default function AdminCourses({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin");
  const location = useLocation();
  const { courses, untranslated, canManage } = loaderData;
  // A live reload (any change another admin or a learner makes) re-runs the loader, which drops
  // the dialog of a course deleted meanwhile. An edit dialog already open stays open with what
  // was typed: saving then says the course is gone. A fresh visit to a stale link
  // still shows the list.
  const open = useRef<AdminCourse | undefined>(undefined);
  const requested = readDialog(location.search);
  const found = requested?.id ? courses.find((course) => course.id === requested.id) : undefined;
  const keptOpen = requested?.mode === "edit" && !found && open.current?.id === requested.id;
  const dialog = keptOpen ? requested : loaderData.dialog;
  const editing = keptOpen ? open.current : found;
  open.current = dialog?.mode === "edit" ? editing : undefined;
  return (
    <section aria-labelledby="courses-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="courses-heading" className="text-2xl font-bold text-slate-900">
            {t("pages.courses.title")}
          </h1>
          <p className="text-slate-600">{t("courses.count", { count: courses.length })}</p>
        </div>
        {canManage && (
          <Link
            to={dialogHref(location.search, { mode: "new" })}
            preventScrollReset
            className={buttonClass()}
          >
            <Plus aria-hidden="true" className="size-5" />
            {t("courses.add")}
          </Link>
        )}
      </div>
      <UntranslatedFilter current={untranslated ?? undefined} />
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {courses.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {untranslated ? t("courses.allTranslated") : t("courses.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {courses.map((course) => (
            <CourseRow key={course.id} course={course} canManage={canManage} />
          ))}
        </ul>
      )}
      {dialog?.mode === "delete" && editing && canManage && (
        <ConfirmDeleteDialog
          id={editing.id}
          name={`${editing.level} — ${editing.title}`}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
        />
      )}
      {dialog?.mode === "edit" && dialog.kind === REVISIONS_DIALOG && editing ? (
        <RevisionDialog
          itemId={editing.id}
          fields={courseRevisionFields}
          revisions={loaderData.revisions ?? []}
          selected={loaderData.revision}
          current={editing}
          lastResult={actionData}
        />
      ) : (
        ((dialog?.mode === "new" && canManage) || (dialog?.mode === "edit" && editing)) && (
          <CourseDialog
            key={editing?.id ?? "new"}
            course={editing}
            textsOnly={!canManage}
            language={editLanguageFromUrl(location.search)}
            lastResult={actionData}
          />
        )
      )}
    </section>
  );
}
