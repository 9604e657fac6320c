// "Lịch sử phiên bản" (ADR 053, ADR 057): the revisions of a post's or a course's texts (who,
// when), one of them compared side by side with the current texts, field by field, and "Khôi phục
// phiên bản này", which saves it as a new save. The dialog lives in the URL
// (?dialog=edit&id=…&kind=revisions&revision=…, ADR 009), so the comparison is rendered by the
// server and works without JavaScript.
import { History, RotateCcw } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { AdminDialog, CancelLink } from "~/components/admin/dialog";
import { ListError } from "~/components/admin/form-parts";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { DialogFooter } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";
import { translationLanguages } from "~/lib/content-language";
import { dialogHref, REVISION_PARAM } from "~/lib/dialog-url";
import { formatDateTimeVi } from "~/lib/format";
import { diffLines, type SideBySideRow, sideBySide } from "~/lib/line-diff";
import { storedBodyOutline } from "~/lib/rich-text/document";

/** The `kind` of an edit dialog that shows its item's revisions. */
export const REVISIONS_DIALOG = "revisions";

/** The restore's intent, on every page with a history. */
export const RESTORE_REVISION_INTENT = "restore-revision";

/** An item's texts as a revision keeps them, and as the item has them now. */
export type RevisionTexts = Record<string, unknown> & {
  translations: Partial<Record<string, Record<string, unknown> | undefined>>;
};

/** Which texts a kind's revisions keep: its own fields, a translation's, and the one written in
 * the visual editor (compared as its outline, a block a line). */
export interface RevisionFields {
  own: readonly string[];
  translated: readonly string[];
  body: string;
}

export const postRevisionFields: RevisionFields = {
  own: ["title", "slug", "category", "excerpt", "tags", "thumbnail", "content"],
  translated: ["title", "slug", "excerpt", "tags", "content"],
  body: "content",
};

export const courseRevisionFields: RevisionFields = {
  own: ["title", "slug", "description", "duration", "lessons", "features"],
  translated: ["title", "slug", "description", "duration", "lessons", "features"],
  body: "description",
};

/** "Lịch sử phiên bản": the edit dialog's link to its item's history. */
export function RevisionHistoryLink({ itemId }: { itemId: string }) {
  const { t } = useTranslation("revisions");
  const location = useLocation();
  return (
    <p className="mb-4 text-sm">
      <Link
        to={dialogHref(location.search, { mode: "edit", id: itemId, kind: REVISIONS_DIALOG })}
        preventScrollReset
        className="inline-flex items-center gap-1.5 font-semibold text-blue-700 underline"
      >
        <History aria-hidden="true" className="size-4" />
        {t("open")}
      </Link>
    </p>
  );
}

export interface ShownRevision {
  id: string;
  savedByName: string;
  createdAt: Date | string;
}

function asText(value: unknown) {
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "string" ? value : "";
}

/** Each field that differs, with its side-by-side rows: the Vietnamese fields, then each
 * translation's. */
export function compareTexts(old: RevisionTexts, current: RevisionTexts, fields: RevisionFields) {
  const shown = (field: string, value: unknown) => {
    const text = asText(value);
    return field === fields.body && text ? storedBodyOutline(text) : text;
  };
  const pairs: { key: string; field: string; language?: string; before: string; after: string }[] = [
    ...fields.own.map((field) => ({
      key: field,
      field,
      before: shown(field, old[field]),
      after: shown(field, current[field]),
    })),
    ...translationLanguages.flatMap((language) =>
      fields.translated.map((field) => ({
        key: `${language}.${field}`,
        field,
        language,
        before: shown(field, old.translations[language]?.[field]),
        after: shown(field, current.translations[language]?.[field]),
      })),
    ),
  ];
  return pairs
    .filter((pair) => pair.before !== pair.after)
    .map((pair) => ({ ...pair, rows: sideBySide(diffLines(pair.before, pair.after)) }));
}

