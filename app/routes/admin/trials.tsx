// The free trial lesson in the admin (issue 29, ADR 046): the bookings (filters in the URL, each
// row's marks, note, cancel and "Đăng ký khóa học") and the school's trial sessions (add, edit,
// cancel, delete), two tabs of one page. Every write is a plain form (ADR 025), its dialog in the
// URL (ADR 009), checked with the schema its form uses.
import { data, Link, redirect, useLocation } from "react-router";
import type { z } from "zod";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { Pagination } from "~/components/admin/pagination";
import {
  TrialCancelDialog,
  TrialConvertDialog,
  TrialNoteDialog,
} from "~/components/admin/trials/booking-dialogs";
import {
  type BookingDialogKind,
  BookingsTable,
  bookingDialogKinds,
} from "~/components/admin/trials/bookings-table";
import {
  CANCEL_SESSION_DIALOG_KIND,
  SESSION_DIALOG_KIND,
  SESSIONS_WHEN_PARAM,
  SessionsSection,
  sessionTime,
  TrialSessionCancelDialog,
  TrialSessionDialog,
} from "~/components/admin/trials/sessions-section";
import { optionsOf } from "~/components/forms/fields";
import { FilterForm, FilterSelects } from "~/components/forms/filter-form";
import { useKeptActionData } from "~/components/live-updates";
import { useTranslation } from "~/i18n/react";
import { closedDialogHref, readDialog } from "~/lib/dialog-url";
import { canConvertTrial, trialStatuses } from "~/lib/trial-lesson";
import {
  cancelTrialBooking,
  cancelTrialSession,
  convertTrialBooking,
  createTrialSession,
  deleteTrialSession,
  getTrialBookingForAdmin,
  getTrialSessionForAdmin,
  listTrialBookingsForAdmin,
  listTrialConvertChoices,
  listTrialSessionsForAdmin,
  listTrialTeachers,
  markTrialBooking,
  saveTrialNote,
  type TrialChange,
  updateTrialSession,
} from "~/models/trial-admin.server";
import { deleteEntry, saveForm, unknownIntent, writeFailed } from "~/requests/admin-action.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import type { FormSchema } from "~/schemas/form-schema";
import {
  readTrialListQuery,
  TRIAL_SEARCH_MAX_LENGTH,
  TRIALS_PAGE_SIZE,
  type TrialTab,
  trialCancelSchema,
  trialConvertSchema,
  trialMarkSchema,
  trialNoteSchema,
  trialSessionCancelSchema,
  trialSessionSchema,
  trialTabs,
  trialWhens,
} from "~/schemas/trial-admin";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/trials";

