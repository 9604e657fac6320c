// A post body as the visual editor sends it (ADR 055): a document of plain paragraphs, as JSON.
import { type RichDocument, serializeDocument } from "~/lib/rich-text/document";

export function documentOf(...paragraphs: string[]): RichDocument {
  return {
    type: "doc",
    content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
  };
}

/** The stored (and submitted) form of a body of these paragraphs. */
export function bodyOf(...paragraphs: string[]): string {
  return serializeDocument(documentOf(...paragraphs));
}
