// The structured form of a long text (ADR 055): a post's body is a document of the blocks and
// marks below, stored as canonical JSON (the shape TipTap/ProseMirror speak, so the admin editor
// loads and saves it as is). This module is the one allow-list: the server's normalizer keeps
// what is listed and drops the rest, the renderer (render.server.ts) knows nothing else, and the
// editor's schema (app/components/admin/rich-text) is built from the same names. Pure and
// browser-safe: the editor, the form schema and the server all use it.

import { cleanText, hasControlCharacters, withoutControlCharacters } from "~/lib/plain-text";

export const HEADING_LEVELS = [2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];
export const CALLOUT_TONES = ["info", "warning"] as const;
export type CalloutTone = (typeof CALLOUT_TONES)[number];
export const CELL_ALIGNS = ["left", "center", "right"] as const;
export type CellAlign = (typeof CELL_ALIGNS)[number];

export type Mark =
  | { type: "bold" }
  | { type: "italic" }
  | { type: "strike" }
  | { type: "code" }
  | { type: "link"; attrs: { href: string } };

export type TextNode = { type: "text"; text: string; marks?: Mark[] };
export type InlineNode = TextNode | { type: "hardBreak" };

export type Paragraph = { type: "paragraph"; content?: InlineNode[] };
export type Heading = { type: "heading"; attrs: { level: HeadingLevel }; content?: InlineNode[] };
export type ListItem = { type: "listItem"; content: Block[] };
export type BulletList = { type: "bulletList"; content: ListItem[] };
export type OrderedList = { type: "orderedList"; attrs: { start: number }; content: ListItem[] };
export type Blockquote = { type: "blockquote"; content: Block[] };
export type CodeBlock = { type: "codeBlock"; attrs: { language: string | null }; content?: TextNode[] };
export type HorizontalRule = { type: "horizontalRule" };
/** A picture with its alt text and an optional caption; an upload of ours or a web address. */
export type Image = { type: "image"; attrs: { src: string; alt: string; caption: string } };
/** A highlighted box ("Lưu ý"): paragraphs and lists, in one of two tones. */
export type Callout = { type: "callout"; attrs: { tone: CalloutTone }; content: Block[] };
export type TableCell = {
  type: "tableHeader" | "tableCell";
  attrs: { align: CellAlign | null };
  content: Paragraph[];
};
export type TableRow = { type: "tableRow"; content: TableCell[] };
export type Table = { type: "table"; content: TableRow[] };
/** A YouTube video, shown through the click-to-load facade (nothing is fetched until play). */
export type YouTube = { type: "youtube"; attrs: { videoId: string } };

export type Block =
  | Paragraph
  | Heading
  | BulletList
  | OrderedList
  | Blockquote
  | CodeBlock
  | HorizontalRule
  | Image
  | Callout
  | Table
  | YouTube;

export type RichDocument = { type: "doc"; content: Block[] };

/** Nesting deeper than this (a list in a quote in a list…) is not writing, it is an attack on the
 * renderer's stack; deeper blocks are dropped. */
export const MAX_DEPTH = 16;
/** The longest document accepted, as stored JSON: a 5,000-word article with tables and links is
 * some 100,000 characters, so this leaves room without letting a paste run away. The editor's
 * forms post it as multipart (raw UTF-8, ≤ 3 bytes a character: 600 KB), inside the admin
 * forms' body limit (server/body-limit.ts). */
export const RICH_TEXT_MAX_LENGTH = 200_000;
export const LINK_MAX_LENGTH = 2_000;
export const ALT_MAX_LENGTH = 300;
export const CAPTION_MAX_LENGTH = 500;

export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export function emptyDocument(): RichDocument {
  return { type: "doc", content: [] };
}

/* ---------------------------------------------------------------- addresses */

/** A link the page may carry: the web, mail, or a path of this site ("/courses"). Anything else
 * (javascript:, data:, vbscript:, "//elsewhere") is not a link. */
export function isAllowedHref(href: string): boolean {
  if (href.length === 0 || href.length > LINK_MAX_LENGTH) return false;
  if (/\s/.test(href) || hasControlCharacters(href, { multiline: false })) return false;
  if (href.startsWith("/")) return !href.startsWith("//") && !href.startsWith("/\\");
  if (href.startsWith("#")) return true;
  return /^(https?:\/\/[^/\\]|mailto:)/i.test(href);
}