// A learner's booking or cancel on /trial, or another admin's change, reaches this page live; so
// does a class or course change that alters what "Đăng ký khóa học" offers.
export const handle: AdminHandle = { liveTopics: ["trials", "classes", "courses"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-trials:page");

// Personal data: never cached.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

function tabOf(url: URL): TrialTab {
  const tab = url.searchParams.get("tab");
  return (trialTabs as readonly string[]).includes(tab ?? "") ? (tab as TrialTab) : "bookings";
}

function bookingDialogOf(kind: string | undefined): BookingDialogKind | undefined {
  return (bookingDialogKinds as readonly string[]).includes(kind ?? "")
    ? (kind as BookingDialogKind)
    : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/trials");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const dialog = readDialog(url);
  if (tabOf(url) === "sessions") {
    const when: "upcoming" | "past" =
      url.searchParams.get(SESSIONS_WHEN_PARAM) === "past" ? "past" : "upcoming";
    const kind = dialog?.kind;
    const [sessions, teachers, target] = await Promise.all([
      listTrialSessionsForAdmin(db, { when }),
      listTrialTeachers(db),
      dialog?.id && (kind === SESSION_DIALOG_KIND || kind === CANCEL_SESSION_DIALOG_KIND)
        ? getTrialSessionForAdmin(db, dialog.id)
        : undefined,
    ]);
    // A dialog for a session that is gone is a stale link: the list.
    const open =
      (dialog?.mode === "new" && kind === SESSION_DIALOG_KIND) ||
      (target && !(kind === CANCEL_SESSION_DIALOG_KIND && target.cancelled))
        ? { mode: dialog!.mode, kind: kind!, session: target ?? null }
        : null;
    return { tab: "sessions" as const, when, sessions, teachers, dialog: open };
  }
  const query = readTrialListQuery(url.searchParams);
  const kind = dialog?.mode === "edit" ? bookingDialogOf(dialog.kind) : undefined;
  const [list, target] = await Promise.all([
    listTrialBookingsForAdmin(db, query),
    kind && dialog?.id ? getTrialBookingForAdmin(db, dialog.id) : undefined,
  ]);
  // Only what the booking allows now opens: a stale link (converted or cancelled in another
  // tab) shows the list.
  const allowed =
    target &&
    kind &&
    (kind === "note" || (kind === "cancel" ? target.status === "booked" : canConvertTrial(target)));
  const choices = allowed && kind === "convert" ? await listTrialConvertChoices(db) : null;
  return {
    tab: "bookings" as const,
    query,
    list,
    dialog: allowed ? { kind: kind!, booking: { ...target, placement: null }, choices } : null,
  };
}

const refusal = (outcome: Exclude<TrialChange, "changed">) =>
  outcome === "not-found" ? "admin:errors.notFound" : "admin-trials:errors.notAllowed";

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/trials");
  const { request, context } = args;

  if (intent === "mark")
    return bookingChange(request, formData, trialMarkSchema, (value) =>
      markTrialBooking(context.db, value.id, value.status),
    );
  if (intent === "note")
    return bookingChange(request, formData, trialNoteSchema, async (value) =>
      (await saveTrialNote(context.db, value.id, value.note)) ? "changed" : "not-found",
    );
  if (intent === "cancel")
    return bookingChange(request, formData, trialCancelSchema, (value) =>
      cancelTrialBooking(context.db, value.id),
    );

  if (intent === "convert") {
    const choices = await listTrialConvertChoices(context.db);
    const submission = parseFormSubmission(formData, trialConvertSchema(choices));
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let outcome: Awaited<ReturnType<typeof convertTrialBooking>>;
    try {
      outcome = await convertTrialBooking(context.db, submission.value, choices, context.config);
    } catch (error) {
      return writeFailed(submission, "admin-trials:errors.save", error);
    }
    if (outcome.status === "converted") throw redirect(closedDialogHref(request.url, "saved"));
    const message =
      outcome.status === "not-found"
        ? "admin:errors.notFound"
        : outcome.status === "class-closed"
          ? "class-seats:errors.classClosed"
          : "admin-trials:errors.notConvertible";
    return data(submission.reply({ formErrors: [message] }), {
      status: outcome.status === "not-found" ? 404 : 409,
    });
  }

  if (intent === "save-session") {
    return saveForm(
      request,
      formData,
      trialSessionSchema,
      (value, id) => (id ? updateTrialSession(context.db, id, value) : createTrialSession(context.db, value)),
      "admin-trials:errors.save",
    );
  }

  if (intent === "cancel-session") {
    const submission = parseFormSubmission(formData, trialSessionCancelSchema);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let outcome: Awaited<ReturnType<typeof cancelTrialSession>>;
    try {
      outcome = await cancelTrialSession(context.db, submission.value.id);
    } catch (error) {
      return writeFailed(submission, "admin-trials:errors.save", error);
    }
    if (outcome === "cancelled") throw redirect(closedDialogHref(request.url, "saved"));
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
  }

  // Only a session nobody booked is deleted; one with bookings is cancelled instead.
  if (intent === "delete")
    return deleteEntry(request, formData, async (id) => {
      const outcome = await deleteTrialSession(context.db, id);
      if (outcome === "has-bookings") return { refused: "admin-trials:sessions.errors.hasBookings" };
      if (outcome === "not-found") return { refused: "admin:errors.notFound" };
      return outcome;
    });
  unknownIntent();
}

/** A booking's mark, note or cancel: the form's schema, the change under the booking's lock, then
 * the list again (a reload does not post twice); a refusal keeps the dialog open with its reason. */
async function bookingChange<Schema extends FormSchema>(
  request: Request,
  formData: FormData,
  schema: Schema,
  change: (value: z.output<Schema>) => Promise<TrialChange>,
) {
  const submission = parseFormSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let outcome: TrialChange;
  try {
    outcome = await change(submission.value as z.output<Schema>);
  } catch (error) {
    return writeFailed(submission, "admin-trials:errors.save", error);
  }
  if (outcome === "changed") throw redirect(closedDialogHref(request.url, "saved"));
  return data(submission.reply({ formErrors: [refusal(outcome)] }), {
    status: outcome === "not-found" ? 404 : 409,
  });
}

export default function AdminTrials({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-trials");
  const location = useLocation();
  const tabHref = (tab: TrialTab) =>
    tab === "bookings" ? location.pathname : `${location.pathname}?tab=${tab}`;
  return (
    <section aria-labelledby="trials-heading" className="space-y-5">
      <div>
        <h1 id="trials-heading" className="text-2xl font-bold text-slate-900">
          {t("page.title")}
        </h1>
        <p className="text-slate-600">{t("page.intro")}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        {trialTabs.map((tab) => (
          <Link
            key={tab}
            to={tabHref(tab)}
            aria-current={loaderData.tab === tab ? "page" : undefined}
            className={`rounded-lg px-4 py-2 text-sm font-semibold ${
              loaderData.tab === tab
                ? "bg-blue-700 text-white"
                : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
        <Link
          to="/admin/settings?tab=trial"
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t("tabs.settings")}
        </Link>
      </nav>
      <DoneNotice />
      {loaderData.tab === "bookings" ? (
        <BookingsPart data={loaderData} actionData={actionData} />
      ) : (
        <SessionsPart data={loaderData} actionData={actionData} />
      )}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function BookingsPart({
  data: { query, list, dialog },
  actionData,
}: {
  data: Extract<LoaderData, { tab: "bookings" }>;
  actionData: unknown;
}) {
  const { t } = useTranslation("admin-trials");
  const filtered = Boolean(query.q || query.status || (query.when && query.when !== "upcoming"));
  return (
    <>
      <p className="text-slate-600" aria-live="polite">
        {t("count", { count: list.total })}
      </p>
      <FilterForm
        namespace="admin-trials"
        query={query}
        searchMaxLength={TRIAL_SEARCH_MAX_LENGTH}
        layout="row"
        resetTo="/admin/trials"
      >
        {/* "when" always has a value (upcoming by default); the status may be any. */}
        <FilterSelects
          query={query}
          labelOf={(name) => t(`filters.${name}`)}
          choices={{ when: optionsOf(trialWhens, (value) => t(`filters.whens.${value}`)) }}
        />
        <FilterSelects
          query={query}
          labelOf={(name) => t(`filters.${name}`)}
          all={t("filters.all")}
          choices={{ status: optionsOf(trialStatuses, (value) => t(`statuses.${value}`)) }}
        />
      </FilterForm>
      {!dialog && <ListError result={actionData} />}
      {list.rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {filtered ? t("noMatch") : t("empty")}
        </p>
      ) : (
        <BookingsTable rows={list.rows} />
      )}
      <Pagination page={list.page} pageSize={TRIALS_PAGE_SIZE} total={list.total} />
      {dialog?.kind === "note" && (
        <TrialNoteDialog key={dialog.booking.id} booking={dialog.booking} lastResult={actionData} />
      )}
      {dialog?.kind === "cancel" && (
        <TrialCancelDialog key={dialog.booking.id} booking={dialog.booking} lastResult={actionData} />
      )}
      {dialog?.kind === "convert" && dialog.choices && (
        <TrialConvertDialog
          key={dialog.booking.id}
          booking={dialog.booking}
          choices={dialog.choices}
          lastResult={actionData}
        />
      )}
    </>
  );
}

function SessionsPart({
  data: { when, sessions, teachers, dialog },
  actionData,
}: {
  data: Extract<LoaderData, { tab: "sessions" }>;
  actionData: unknown;
}) {
  const error =
    actionData && typeof actionData === "object" && "error" in actionData ? actionData : undefined;
  return (
    <>
      {!dialog && <ListError result={actionData} />}
      <SessionsSection sessions={sessions} when={when} />
      {dialog?.kind === SESSION_DIALOG_KIND && dialog.mode !== "delete" && (
        <TrialSessionDialog
          key={dialog.session?.id ?? "new"}
          session={dialog.session ?? undefined}
          teachers={teachers}
          lastResult={actionData}
        />
      )}
      {dialog?.kind === SESSION_DIALOG_KIND && dialog.mode === "delete" && dialog.session && (
        <ConfirmDeleteDialog
          id={dialog.session.id}
          name={sessionTime(dialog.session)}
          error={
            (error as { error?: Record<string, string[] | null> } | undefined)?.error?.[""]?.[0] ?? undefined
          }
        />
      )}
      {dialog?.kind === CANCEL_SESSION_DIALOG_KIND && dialog.session && (
        <TrialSessionCancelDialog key={dialog.session.id} session={dialog.session} lastResult={actionData} />
      )}
    </>
  );
}
