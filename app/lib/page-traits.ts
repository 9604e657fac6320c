// What a page tells the host about itself while it renders (server/app.ts reads it after the
// answer): whether it carries a public form, and which change topics it shows. The host needs both
// for pages it serves from its cache, where no route runs (ADR 042).
import type { ChangeTopic } from "./change-topics";

export interface PageTraits {
  /** A public form's loader asked for a form ticket (offerFormTicket): the host gives the visitor
   * one with every answer of this page, cached or rendered. */
  formTicket: boolean;
  /** The change topics the page shows: its routes' `liveTopics`, collected when the document
   * renders. A change to one of them takes the page out of the cache. Undefined: not known. */
  liveTopics?: readonly ChangeTopic[];
}

export function newPageTraits(): PageTraits {
  return { formTicket: false };
}