/** An image the page may show: an upload of ours or an https/http address. */
export function isAllowedImageSrc(src: string): boolean {
  if (src.length === 0 || src.length > LINK_MAX_LENGTH) return false;
  if (/[\s"'<>]/.test(src) || hasControlCharacters(src, { multiline: false })) return false;
  return /^\/uploads\/[0-9a-f]{32}-\d+\.webp$/.test(src) || /^https?:\/\/[^/\\]/i.test(src);
}

/* ---------------------------------------------------------------- normalizing */

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const children = (node: Loose): unknown[] => (Array.isArray(node.content) ? node.content : []);
const attrsOf = (node: Loose): Loose => (isObject(node.attrs) ? node.attrs : {});

// Control characters other than tab and line break have no place in a text (they are refused in
// every other field, app/schemas/fields.ts; a paste is cleaned instead), nor have bidi controls
// and zero-width spaces (ADR 013); line breaks outside code are spaces.
const cleanString = (value: unknown, max: number) =>
  typeof value === "string"
    ? cleanText(withoutControlCharacters(value, { multiline: false }))
        .slice(0, max)
        .trim()
    : "";

const markOrder: Mark["type"][] = ["link", "bold", "italic", "strike", "code"];

function normalizeMarks(value: unknown): Mark[] {
  if (!Array.isArray(value)) return [];
  const marks = new Map<Mark["type"], Mark>();
  for (const mark of value) {
    if (!isObject(mark)) continue;
    switch (mark.type) {
      case "bold":
      case "italic":
      case "strike":
      case "code":
        marks.set(mark.type, { type: mark.type });
        break;
      case "link": {
        const href = typeof attrsOf(mark).href === "string" ? (attrsOf(mark).href as string).trim() : "";
        // A link to a forbidden address keeps its text and loses the link.
        if (isAllowedHref(href)) marks.set("link", { type: "link", attrs: { href } });
        break;
      }
    }
  }
  return markOrder.flatMap((type) => {
    const mark = marks.get(type);
    return mark ? [mark] : [];
  });
}

const sameMarks = (a: Mark[] = [], b: Mark[] = []) => JSON.stringify(a) === JSON.stringify(b);

/** Inline content: text runs (neighbours with the same marks merged) and line breaks. Inside
 * code, marks are dropped and line breaks stay in the text. */
function normalizeInline(value: unknown[], code = false): InlineNode[] {
  const out: InlineNode[] = [];
  for (const node of value) {
    if (!isObject(node)) continue;
    if (node.type === "hardBreak") {
      if (code) appendText(out, { type: "text", text: "\n" });
      else out.push({ type: "hardBreak" });
      continue;
    }
    if (node.type !== "text" || typeof node.text !== "string") continue;
    let text = cleanText(withoutControlCharacters(node.text, { multiline: true }));
    if (!code) text = text.replace(/\s*\n\s*/g, " ");
    if (text === "") continue;
    const marks = code ? [] : normalizeMarks(node.marks);
    appendText(out, marks.length ? { type: "text", text, marks } : { type: "text", text });
  }
  return out;
}

function appendText(out: InlineNode[], node: TextNode) {
  const last = out.at(-1);
  if (last?.type === "text" && sameMarks(last.marks, node.marks)) last.text += node.text;
  else out.push(node);
}

function hasText(inline: InlineNode[]) {
  return inline.some((node) => node.type === "text" && node.text.trim() !== "");
}

function withInline<T extends Paragraph | Heading>(node: T, inline: InlineNode[]): T {
  // A line break at either end of a block shows as nothing.
  while (inline[0]?.type === "hardBreak") inline.shift();
  while (inline.at(-1)?.type === "hardBreak") inline.pop();
  return inline.length ? { ...node, content: inline } : node;
}

function normalizeListItems(value: unknown[], depth: number): ListItem[] {
  const items: ListItem[] = [];
  for (const node of value) {
    if (!isObject(node) || node.type !== "listItem") continue;
    const content = normalizeBlocks(children(node), depth + 1);
    // A list item starts with a paragraph (ProseMirror's rule, and what a list shows).
    if (content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
    items.push({ type: "listItem", content });
  }
  return items;
}

function normalizeCell(node: Loose, depth: number): TableCell {
  const align = attrsOf(node).align;
  // A cell holds paragraphs: whatever else was in it keeps its text as paragraphs.
  const paragraphs: Paragraph[] = [];
  for (const block of normalizeBlocks(children(node), depth + 1)) {
    if (block.type === "paragraph") paragraphs.push(block);
    else {
      const text = blockText(block);
      if (text) paragraphs.push({ type: "paragraph", content: [{ type: "text", text }] });
    }
  }
  return {
    type: node.type === "tableHeader" ? "tableHeader" : "tableCell",
    attrs: { align: CELL_ALIGNS.includes(align as CellAlign) ? (align as CellAlign) : null },
    content: paragraphs.length ? paragraphs : [{ type: "paragraph" }],
  };
}

function normalizeBlock(node: Loose, depth: number): Block | undefined {
  const attrs = attrsOf(node);
  switch (node.type) {
    case "paragraph":
      return withInline<Paragraph>({ type: "paragraph" }, normalizeInline(children(node)));
    case "heading": {
      const level = HEADING_LEVELS.includes(attrs.level as HeadingLevel) ? (attrs.level as HeadingLevel) : 2;
      const inline = normalizeInline(children(node));
      return hasText(inline) ? withInline<Heading>({ type: "heading", attrs: { level } }, inline) : undefined;
    }
    case "bulletList":
    case "orderedList": {
      const items = normalizeListItems(children(node), depth);
      if (!items.length) return undefined;
      if (node.type === "bulletList") return { type: "bulletList", content: items };
      const start =
        Number.isSafeInteger(attrs.start) && (attrs.start as number) >= 0 ? (attrs.start as number) : 1;
      return { type: "orderedList", attrs: { start: Math.min(start, 1_000_000) }, content: items };
    }
    case "blockquote":
    case "callout": {
      const content = normalizeBlocks(children(node), depth + 1);
      if (!content.length) return undefined;
      if (node.type === "blockquote") return { type: "blockquote", content };
      const tone = CALLOUT_TONES.includes(attrs.tone as CalloutTone) ? (attrs.tone as CalloutTone) : "info";
      return { type: "callout", attrs: { tone }, content };
    }
    case "codeBlock": {
      const language =
        typeof attrs.language === "string" && /^[A-Za-z0-9_+-]{1,30}$/.test(attrs.language)
          ? attrs.language
          : null;
      const text = normalizeInline(children(node), true) as TextNode[];
      return text.length
        ? { type: "codeBlock", attrs: { language }, content: text }
        : { type: "codeBlock", attrs: { language } };
    }
    case "horizontalRule":
      return { type: "horizontalRule" };
    case "image": {
      const src = typeof attrs.src === "string" ? attrs.src.trim() : "";
      if (!isAllowedImageSrc(src)) return undefined;
      return {
        type: "image",
        attrs: {
          src,
          alt: cleanString(attrs.alt, ALT_MAX_LENGTH).replace(/\s+/g, " "),
          caption: cleanString(attrs.caption, CAPTION_MAX_LENGTH).replace(/\s+/g, " "),
        },
      };
    }
    case "table": {
      const rows: TableRow[] = [];
      for (const row of children(node)) {
        if (!isObject(row) || row.type !== "tableRow") continue;
        const cells = children(row)
          .filter(isObject)
          .filter((cell) => cell.type === "tableCell" || cell.type === "tableHeader")
          .map((cell) => normalizeCell(cell, depth));
        if (cells.length) rows.push({ type: "tableRow", content: cells });
      }
      return rows.length ? { type: "table", content: rows } : undefined;
    }
    case "youtube": {
      const videoId = typeof attrs.videoId === "string" ? attrs.videoId : "";
      return YOUTUBE_ID.test(videoId) ? { type: "youtube", attrs: { videoId } } : undefined;
    }
    default:
      return undefined;
  }
}

function normalizeBlocks(value: unknown[], depth: number): Block[] {
  if (depth > MAX_DEPTH) return [];
  const blocks: Block[] = [];
  for (const node of value) {
    if (!isObject(node)) continue;
    const block = normalizeBlock(node, depth);
    // An empty paragraph is the editor's room for the cursor, not content: the page's spacing
    // comes from its styles, not from blank lines.
    if (block && !(block.type === "paragraph" && !block.content)) blocks.push(block);
  }
  return blocks;
}

/** The document kept from whatever `value` is: the blocks, marks and attributes this module
 * lists, cleaned and bounded; undefined when `value` is not a document at all. Idempotent. */
export function normalizeDocument(value: unknown): RichDocument | undefined {
  if (!isObject(value) || value.type !== "doc") return undefined;
  return { type: "doc", content: normalizeBlocks(children(value), 0) };
}

/** A stored or submitted body: its JSON read and normalized; undefined when it is not one. */
export function parseDocument(json: string): RichDocument | undefined {
  if (!json.startsWith("{")) return undefined;
  try {
    return normalizeDocument(JSON.parse(json));
  } catch {
    return undefined;
  }
}

/** The stored form: normalized JSON (property order fixed by construction). */
export function serializeDocument(document: RichDocument): string {
  return JSON.stringify(document);
}

/** A plain text of an earlier version (a course's description, the about page's story, ADR 056)
 * → the document that shows it as the page did: a blank line starts a paragraph, a line break
 * stays a line break. Nothing in the text is read as markup. */
export function documentFromPlainText(text: string): RichDocument {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({
      type: "paragraph",
      content: paragraph
        .split("\n")
        .flatMap((line, index) => [
          ...(index > 0 ? [{ type: "hardBreak" }] : []),
          ...(line ? [{ type: "text", text: line }] : []),
        ]),
    }));
  return normalizeDocument({ type: "doc", content: paragraphs })!;
}

/* ---------------------------------------------------------------- reading */

function inlineText(inline: InlineNode[] | undefined) {
  return (inline ?? []).map((node) => (node.type === "text" ? node.text : "\n")).join("");
}

/** A block's words as plain text, its inner blocks on lines of their own. */
function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "heading":
    case "codeBlock":
      return inlineText(block.content);
    case "bulletList":
    case "orderedList":
      return block.content.map((item) => item.content.map(blockText).join("\n")).join("\n");
    case "blockquote":
    case "callout":
      return block.content.map(blockText).join("\n");
    case "image":
      return [block.attrs.caption].filter(Boolean).join("");
    case "table":
      return block.content
        .map((row) => row.content.map((cell) => cell.content.map(blockText).join(" ")).join(" | "))
        .join("\n");
    case "horizontalRule":
    case "youtube":
      return "";
  }
}

