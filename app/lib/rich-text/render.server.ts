// A post's body on the page (ADR 055): its document written as HTML by this one table, then put
// through the allow-list (sanitize.server.ts). The HTML is what the Markdown of earlier versions
// rendered to, block for block, so the page's typography (the `.article-body` styles) is
// unchanged; a YouTube block is not HTML but a piece the page renders as its click-to-load facade.
import { uploadSrcSet } from "~/lib/uploads";
import type { Block, InlineNode, ListItem, Mark, RichDocument, TableCell } from "./document";
import { type EarlierFormat, storedDocument } from "./from-html.server";
import { sanitizeBody } from "./sanitize.server";

/** A body as the page shows it: HTML pieces, and the videos between them. */
export type BodyPiece = { kind: "html"; html: string } | { kind: "youtube"; videoId: string };

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

function openMark(mark: Mark) {
  switch (mark.type) {
    case "link":
      return `<a href="${escapeAttribute(mark.attrs.href)}">`;
    case "bold":
      return "<strong>";
    case "italic":
      return "<em>";
    case "strike":
      return "<del>";
    case "code":
      return "<code>";
  }
}
const closeTag: Record<Mark["type"], string> = {
  link: "</a>",
  bold: "</strong>",
  italic: "</em>",
  strike: "</del>",
  code: "</code>",
};

/** Inline content with each mark opened once for the run of text that shares it (the order of
 * the marks in the document is the nesting order: a link outermost). */
function renderInline(inline: InlineNode[] | undefined): string {
  let html = "";
  const open: Mark[] = [];
  const sameMark = (a: Mark, b: Mark) => JSON.stringify(a) === JSON.stringify(b);
  for (const node of inline ?? []) {
    const marks = node.type === "text" ? (node.marks ?? []) : open;
    let kept = 0;
    while (kept < open.length && kept < marks.length && sameMark(open[kept]!, marks[kept]!)) kept++;
    while (open.length > kept) html += closeTag[open.pop()!.type];
    for (const mark of marks.slice(kept)) {
      html += openMark(mark);
      open.push(mark);
    }
    html += node.type === "text" ? escapeText(node.text) : "<br>";
  }
  while (open.length) html += closeTag[open.pop()!.type];
  return html;
}

function renderListItem(item: ListItem): string {
  // A tight item — one paragraph, perhaps with lists under it — shows its words without a <p>,
  // as Markdown's tight lists do; an item of several paragraphs keeps them.
  const paragraphs = item.content.filter((block) => block.type === "paragraph").length;
  const inner = item.content
    .map((block) =>
      block.type === "paragraph" && paragraphs === 1 ? renderInline(block.content) : renderBlock(block),
    )
    .join("");
  return `<li>${inner}</li>`;
}

function renderCell(cell: TableCell): string {
  const tag = cell.type === "tableHeader" ? "th" : "td";
  const align = cell.attrs.align ? ` align="${cell.attrs.align}"` : "";
  const inner =
    cell.content.length === 1
      ? renderInline(cell.content[0]!.content)
      : cell.content.map((paragraph) => `<p>${renderInline(paragraph.content)}</p>`).join("");
  return `<${tag}${align}>${inner}</${tag}>`;
}

function renderBlock(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return `<p>${renderInline(block.content)}</p>`;
    case "heading":
      return `<h${block.attrs.level}>${renderInline(block.content)}</h${block.attrs.level}>`;
    case "bulletList":
      return `<ul>${block.content.map(renderListItem).join("")}</ul>`;
    case "orderedList": {
      const start = block.attrs.start === 1 ? "" : ` start="${block.attrs.start}"`;
      return `<ol${start}>${block.content.map(renderListItem).join("")}</ol>`;
    }
    case "blockquote":
      return `<blockquote>${block.content.map(renderBlock).join("")}</blockquote>`;
    case "callout":
      return `<div class="callout callout-${block.attrs.tone}" role="note">${block.content.map(renderBlock).join("")}</div>`;
    case "codeBlock": {
      const language = block.attrs.language
        ? ` class="language-${escapeAttribute(block.attrs.language)}"`
        : "";
      const text = (block.content ?? []).map((node) => node.text).join("");
      return `<pre><code${language}>${escapeText(text)}\n</code></pre>`;
    }
    case "horizontalRule":
      return "<hr>";
    case "image": {
      const { src, alt, caption } = block.attrs;
      const srcSet = uploadSrcSet(src);
      const responsive = srcSet
        ? ` srcset="${escapeAttribute(srcSet)}" sizes="(min-width: 768px) 768px, 100vw"`
        : "";
      const image = `<img src="${escapeAttribute(src)}"${responsive} alt="${escapeAttribute(alt)}">`;
      return `<figure>${image}${caption ? `<figcaption>${escapeText(caption)}</figcaption>` : ""}</figure>`;
    }
    case "table": {
      const [first, ...rest] = block.content;
      // The first row is the table's head when it is all header cells, as in Markdown's tables.
      const headed = first?.content.every((cell) => cell.type === "tableHeader") ?? false;
      const row = (cells: TableCell[]) => `<tr>${cells.map(renderCell).join("")}</tr>`;
      const bodyRows = headed ? rest : block.content;
      const head = headed && first ? `<thead>${row(first.content)}</thead>` : "";
      const body = bodyRows.length
        ? `<tbody>${bodyRows.map((each) => row(each.content)).join("")}</tbody>`
        : "";
      return `<table>${head}${body}</table>`;
    }
    case "youtube":
      return ""; // a piece of its own (renderDocument)
  }
}

/** The document as the pieces of the page: sanitized HTML, and the videos between. */
export function renderDocument(document: RichDocument): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  let html = "";
  const flush = () => {
    if (html) pieces.push({ kind: "html", html: sanitizeBody(html) });
    html = "";
  };
  for (const block of document.content) {
    if (block.type === "youtube") {
      flush();
      pieces.push({ kind: "youtube", videoId: block.attrs.videoId });
    } else html += renderBlock(block);
  }
  flush();
  return pieces;
}

/** The document as one HTML text (feeds, comparisons): a video is a link to it. */
export function renderDocumentHtml(document: RichDocument): string {
  return renderDocument(document)
    .map((piece) =>
      piece.kind === "html"
        ? piece.html
        : `<p><a href="https://www.youtube.com/watch?v=${piece.videoId}" rel="noopener noreferrer nofollow" target="_blank">YouTube</a></p>`,
    )
    .join("");
}

/** A body as stored, for its page. A text that is not a document was written by an instance of
 * an earlier version while this one already ran (a rolling update, ADR 055/056): it is shown as it
 * will be once converted, which the next start does. */
export function renderStoredBody(stored: string, earlier: EarlierFormat): BodyPiece[] {
  return renderDocument(storedDocument(stored, earlier));
}
