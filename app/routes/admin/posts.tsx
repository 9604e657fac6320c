import type { SubmissionResult } from "@conform-to/react";
import { Plus } from "lucide-react";
import { data, Link, redirect, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { Pagination } from "~/components/admin/pagination";
import { NEWSLETTER_DIALOG, NewsletterSendDialog } from "~/components/admin/posts/newsletter-send-dialog";
import { PostDialog } from "~/components/admin/posts/post-dialog";
import { PostFilters } from "~/components/admin/posts/post-filters";
import { PostTable } from "~/components/admin/posts/post-table";
import {
  postRevisionFields,
  RESTORE_REVISION_INTENT,
  REVISIONS_DIALOG,
  RevisionDialog,
} from "~/components/admin/revisions/revision-dialog";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { editLanguageFromUrl } from "~/lib/content-language";
import { dialogHref, REVISION_PARAM, readDialog } from "~/lib/dialog-url";
import { log } from "~/lib/log.server";
import { withEditableBodies } from "~/lib/rich-text/from-html.server";
import { getPostNewsletter, sendPostToSubscribers } from "~/models/newsletter-campaign.server";
import {
  ADMIN_PAGE_SIZE,
  createPost,
  deletePost,
  getPostForAdmin,
  listPostsForAdmin,
  restorePostRevision,
  setPostFeatured,
  setPostPublished,
  translatePost,
  updatePost,
} from "~/models/post-admin.server";
import { getPostRevision } from "~/models/post-revision.server";
import { listRevisions } from "~/models/revision-history.server";
import {
  actionFailed,
  deleteEntry,
  formId,
  restoreRevision,
  saveForm,
  toggleEntry,
  unknownIntent,
} from "~/requests/admin-action.server";
import { postSchema, postTranslationSchema, readPostListQuery } from "~/schemas/post";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/posts";

// The outbox and the subscribers: a sent post's counts follow its mails live.
export const handle: AdminHandle = { liveTopics: ["posts", "outbox", "newsletter"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.posts");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/posts");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readPostListQuery(url.searchParams);
  const dialog = readDialog(url);
  const [list, target] = await Promise.all([
    listPostsForAdmin(db, query),
    dialog?.id ? getPostForAdmin(db, dialog.id) : undefined,
  ]);
  // A dialog for a post that is gone (deleted in another tab) is a stale link: show the list.
  const open = dialog && (dialog.mode === "new" || target) ? dialog : undefined;
  const editing = open?.mode === "edit" ? target : undefined;
  const language = editLanguageFromUrl(url);
  // The history dialog (ADR 053): the list, and the revision compared when one is picked.
  const history = editing && open?.kind === REVISIONS_DIALOG;
  const revisionId = url.searchParams.get(REVISION_PARAM);
  const [revisions, revision] = history
    ? await Promise.all([
        listRevisions(db, "post", editing.id),
        revisionId ? getPostRevision(db, editing.id, revisionId) : undefined,
      ])
    : [undefined, undefined];
  return {
    query,
    ...list,
    pageSize: ADMIN_PAGE_SIZE,
    dialog: open,
    editing: open && target ? withEditableBodies(target, "content", "markdown") : undefined,
    language,
    revisions,
    revision,
    // Sent by hand only once public; a scheduled post's newsletter is the scheduled job's (ADR 053).
    newsletter: editing?.publicNow
      ? await getPostNewsletter(db, editing, args.context.config.APP_URL, open?.kind === NEWSLETTER_DIALOG)
      : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff: admin, formData, intent } = await staffForm(args, "/admin/posts");
  const { request, context } = args;

  if (intent === "save") {
    return saveForm(
      request,
      formData,
      postSchema,
      async (value, id) => {
        const result = id
          ? await updatePost(context.db, id, value, admin)
          : await createPost(context.db, value, { id: admin.id, name: admin.name });
        if (result.ok) return;
        return result.reason === "slug-taken"
          ? { fieldErrors: { slug: ["admin-posts:validation.slugTaken"] } }
          : false;
      },
      "admin:errors.savePost",
    );
  }
  if (intent === "translate") {
    // ADR 032: one language's version, saved on its own; the Vietnamese columns are not written.
    return saveForm(
      request,
      formData,
      postTranslationSchema,
      async ({ language, ...value }, id) => {
        if (!id) return false;
        const result = await translatePost(context.db, id, language, value, admin);
        if (result.ok) return;
        return result.reason === "slug-taken"
          ? { fieldErrors: { slug: ["admin-posts:validation.slugTaken"] } }
          : false;
      },
      "admin:errors.savePost",
    );
  }
  if (intent === "send-newsletter") {
    const id = formId(formData);
    let result: Awaited<ReturnType<typeof sendPostToSubscribers>>;
    try {
      result = await sendPostToSubscribers(context.db, {
        postId: id,
        sentById: admin.id,
        appUrl: context.config.APP_URL,
        mailsPerMinute: context.config.NEWSLETTER_MAILS_PER_MINUTE,
      });
    } catch (error) {
      // Nothing was written (one transaction): the dialog stays open with the alert.
      return actionFailed("admin:errors.save", error);
    }
    if (!result.ok) return refusedSend(result.reason);
    log().info(
      { post: id, recipients: result.recipients, by: admin.email },
      "admin: post sent to the newsletter",
    );
    // Back to the post's editor, which shows the campaign's counts.
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${dialogHref(url.search, { mode: "edit", id })}`);
  }
  if (intent === RESTORE_REVISION_INTENT) {
    return restoreRevision(
      request,
      formData,
      (id, revisionId) => restorePostRevision(context.db, id, revisionId, admin),
      { slugTaken: "revisions:postSlugTaken", failed: "admin:errors.savePost" },
    );
  }

  if (intent === "delete") return deleteEntry(request, formData, (id) => deletePost(context.db, id));
  if (intent === "toggle-published" || intent === "toggle-featured") {
    const on = formData.get(intent === "toggle-published" ? "published" : "featured") === "true";
    return toggleEntry(
      formData,
      (id) => (intent === "toggle-published" ? setPostPublished : setPostFeatured)(context.db, id, on),
      "admin:errors.savePost",
    );
  }
  unknownIntent();
}

/** Why a send was refused, as the dialog says it (409: the post's state does not allow it). */
const refusals = {
  "not-found": "admin:errors.notFound",
  "not-published": "admin-posts:newsletter.refused.notPublished",
  "already-sent": "admin-posts:newsletter.refused.alreadySent",
  "no-subscribers": "admin-posts:newsletter.refused.noSubscribers",
} as const;

function refusedSend(reason: keyof typeof refusals) {
  const message = refusals[reason];
  return data({ status: "error", error: { "": [message] } } as SubmissionResult<string[]>, { status: 409 });
}

export default function AdminPosts({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin");
  const { t: tp } = useTranslation("admin-posts");
  const location = useLocation();
  const { query, posts, total, pageSize, dialog, editing, language, newsletter, revisions, revision } =
    loaderData;
  const filtered =
    query.q !== "" || query.category !== "all" || query.status !== "all" || query.untranslated !== "all";
  return (
    <section aria-labelledby="posts-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="posts-heading" className="text-2xl font-bold text-slate-900">
            {t("pages.posts.title")}
          </h1>
          <p className="text-slate-600">{tp("count", { count: total })}</p>
        </div>
        <Link to={dialogHref(location.search, { mode: "new" })} preventScrollReset className={buttonClass()}>
          <Plus aria-hidden="true" className="size-5" />
          {tp("add")}
        </Link>
      </div>
      <PostFilters query={query} />
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {posts.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {filtered ? tp("noResults") : tp("empty")}
        </p>
      ) : (
        <PostTable posts={posts} />
      )}
      <Pagination page={query.page} pageSize={pageSize} total={total} />
      {dialog?.mode === "delete" && editing && (
        <ConfirmDeleteDialog
          id={editing.id}
          name={editing.title}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
        />
      )}
      {dialog?.mode === "edit" && dialog.kind === REVISIONS_DIALOG && editing ? (
        <RevisionDialog
          itemId={editing.id}
          fields={postRevisionFields}
          revisions={revisions ?? []}
          selected={revision}
          current={editing}
          lastResult={actionData}
        />
      ) : dialog?.mode === "edit" && dialog.kind === NEWSLETTER_DIALOG && editing ? (
        <NewsletterSendDialog post={editing} newsletter={newsletter} lastResult={actionData} />
      ) : (
        (dialog?.mode === "new" || (dialog?.mode === "edit" && editing)) && (
          <PostDialog
            key={editing?.id ?? "new"}
            post={editing}
            language={language}
            newsletter={newsletter}
            lastResult={actionData}
          />
        )
      )}
    </section>
  );
}
