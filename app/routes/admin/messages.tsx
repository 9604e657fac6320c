import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ListError } from "~/components/admin/form-parts";
import { InboxFilters } from "~/components/admin/messages/inbox-filters";
import { InboxList } from "~/components/admin/messages/inbox-list";
import { MessagePane } from "~/components/admin/messages/message-pane";
import { Pagination } from "~/components/admin/pagination";
import { DELETE_RECORD_INTENT, EDIT_PERSONAL_INTENT } from "~/components/admin/personal-data-section";
import { useKeptActionData } from "~/components/live-updates";
import { useTranslation } from "~/i18n/react";
import { messageReplyDraft } from "~/mail/templates/message-reply.server";
import {
  changeMessageStatus,
  getMessageForAdmin,
  listMessagesForAdmin,
  type MessageChange,
  markMessageRead,
  markMessageUnread,
} from "~/models/contact-message.server";
import { replyToMessage, schoolReplyAddress } from "~/models/message-reply.server";
import { deleteMessage, updateMessagePersonal } from "~/models/personal-record.server";
import { actionFailed, formId, unknownIntent, writeFailed } from "~/requests/admin-action.server";
import {
  isFilteredInbox,
  MESSAGES_PAGE_SIZE,
  messageListParams,
  messageReplySchema,
  messageStatusChangeSchema,
  readMessageListQuery,
} from "~/schemas/message-reply";
import { deleteRecordSchema, messagePersonalSchema } from "~/schemas/personal-data";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/messages";

// A new question from /contact, or another admin's reply, reaches this page live; "outbox" moves
// a reply's mail state from queued to sent while the pane is open.
export const handle: AdminHandle = { liveTopics: ["messages", "outbox"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.messages");

// Personal data: never cached, anywhere.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader(args: Route.LoaderArgs) {
  const admin = await staffOnly(args, "/admin/messages");
  const { db, config } = args.context;
  const url = new URL(args.request.url);
  const query = readMessageListQuery(url.searchParams);
  const idParam = url.searchParams.get("id");
  const id = idParam && UUID.test(idParam) ? idParam : undefined;
  // A GET never marks a message read: a link preview or a prefetch is not an admin
  // reading it. The pane posts "read" when it is shown (or the admin presses the button).
  const [list, selected, replyTo] = await Promise.all([
    listMessagesForAdmin(db, query),
    id ? getMessageForAdmin(db, id) : undefined,
    id ? schoolReplyAddress(db, config) : "",
  ]);
  // A pane for a message that is gone (deleted by retention) is a stale link: the list alone.
  return {
    query,
    list,
    selected,
    // The reply form starts from this admin's greeting and signature, in the question's language.
    draft: selected ? messageReplyDraft(selected, { authorName: admin.name, replyTo }) : undefined,
    replied: url.searchParams.get("done") === "replied",
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff: admin, formData, intent } = await staffForm(args, "/admin/messages");
  const { request, context } = args;

  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: messageReplySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let sent: boolean;
    try {
      sent = await replyToMessage(context.db, {
        messageId: submission.value.id,
        author: { id: admin.id, name: admin.name },
        body: submission.value.body,
        replyTo: await schoolReplyAddress(context.db, context.config),
      });
    } catch (error) {
      return writeFailed(submission, "admin-messages:errors.reply", error);
    }
    if (sent) backToPane(request, "replied");
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 409 });
  }

  if (intent === "status") {
    const submission = parseWithZod(formData, { schema: messageStatusChangeSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let outcome: MessageChange;
    try {
      outcome = await changeMessageStatus(context.db, submission.value.id, submission.value.status);
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    if (outcome === "changed") backToPane(request);
    return data(
      submission.reply({
        formErrors: [outcome === "not-found" ? "admin:errors.notFound" : "admin-messages:errors.notAllowed"],
      }),
      { status: 409 },
    );
  }

  if (intent === "read") {
    const id = formId(formData);
    try {
      await markMessageRead(context.db, id);
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    // The pane's own fetcher posts this: no navigation. Without JavaScript, back to the pane.
    if (formData.get("from") === "pane") return { status: "success" as const };
    backToPane(request);
  }

  if (intent === EDIT_PERSONAL_INTENT) {
    const submission = parseWithZod(formData, { schema: messagePersonalSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { id, ...values } = submission.value;
    if (await updateMessagePersonal(context.db, id, values)) backToPane(request);
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
  }

  if (intent === DELETE_RECORD_INTENT) {
    const submission = parseWithZod(formData, { schema: deleteRecordSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (!(await deleteMessage(context.db, submission.value.id)))
      return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
    const url = new URL(request.url);
    url.searchParams.delete("id");
    url.searchParams.delete("done");
    throw redirect(`${url.pathname}${url.search}`);
  }

  if (intent === "unread") {
    const id = formId(formData);
    let changed: boolean;
    try {
      changed = await markMessageUnread(context.db, id);
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    if (!changed) return actionFailed409();
    // Back to the list: a pane left open would mark it read again at once.
    const url = new URL(request.url);
    url.searchParams.delete("id");
    url.searchParams.delete("done");
    throw redirect(`${url.pathname}${url.search}`);
  }
  unknownIntent();
}

function actionFailed409() {
  return data({ status: "error" as const, error: { "": ["admin:errors.notFound"] } }, { status: 409 });
}

/** After a change: the same list and pane, read afresh (a reload does not post again). */
function backToPane(request: Request, done?: "replied"): never {
  const url = new URL(request.url);
  url.searchParams.delete("done");
  if (done) url.searchParams.set("done", done);
  throw redirect(`${url.pathname}${url.search}`);
}

export default function AdminMessages({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-messages");
  const { t: ta } = useTranslation("admin");
  const { query, list, selected, draft, replied } = loaderData;
  const closeHref = `?${messageListParams(query, { page: list.page })}`;
  const result = actionData && "status" in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="messages-heading" className="space-y-5">
      <div className={selected ? "sr-only xl:not-sr-only" : undefined}>
        <h1 id="messages-heading" className="text-2xl font-bold text-slate-900">
          {ta("pages.messages.title")}
        </h1>
        <p className="text-slate-600" aria-live="polite">
          {t("count", { count: list.total })} · {t("unreadCount", { count: list.unread })}
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {/* On a phone the open message takes the screen; "back" returns to the list. */}
        <div className={`space-y-4 ${selected ? "hidden xl:block" : ""}`}>
          <InboxFilters query={query} />
          {!selected && <ListError result={result} />}
          {list.rows.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              {isFilteredInbox(query) ? t("noMatch") : t("empty")}
            </p>
          ) : (
            <InboxList rows={list.rows} query={query} page={list.page} openId={selected?.id} />
          )}
          <Pagination page={list.page} pageSize={MESSAGES_PAGE_SIZE} total={list.total} />
        </div>
        {selected && draft ? (
          <MessagePane
            key={selected.id}
            message={selected}
            draft={draft}
            closeHref={closeHref}
            replied={replied}
            lastResult={result}
          />
        ) : (
          <p className="hidden rounded-2xl border-2 border-dashed border-slate-300 p-8 text-center text-slate-600 xl:block">
            {t("pane.select")}
          </p>
        )}
      </div>
    </section>
  );
}
