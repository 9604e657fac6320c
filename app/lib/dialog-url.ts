// Admin dialogs keep their state in the URL; these helpers read and write it (browser-safe).
import { urlId } from "~/schemas/url-query";

// An admin dialog's state lives in the URL (?dialog=new, ?dialog=edit&id=…, ?dialog=delete&id=…):
// the page renders it on the server, it works without JavaScript, Back closes it, and a save
// that redirects to the URL without these parameters closes it.
export const DIALOG_PARAM = "dialog";
export const DIALOG_ID_PARAM = "id";
/** The revision picked in a post's history dialog (ADR 053): part of that dialog's state. */
export const REVISION_PARAM = "revision";
export const dialogModes = ["new", "edit", "delete"] as const;
export type DialogMode = (typeof dialogModes)[number];

export interface DialogState {
  mode: DialogMode;
  /** The edited or deleted entry; undefined for "new". */
  id?: string;
  /** Extra discriminator when one page has several lists (the about tabs). */
  kind?: string;
}

export function readDialog(url: URL | string): DialogState | undefined {
  const params = new URL(url, "http://x").searchParams;
  const mode = params.get(DIALOG_PARAM) as DialogMode | null;
  if (!mode || !dialogModes.includes(mode)) return undefined;
  // A malformed id is a stale link like an unknown one: the list, dialog closed.
  const id = urlId.parse(params.get(DIALOG_ID_PARAM) ?? undefined);
  if (mode !== "new" && !id) return undefined;
  return { mode, id, kind: params.get("kind") ?? undefined };
}

/** The same page with a dialog open (mode "new" needs no id). */
export function dialogHref(search: string, state: DialogState) {
  const params = new URLSearchParams(search);
  params.set(DIALOG_PARAM, state.mode);
  if (state.id) params.set(DIALOG_ID_PARAM, state.id);
  else params.delete(DIALOG_ID_PARAM);
  if (state.kind) params.set("kind", state.kind);
  else params.delete("kind");
  params.delete(REVISION_PARAM);
  params.delete("done");
  return `?${params}`;
}

/** The same page with every dialog closed; `done` names what just happened ("saved",
 * "deleted") so the list can say so. */
export function closedDialogHref(url: URL | string, done?: "saved" | "deleted") {
  const parsed = new URL(url, "http://x");
  const params = parsed.searchParams;
  for (const key of [DIALOG_PARAM, DIALOG_ID_PARAM, "kind", REVISION_PARAM, "done"]) params.delete(key);
  if (done) params.set("done", done);
  const query = params.toString();
  return `${parsed.pathname}${query ? `?${query}` : ""}`;
}
