// The placement test's question bank (issue 29): every question by level in the bank's order,
// which of them a test asks now, and the add/edit dialog, the active switch, "up"/"down" and
// delete — the admin course page's pieces (ADR 009, ADR 025).
import { Plus } from "lucide-react";
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { PlacementQuestionDialog } from "~/components/admin/placement/question-dialog";
import { PlacementQuestionRow, shortPrompt } from "~/components/admin/placement/question-row";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { dialogHref, readDialog } from "~/lib/dialog-url";
import { formatShare } from "~/lib/format";
import {
  PLACEMENT_PASS_SHARE,
  PLACEMENT_QUESTIONS_PER_LEVEL,
  type PlacementLevel,
  placementLevels,
} from "~/lib/placement-test";
import {
  type AdminPlacementQuestion,
  createPlacementQuestion,
  deletePlacementQuestion,
  listPlacementBank,
  movePlacementQuestion,
  setPlacementQuestionActive,
  updatePlacementQuestion,
} from "~/models/placement-bank.server";
import { deleteEntry, saveForm, toggleEntry, unknownIntent } from "~/requests/admin-action.server";
import { placementQuestionSchema } from "~/schemas/placement-question";
import { urlChoice } from "~/schemas/url-query";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/placement-test";

// Another admin's edit of the bank shows on an open page (no public page shows the bank).
export const handle: AdminHandle = { liveTopics: ["placement"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-placement:page");

const LEVEL_PARAM = "level";
const levelFilter = urlChoice(placementLevels);

/** The level the list is narrowed to (`?level=B1`), or none: every level. */
function levelFromUrl(url: string) {
  return levelFilter.parse(new URL(url, "http://x").searchParams.get(LEVEL_PARAM) ?? undefined);
}

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/placement-test");
  const questions = await listPlacementBank(args.context.db);
  const dialog = readDialog(args.request.url);
  // A dialog for a question that is gone (deleted in another tab) is a stale link: the list.
  const target = dialog?.id ? questions.find((question) => question.id === dialog.id) : undefined;
  return {
    questions,
    level: levelFromUrl(args.request.url) ?? null,
    dialog: dialog && (dialog.mode === "new" || target) ? dialog : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/placement-test");
  const { request, context } = args;

  if (intent === "save") {
    return saveForm(
      request,
      formData,
      placementQuestionSchema,
      (value, id) =>
        id ? updatePlacementQuestion(context.db, id, value) : createPlacementQuestion(context.db, value),
      "admin-placement:errors.save",
    );
  }
  if (intent === "delete")
    return deleteEntry(request, formData, (id) => deletePlacementQuestion(context.db, id));
  if (intent === "toggle-active") {
    const active = formData.get("active") === "true";
    return toggleEntry(
      formData,
      (id) => setPlacementQuestionActive(context.db, id, active),
      "admin-placement:errors.save",
    );
  }
  if (intent === "move-up" || intent === "move-down") {
    const direction = intent === "move-up" ? "up" : "down";
    return toggleEntry(
      formData,
      (id) => movePlacementQuestion(context.db, id, direction),
      "admin-placement:errors.save",
    );
  }
  unknownIntent();
}

export default function AdminPlacementTest({
  loaderData,
  actionData: freshActionData,
}: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t, language } = useTranslation("admin-placement");
  const location = useLocation();
  const { questions, level } = loaderData;
  // As on the course page: an edit dialog already open stays open with what was typed when its
  // question disappears from a reload (saving then says it is gone); a fresh visit to a stale link
  // shows the list.
  const open = useRef<AdminPlacementQuestion | undefined>(undefined);
  const requested = readDialog(location.search);
  const found = requested?.id ? questions.find((question) => question.id === requested.id) : undefined;
  const keptOpen = requested?.mode === "edit" && !found && open.current?.id === requested.id;
  const dialog = keptOpen ? requested : loaderData.dialog;
  const editing = keptOpen ? open.current : found;
  open.current = dialog?.mode === "edit" ? editing : undefined;
  const shown = level ? [level] : placementLevels;
  return (
    <section aria-labelledby="placement-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="placement-heading" className="text-2xl font-bold text-slate-900">
            {t("page.title")}
          </h1>
          <p className="text-slate-600">{t("count", { count: questions.length })}</p>
        </div>
        <Link to={dialogHref(location.search, { mode: "new" })} preventScrollReset className={buttonClass()}>
          <Plus aria-hidden="true" className="size-5" />
          {t("add")}
        </Link>
      </div>
      <div className="space-y-1 rounded-2xl bg-blue-50 p-4 text-sm text-blue-950 ring-1 ring-blue-200">
        <p>
          {t("rule.asked", {
            a1: PLACEMENT_QUESTIONS_PER_LEVEL.A1,
            a2: PLACEMENT_QUESTIONS_PER_LEVEL.A2,
            b1: PLACEMENT_QUESTIONS_PER_LEVEL.B1,
            b2: PLACEMENT_QUESTIONS_PER_LEVEL.B2,
          })}
        </p>
        <p>{t("rule.scoring", { percent: formatShare(PLACEMENT_PASS_SHARE, 1, language) })}</p>
        <p>{t("rule.stored")}</p>
      </div>
      <LevelFilter current={level ?? undefined} />
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {shown.map((each) => (
        <LevelSection
          key={each}
          level={each}
          questions={questions.filter((question) => question.level === each)}
        />
      ))}
      {dialog?.mode === "delete" && editing && (
        <ConfirmDeleteDialog
          id={editing.id}
          name={t("row.deleteName", {
            level: editing.level,
            number: editing.number,
            prompt: shortPrompt(editing.prompt, 80),
          })}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
        />
      )}
      {(dialog?.mode === "new" || (dialog?.mode === "edit" && editing)) && (
        <PlacementQuestionDialog
          key={editing?.id ?? "new"}
          question={editing}
          level={level ?? "A1"}
          lastResult={actionData}
        />
      )}
    </section>
  );
}

/** One level's questions in the bank's order, with how many a test asks of them. */
function LevelSection({ level, questions }: { level: PlacementLevel; questions: AdminPlacementQuestion[] }) {
  const { t } = useTranslation("admin-placement");
  const needed = PLACEMENT_QUESTIONS_PER_LEVEL[level];
  const active = questions.filter((question) => question.active).length;
  const used = questions.filter((question) => question.inTest).length;
  const headingId = `placement-level-${level}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {t("level.heading", { level })}
        </h2>
        <p className="text-sm font-medium text-slate-700">
          {t("level.inUse", { used, total: questions.length })}
        </p>
      </div>
      {active < needed && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t("level.short", { needed, level, active })}
        </p>
      )}
      {questions.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
          {t("level.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {questions.map((question, index) => (
            <PlacementQuestionRow
              key={question.id}
              question={question}
              first={index === 0}
              last={index === questions.length - 1}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Trình độ: Tất cả · A1 · A2 · B1 · B2": links setting `?level=`, so the filter lives in the URL
 * like the dialogs and works without JavaScript. */
function LevelFilter({ current }: { current: PlacementLevel | undefined }) {
  const { t } = useTranslation("admin-placement");
  const location = useLocation();
  const href = (value: PlacementLevel | undefined) => {
    const params = new URLSearchParams(location.search);
    if (value) params.set(LEVEL_PARAM, value);
    else params.delete(LEVEL_PARAM);
    params.delete("done");
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  return (
    <nav aria-label={t("filter.label")} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700" aria-hidden="true">
        {t("filter.label")}:
      </span>
      {[undefined, ...placementLevels].map((value) => (
        <Link
          key={value ?? "all"}
          to={href(value)}
          preventScrollReset
          aria-current={value === current ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white aria-[current=page]:ring-blue-700"
        >
          {value ?? t("filter.all")}
        </Link>
      ))}
    </nav>
  );
}
