import type { SubmissionResult } from "@conform-to/react";
import { data, Link, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import {
  MediaCleanupPreview,
  MediaDeleteDialog,
  MediaDialog,
  MediaFilters,
  MediaGrid,
} from "~/components/admin/media/media-library";
import { Pagination } from "~/components/admin/pagination";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { readDialog } from "~/lib/dialog-url";
import {
  deleteMediaImage,
  getMediaImage,
  listMediaImages,
  MEDIA_CLEANUP_DAYS,
  MEDIA_PAGE_SIZE,
  type MediaUse,
  mediaCleanupCandidates,
  saveMediaAlt,
} from "~/models/media.server";
import { actionFailed, backToList, formId, saveForm, unknownIntent } from "~/requests/admin-action.server";
import { mediaAltSchema, readMediaListQuery } from "~/schemas/media";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/media";

// Content saved elsewhere changes where an image is used.
export const handle: AdminHandle = { liveTopics: ["posts", "courses", "about", "team", "testimonials"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-media:page");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/media");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readMediaListQuery(url.searchParams);
  const dialog = readDialog(url);
  const [list, target, cleanup] = await Promise.all([
    listMediaImages(db, query),
    dialog?.id ? getMediaImage(db, dialog.id) : undefined,
    // The dry run on demand: what a clean-up now would delete; it deletes nothing.
    query.cleanup ? mediaCleanupCandidates(db) : undefined,
  ]);
  // A dialog for an image that is gone (deleted in another tab) is a stale link: the grid alone.
  const open = dialog && target && dialog.mode !== "new" ? dialog : undefined;
  return {
    query,
    ...list,
    pageSize: MEDIA_PAGE_SIZE,
    cleanupDays: MEDIA_CLEANUP_DAYS,
    cleanup,
    dialog: open,
    image: open ? target : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/media");
  const { request, context } = args;
  if (intent === "save") {
    return saveForm(
      request,
      formData,
      mediaAltSchema,
      (value, id) => (id ? saveMediaAlt(context.db, id, value) : Promise.resolve(false)),
      "admin-media:errors.save",
    );
  }
  if (intent === "delete") {
    const id = formId(formData);
    let outcome: Awaited<ReturnType<typeof deleteMediaImage>>;
    try {
      outcome = await deleteMediaImage(context.db, id);
    } catch (error) {
      return actionFailed("admin:errors.delete", error);
    }
    // Refused while content shows it: 409 with where, so the admin can change those first.
    if (outcome && !outcome.deleted)
      return data(
        {
          status: "error",
          error: { "": ["admin-media:errors.inUse"] },
          uses: outcome.uses,
        } as SubmissionResult<string[]> & { uses: MediaUse[] },
        { status: 409 },
      );
    backToList(request, "deleted");
  }
  unknownIntent();
}

export default function AdminMedia({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-media");
  const location = useLocation();
  const { query, images, total, pageSize, cleanup, cleanupDays, dialog, image } = loaderData;
  const params = new URLSearchParams(location.search);
  params.delete("done");
  if (cleanup) params.delete("cleanup");
  else params.set("cleanup", "preview");
  const refusedUses =
    actionData && typeof actionData === "object" && "uses" in actionData
      ? (actionData.uses as MediaUse[])
      : undefined;
  return (
    <section aria-labelledby="media-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="media-heading" className="text-2xl font-bold text-slate-900">
            {t("page.title")}
          </h1>
          <p className="text-slate-600">{t("count", { count: total })}</p>
        </div>
        <Link to={`?${params}`} preventScrollReset className={buttonClass("secondary")}>
          {cleanup ? t("cleanup.hide") : t("cleanup.show")}
        </Link>
      </div>
      <MediaFilters query={query} />
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {cleanup && <MediaCleanupPreview images={cleanup} days={cleanupDays} />}
      {images.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {query.q ? t("noResults") : t("empty")}
        </p>
      ) : (
        <MediaGrid images={images} />
      )}
      <Pagination page={query.page} pageSize={pageSize} total={total} />
      {dialog?.mode === "edit" && image && (
        <MediaDialog key={image.id} image={image} lastResult={actionData} />
      )}
      {dialog?.mode === "delete" && image && (
        <MediaDeleteDialog
          image={image}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
          uses={refusedUses ?? image.uses}
        />
      )}
    </section>
  );
}