/** The document's text, a block a paragraph: what is read (read time, excerpts). */
export function documentText(document: RichDocument): string {
  return document.content.map(blockText).filter(Boolean).join("\n\n");
}

/** Whether the document shows anything: a word, a picture, a video, a rule. */
export function isDocumentEmpty(document: RichDocument): boolean {
  return !document.content.some(
    (block) =>
      block.type === "image" ||
      block.type === "youtube" ||
      block.type === "horizontalRule" ||
      blockText(block).trim() !== "",
  );
}

const markSigns: Record<Mark["type"], [string, string]> = {
  bold: ["**", "**"],
  italic: ["_", "_"],
  strike: ["~~", "~~"],
  code: ["`", "`"],
  link: ["[", "]"],
};

function outlineInline(inline: InlineNode[] | undefined) {
  return (inline ?? [])
    .map((node) => {
      if (node.type === "hardBreak") return " ⏎ ";
      let text = node.text;
      for (const mark of node.marks ?? []) {
        const [open, close] = markSigns[mark.type];
        text = `${open}${text}${close}${mark.type === "link" ? `(${mark.attrs.href})` : ""}`;
      }
      return text;
    })
    .join("");
}

function outlineBlock(block: Block, indent: string): string[] {
  switch (block.type) {
    case "paragraph":
      return block.content ? [`${indent}${outlineInline(block.content)}`] : [];
    case "heading":
      return [`${indent}${"#".repeat(block.attrs.level)} ${outlineInline(block.content)}`];
    case "bulletList":
    case "orderedList":
      return block.content.flatMap((item, index) => {
        const sign = block.type === "bulletList" ? "- " : `${block.attrs.start + index}. `;
        const [first, ...rest] = item.content.flatMap((inner) => outlineBlock(inner, `${indent}  `));
        return [`${indent}${sign}${(first ?? "").trimStart()}`, ...rest];
      });
    case "blockquote":
      return block.content.flatMap((inner) => outlineBlock(inner, `${indent}> `));
    case "callout":
      return [
        `${indent}[${block.attrs.tone}]`,
        ...block.content.flatMap((inner) => outlineBlock(inner, `${indent}| `)),
      ];
    case "codeBlock":
      return inlineText(block.content)
        .split("\n")
        .map((line) => `${indent}    ${line}`);
    case "horizontalRule":
      return [`${indent}---`];
    case "image":
      return [
        `${indent}![${block.attrs.alt}](${block.attrs.src})${block.attrs.caption ? ` ${block.attrs.caption}` : ""}`,
      ];
    case "table":
      return block.content.map(
        (row) =>
          `${indent}| ${row.content.map((cell) => cell.content.map((p) => outlineInline(p.content)).join(" ")).join(" | ")} |`,
      );
    case "youtube":
      return [`${indent}[YouTube ${block.attrs.videoId}]`];
  }
}

/** The document as lines a person can compare (revisions side by side, ADR 053): a block a line,
 * with Markdown-like signs for headings, lists, marks and links. */
export function documentOutline(document: RichDocument): string {
  return document.content.flatMap((block) => outlineBlock(block, "")).join("\n");
}

/** A stored body's words: its document's text; a body that is not one yet (Markdown, written by
 * an instance of an earlier version during an update, ADR 055) as it is. */
export function storedBodyText(stored: string): string {
  const document = parseDocument(stored);
  return document ? documentText(document) : stored;
}

/** A stored body shown as lines to compare; a text that is not a document is shown as it is. */
export function storedBodyOutline(stored: string): string {
  const document = parseDocument(stored);
  return document ? documentOutline(document) : stored;
}
