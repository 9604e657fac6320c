import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ClassDialog } from "~/components/admin/classes/class-dialog";
import { ClassFilters } from "~/components/admin/classes/class-filters";
import { TRANSLATE_NOTE_INTENT } from "~/components/admin/classes/class-note-translation-form";
import { ClassTable, useClassName } from "~/components/admin/classes/class-table";
import { EmptyList } from "~/components/admin/data-table";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { editLanguageFromUrl } from "~/lib/content-language";
import { dialogHref, readDialog } from "~/lib/dialog-url";
import {
  createClass,
  deleteClass,
  getClassForAdmin,
  listClassesForAdmin,
  listClassFormChoices,
  saveClassNoteTranslation,
  updateClass,
} from "~/models/course-class.server";
import { deleteEntry, saveForm, saveTranslation, unknownIntent } from "~/requests/admin-action.server";
import { classNoteTranslationSchema, courseClassSchema, readClassListQuery } from "~/schemas/course-class";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/classes";

// A learner's enrolment changes the seats taken; a course renamed changes the list.
export const handle: AdminHandle = { liveTopics: ["classes", "enrollments", "courses"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-classes:page");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/classes");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readClassListQuery(url.searchParams);
  const dialog = readDialog(url);
  const [classes, choices, target] = await Promise.all([
    listClassesForAdmin(db, query),
    listClassFormChoices(db),
    dialog?.id ? getClassForAdmin(db, dialog.id) : undefined,
  ]);
  // A dialog for a class that is gone (deleted in another tab) is a stale link: the list alone.
  const open = dialog && (dialog.mode === "new" || target) ? dialog : undefined;
  return { query, classes, choices, dialog: open, editing: open ? target : undefined };
}

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/classes");
  const { request, context } = args;

  if (intent === "save") {
    return saveForm(
      request,
      formData,
      courseClassSchema,
      (value, id) => (id ? updateClass(context.db, id, value) : createClass(context.db, value)),
      "admin-classes:errors.save",
    );
  }
  // The note's English or German version from the dialog's other languages: that language alone.
  if (intent === TRANSLATE_NOTE_INTENT) {
    return saveTranslation(
      request,
      formData,
      classNoteTranslationSchema,
      (id, { language, ...version }) => saveClassNoteTranslation(context.db, id, language, version),
      "admin-classes:errors.save",
    );
  }
  if (intent === "delete")
    return deleteEntry(request, formData, async (id) => {
      const outcome = await deleteClass(context.db, id);
      if (outcome === "has-enrolments") return { refused: "admin-classes:errors.hasEnrolments" };
      if (outcome === "has-trials") return { refused: "admin-classes:errors.hasTrials" };
      return undefined;
    });
  unknownIntent();
}

export default function AdminClasses({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-classes");
  const location = useLocation();
  const nameOf = useClassName();
  const { query, classes, choices, dialog, editing } = loaderData;
  const filtered = Boolean(query.q || query.course || query.status);
  return (
    <section aria-labelledby="classes-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="classes-heading" className="text-2xl font-bold text-slate-900">
            {t("page.title")}
          </h1>
          <p className="text-slate-600" aria-live="polite">
            {t("count", { count: classes.length })}
          </p>
        </div>
        <Link to={dialogHref(location.search, { mode: "new" })} preventScrollReset className={buttonClass()}>
          <Plus aria-hidden="true" className="size-5" />
          {t("add")}
        </Link>
      </div>
      <ClassFilters query={query} courses={choices.courses} />
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {classes.length === 0 ? (
        <EmptyList boxed>{filtered ? t("noResults") : t("empty")}</EmptyList>
      ) : (
        <ClassTable classes={classes} />
      )}
      {dialog?.mode === "delete" && editing && (
        <ConfirmDeleteDialog
          id={editing.id}
          name={nameOf(editing)}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
        />
      )}
      {(dialog?.mode === "new" || (dialog?.mode === "edit" && editing)) && (
        <ClassDialog
          key={editing?.id ?? "new"}
          courseClass={editing}
          choices={choices}
          language={editLanguageFromUrl(location.search)}
          lastResult={actionData}
        />
      )}
    </section>
  );
}
