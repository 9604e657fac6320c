// Markdown → safe HTML: how post bodies were written before the visual editor (ADR 055). It is
// kept for one purpose, converting those bodies into documents (app/lib/rich-text/from-html.server.ts),
// with the same allow-list every body passes on its way to a page.
import { Marked } from "marked";
import { sanitizeBody } from "~/lib/rich-text/sanitize.server";

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown → safe HTML, as a post body rendered before ADR 055. */
export function renderMarkdown(markdown: string): string {
  return sanitizeBody(marked.parse(markdown) as string);
}
