import type { ComponentType } from "react";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import { AboutTabsNav, isAboutListKind, readAboutTab } from "~/components/admin/about/about-tabs";
import type { EntryDialogProps } from "~/components/admin/about/entry-form";
import { AboutEntryList, type AboutListProps, aboutEntryName } from "~/components/admin/about/entry-list";
import { GeneralInfoForm, StatsForm } from "~/components/admin/about/info-forms";
import { MilestoneDialog } from "~/components/admin/about/milestone-dialog";
import { TeamDialog } from "~/components/admin/about/team-dialog";
import { TestimonialDialog } from "~/components/admin/about/testimonial-dialog";
import {
  EntryTranslationDialog,
  TRANSLATE_ENTRY_INTENT,
  TRANSLATE_INFO_INTENT,
} from "~/components/admin/about/translation-form";
import { ValueDialog } from "~/components/admin/about/value-dialog";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog, DoneNotice } from "~/components/admin/dialog";
import { useKeptActionData } from "~/components/live-updates";
import { defaultLanguage, type Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { aboutPageTopics } from "~/lib/about-page";
import {
  editLanguageFromUrl,
  isTranslationLanguage,
  untranslatedFilterFromUrl,
} from "~/lib/content-language";
import { readDialog } from "~/lib/dialog-url";
import { withEditableBodies } from "~/lib/rich-text/from-html.server";
import {
  createAboutEntry,
  deleteAboutEntry,
  getAboutInfo,
  getStats,
  listAboutEntriesForAdmin,
  setTeamMemberActive,
  setTestimonialFeatured,
  updateAboutEntry,
  updateAboutInfo,
  updateStats,
} from "~/models/about.server";
import { translateAboutEntry, translateAboutInfo } from "~/models/about-translation.server";
import {
  deleteEntry,
  saveForm,
  saveTranslation,
  toggleEntry,
  unknownIntent,
} from "~/requests/admin-action.server";
import { aboutEntrySchemas, aboutInfoSchema, statsSchema } from "~/schemas/about";
import { aboutEntryTranslationSchemas, aboutInfoTranslationSchema } from "~/schemas/about-translation";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/about";

export const handle: AdminHandle = {
  liveTopics: aboutPageTopics,
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.about");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/about");
  const { db } = args.context;
  const url = args.request.url;
  const tab = readAboutTab(url);
  // The filter "Chưa dịch sang EN/DE" narrows the open list.
  const untranslated = isAboutListKind(tab) ? untranslatedFilterFromUrl(url) : undefined;
  const [info, stats, lists] = await Promise.all([
    getAboutInfo(db),
    getStats(db),
    listAboutEntriesForAdmin(
      db,
      untranslated && isAboutListKind(tab) ? { kind: tab, language: untranslated } : undefined,
    ),
  ]);
  const dialog = readDialog(url);
  const kind = dialog?.kind;
  // A dialog needs a list kind, and for edit/delete an entry that still exists (a stale link
  // from another tab shows the list).
  const valid =
    dialog &&
    isAboutListKind(kind) &&
    (dialog.mode === "new" || lists[kind].some((entry) => entry.id === dialog.id));
  return {
    tab,
    // The editors' language (?lang=en); a new entry is written in Vietnamese first.
    language: dialog?.mode === "new" ? defaultLanguage : editLanguageFromUrl(url),
    untranslated,
    // The story as the visual editor takes it (ADR 056), whatever version wrote it.
    info: info ? withEditableBodies(info, "description", "plain") : null,
    stats: stats ?? null,
    lists,
    dialog: valid ? { ...dialog, kind } : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { formData, intent } = await staffForm(args, "/admin/about");
  const { request, context } = args;

  if (intent === "save-info") {
    return saveForm(request, formData, aboutInfoSchema, (value) => updateAboutInfo(context.db, value));
  }
  if (intent === TRANSLATE_INFO_INTENT) {
    return saveForm(request, formData, aboutInfoTranslationSchema, (value) =>
      translateAboutInfo(context.db, value),
    );
  }
  if (intent === "save-stats") {
    return saveForm(request, formData, statsSchema, (value) => updateStats(context.db, value));
  }

  const kind = formData.get("kind");
  if (!isAboutListKind(kind)) unknownIntent();

  if (intent === "save") {
    return saveForm(request, formData, aboutEntrySchemas[kind], (value, id) =>
      id ? updateAboutEntry(context.db, kind, id, value) : createAboutEntry(context.db, kind, value),
    );
  }
  if (intent === TRANSLATE_ENTRY_INTENT) {
    return saveTranslation(request, formData, aboutEntryTranslationSchemas[kind], (id, value) =>
      translateAboutEntry(context.db, kind, id, value),
    );
  }
  if (intent === "delete")
    return deleteEntry(request, formData, (id) => deleteAboutEntry(context.db, kind, id));

  // spec §4: a member's "Hoạt động"/"Ẩn", a testimonial's "Nổi bật"/"Thường", from the list.
  if (intent === "toggle" && (kind === "team" || kind === "testimonials")) {
    const on = formData.get("value") === "true";
    return toggleEntry(formData, (id) =>
      kind === "team" ? setTeamMemberActive(context.db, id, on) : setTestimonialFeatured(context.db, id, on),
    );
  }
  unknownIntent();
}

export default function AdminAbout({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin");
  const { tab, lists, dialog, language } = loaderData;
  const list = isAboutListKind(tab) ? ({ kind: tab, entries: lists[tab] } as AboutListProps) : undefined;
  const dialogList = dialog
    ? ({ kind: dialog.kind, entries: lists[dialog.kind] } as AboutListProps)
    : undefined;
  return (
    <section aria-labelledby="about-heading" className="space-y-5">
      <div>
        <h1 id="about-heading" className="text-2xl font-bold text-slate-900">
          {t("pages.about.title")}
        </h1>
        <p className="text-slate-600">{t("pages.about.description")}</p>
      </div>
      <AboutTabsNav current={tab} />
      <DoneNotice />
      {tab === "general" && (
        <GeneralInfoForm info={loaderData.info} language={language} lastResult={actionData} />
      )}
      {tab === "stats" && <StatsForm stats={loaderData.stats} lastResult={actionData} />}
      {list && (
        <AboutEntryList
          {...list}
          untranslated={loaderData.untranslated}
          result={dialog ? undefined : actionData}
        />
      )}
      {dialog && dialogList && (
        <EntryDialog dialog={dialog} list={dialogList} language={language} lastResult={actionData} />
      )}
    </section>
  );
}

function EntryDialog({
  dialog,
  list,
  language,
  lastResult,
}: {
  dialog: NonNullable<Route.ComponentProps["loaderData"]["dialog"]>;
  list: AboutListProps;
  language: Language;
  lastResult: unknown;
}) {
  if (dialog.mode === "delete" && dialog.id) {
    const error = (lastResult as { error?: Record<string, string[] | null> } | undefined)?.error?.[""]?.[0];
    return (
      <ConfirmDeleteDialog
        id={dialog.id}
        name={aboutEntryName(list, dialog.id) ?? ""}
        extra={{ kind: list.kind }}
        error={error ?? undefined}
      />
    );
  }
  const id = dialog.mode === "edit" ? dialog.id : undefined;
  const entry = list.entries.find((candidate) => candidate.id === id);
  if (entry && isTranslationLanguage(language)) {
    return (
      <EntryTranslationDialog
        key={`${entry.id}-${language}`}
        kind={list.kind}
        entry={entry}
        language={language}
        lastResult={lastResult}
      />
    );
  }
  // New entries go to the end of the list (spec §9: sorted by order, minimum 1).
  const nextOrder = Math.max(0, ...list.entries.map((entry) => entry.order)) + 1;
  // Each list's dialog takes its own entry type; the list and the entry found in it match.
  const Dialog = entryDialogs[list.kind] as ComponentType<
    EntryDialogProps<AboutListProps["entries"][number]>
  >;
  return <Dialog key={id ?? "new"} entry={entry} nextOrder={nextOrder} lastResult={lastResult} />;
}

const entryDialogs = {
  team: TeamDialog,
  values: ValueDialog,
  milestones: MilestoneDialog,
  testimonials: TestimonialDialog,
};