export function RevisionDialog({
  itemId,
  fields,
  revisions,
  selected,
  current,
  lastResult,
}: {
  itemId: string;
  fields: RevisionFields;
  revisions: readonly ShownRevision[];
  /** The revision compared, with its texts; undefined when none is chosen. */
  selected: (ShownRevision & RevisionTexts) | undefined;
  current: RevisionTexts;
  lastResult: unknown;
}) {
  const { t } = useTranslation("revisions");
  const location = useLocation();
  const restoring = useSubmitting(RESTORE_REVISION_INTENT);
  const href = (revision: string) => {
    const search = dialogHref(location.search, { mode: "edit", id: itemId, kind: REVISIONS_DIALOG });
    const params = new URLSearchParams(search);
    params.set(REVISION_PARAM, revision);
    return `?${params}`;
  };
  const changes = selected ? compareTexts(selected, current, fields) : [];
  // A history's first entry has no author: the texts the item had before revisions were kept.
  const byLine = (name: string) => (name ? t("by", { name }) : t("byUnknown"));
  return (
    <AdminDialog title={t("title")} wide>
      <div className="space-y-5">
        <ListError result={lastResult} />
        <p className="text-sm text-slate-700">{t("intro")}</p>
        {revisions.length === 0 ? (
          <p className="text-slate-800">{t("empty")}</p>
        ) : (
          <ol aria-label={t("list")} className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {revisions.map((revision) => (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
              >
                <span>
                  <time
                    dateTime={new Date(revision.createdAt).toISOString()}
                    className="font-semibold text-slate-900"
                  >
                    {formatDateTimeVi(revision.createdAt)}
                  </time>{" "}
                  <span className="text-slate-700">{byLine(revision.savedByName)}</span>
                </span>
                {selected?.id === revision.id ? (
                  <span aria-current="true" className="font-semibold text-blue-800">
                    {t("shown")}
                  </span>
                ) : (
                  <Link
                    to={href(revision.id)}
                    preventScrollReset
                    className="font-semibold text-blue-700 underline"
                  >
                    {t("compare")}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        )}
        {selected && (
          <section aria-labelledby="revision-comparison-heading" className="space-y-4">
            <h3 id="revision-comparison-heading" className="font-semibold text-slate-900">
              {t("comparing", {
                date: formatDateTimeVi(selected.createdAt),
                name: selected.savedByName || t("byUnknown"),
              })}
            </h3>
            {changes.length === 0 ? (
              <p className="text-slate-800">{t("same")}</p>
            ) : (
              changes.map((change) => (
                <ComparedField
                  key={change.key}
                  label={
                    change.language
                      ? t("inLanguage", {
                          field: t(`fields.${change.field}`),
                          language: change.language.toUpperCase(),
                        })
                      : t(`fields.${change.field}`)
                  }
                  rows={change.rows}
                />
              ))
            )}
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={itemId} />
              <input type="hidden" name={REVISION_PARAM} value={selected.id} />
              <DialogFooter>
                <CancelLink />
                <SubmitButton
                  name="intent"
                  value={RESTORE_REVISION_INTENT}
                  pending={restoring}
                  pendingLabel={t("restoring")}
                  icon={<RotateCcw aria-hidden="true" className="size-4" />}
                >
                  {t("restore")}
                </SubmitButton>
              </DialogFooter>
            </Form>
          </section>
        )}
      </div>
    </AdminDialog>
  );
}

const rowTone: Record<SideBySideRow["kind"], { left: string; right: string }> = {
  same: { left: "", right: "" },
  changed: { left: "bg-red-50", right: "bg-green-50" },
  removed: { left: "bg-red-50", right: "bg-slate-50" },
  added: { left: "bg-slate-50", right: "bg-green-50" },
};

function ComparedField({ label, rows }: { label: string; rows: readonly SideBySideRow[] }) {
  const { t } = useTranslation("revisions");
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
      <table className="w-full table-fixed text-left font-mono text-xs">
        <caption className="bg-slate-50 px-3 py-2 text-left font-sans text-sm font-semibold text-slate-900">
          {label}
        </caption>
        <thead className="font-sans text-slate-700">
          <tr>
            <th scope="col" className="w-1/2 px-3 py-1.5">
              {t("old")}
            </th>
            <th scope="col" className="w-1/2 px-3 py-1.5">
              {t("current")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows have no identity but their place: the table is rebuilt whole.
            <tr key={index} data-kind={row.kind}>
              <td
                className={`px-3 py-0.5 align-top break-words whitespace-pre-wrap ${rowTone[row.kind].left}`}
              >
                {row.left && row.kind !== "same" && <span className="sr-only">{t("removedLine")} </span>}
                {row.left?.text}
              </td>
              <td
                className={`px-3 py-0.5 align-top break-words whitespace-pre-wrap ${rowTone[row.kind].right}`}
              >
                {row.right && row.kind !== "same" && <span className="sr-only">{t("addedLine")} </span>}
                {row.right?.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
