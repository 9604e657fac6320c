// How the visual editor's editable area starts (ADR 055): its typography, its attributes (the
// field's label, hint, error and language), and the document it is given.
import type { JSONContent } from "@tiptap/core";
import { articleBodyClass } from "~/components/blog/article-body";
import { documentFromPlainText, parseDocument } from "~/lib/rich-text/document";

/** The same typography as the public article (app/routes/site/blog-post.tsx, `.article-body`),
 * with the editor's own blocks: a picture, a callout, a video's placeholder, a selected node. */
export const EDITABLE_AREA_CLASS =
  // The page's own body styles (one list, app/components/blog/article-body.ts), then what only the
  // editor has: ProseMirror's <p> inside list items and cells, the selected cell and node, and
  // the video's placeholder.
  `article-body min-h-72 px-4 pt-1 pb-6 focus:outline-none ${articleBodyClass} ` +
  "[&_li>p]:mt-0 [&_td>p]:mt-0 [&_th>p]:mt-0 [&_th]:text-left [&_.selectedCell]:bg-blue-100 " +
  "[&_[data-youtube]]:mt-6 [&_[data-youtube]]:flex [&_[data-youtube]]:aspect-video [&_[data-youtube]]:items-center [&_[data-youtube]]:justify-center [&_[data-youtube]]:rounded-xl [&_[data-youtube]]:bg-slate-800 [&_[data-youtube]]:font-mono [&_[data-youtube]]:text-base [&_[data-youtube]]:text-white " +
  "[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-blue-600";

/** The document the editor starts from. A body that is not a document (text from before the
 * visual editor; the loaders convert it first, ADR 056) keeps its words as the start's conversion
 * of plain text does; headings below H4, which the editor does not offer, are shown and kept as
 * H4. */
export function initialContent(value: string): JSONContent {
  const trimmed = value.trim();
  const document = parseDocument(trimmed) ?? documentFromPlainText(trimmed);
  const clamp = (node: JSONContent): JSONContent => ({
    ...node,
    ...(node.type === "heading" && Number(node.attrs?.level) > 4
      ? { attrs: { ...node.attrs, level: 4 } }
      : {}),
    ...(node.content ? { content: node.content.map(clamp) } : {}),
  });
  const content = document.content as JSONContent[];
  // ProseMirror's document holds at least one block.
  return { type: "doc", content: content.length ? content.map(clamp) : [{ type: "paragraph" }] };
}

/** The editable area's attributes: named by the field's label, described by its hint and error. */
export function editableAttributes(props: {
  id?: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  lang?: string;
}): Record<string, string> {
  const attributes: Record<string, string | undefined> = {
    id: props.id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": props.labelId,
    "aria-describedby": props.describedBy,
    "aria-invalid": props.invalid ? "true" : undefined,
    lang: props.lang,
    spellcheck: "true",
    class: EDITABLE_AREA_CLASS,
  };
  return Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
