// HTML → document (ADR 055), on the server: how the Markdown bodies of earlier versions become
// documents (Markdown → the HTML it always rendered to → blocks), so the conversion keeps what the
// page showed. Tags outside the allow-list keep their text; the result is normalized like any
// document the editor sends.
import type { ChildNode, Element } from "domhandler";
import { parseDocument as parseHtml } from "htmlparser2";
import type { ContentTranslations } from "~/lib/content-language";
import { renderMarkdown } from "~/lib/markdown.server";
import {
  documentFromPlainText,
  type InlineNode,
  type Mark,
  normalizeDocument,
  parseDocument,
  type RichDocument,
  serializeDocument,
} from "./document";

type Loose = { type: string; [key: string]: unknown };

const isElement = (node: ChildNode): node is Element => node.type === "tag";
const blockTags = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "blockquote",
  "pre",
  "hr",
  "figure",
  "table",
  "div",
  "img",
]);

function inlineMark(element: Element): Mark | undefined {
  switch (element.name) {
    case "strong":
    case "b":
      return { type: "bold" };
    case "em":
    case "i":
      return { type: "italic" };
    case "del":
    case "s":
      return { type: "strike" };
    case "code":
      return { type: "code" };
    case "a":
      return element.attribs.href ? { type: "link", attrs: { href: element.attribs.href } } : undefined;
    default:
      return undefined;
  }
}

function inlineNodes(nodes: ChildNode[], marks: Mark[] = []): InlineNode[] {
  return nodes.flatMap((node): InlineNode[] => {
    if (node.type === "text") return node.data ? [{ type: "text", text: node.data, marks }] : [];
    if (!isElement(node)) return [];
    if (node.name === "br") return [{ type: "hardBreak" }];
    const mark = inlineMark(node);
    return inlineNodes(node.children, mark ? [...marks, mark] : marks);
  });
}

function image(element: Element, caption = ""): Loose {
  return {
    type: "image",
    attrs: { src: element.attribs.src ?? "", alt: element.attribs.alt ?? "", caption },
  };
}

/** Blocks from a run of nodes: block elements become blocks, the inline ones between them a
 * paragraph; an image inside a paragraph becomes a block of its own where it stood. */
function blocks(nodes: ChildNode[]): Loose[] {
  const out: Loose[] = [];
  let inline: ChildNode[] = [];
  const flush = () => {
    const content = inlineNodes(inline);
    if (content.some((node) => node.type !== "text" || node.text.trim() !== ""))
      out.push({ type: "paragraph", content });
    inline = [];
  };
  for (const node of nodes) {
    if (isElement(node) && blockTags.has(node.name)) {
      flush();
      out.push(...block(node));
    } else if (isElement(node) && hasImage(node)) {
      // <a><img></a> and the like: the words around stay a paragraph, the picture a block.
      flush();
      out.push(...blocks(node.children));
    } else inline.push(node);
  }
  flush();
  return out;
}

function hasImage(element: Element): boolean {
  return element.children.some((child) => isElement(child) && (child.name === "img" || hasImage(child)));
}

function cell(element: Element): Loose {
  const align = element.attribs.align ?? null;
  return {
    type: element.name === "th" ? "tableHeader" : "tableCell",
    attrs: { align },
    content: blocks(element.children),
  };
}

function block(element: Element): Loose[] {
  switch (element.name) {
    case "p":
      return blocks(element.children);
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return [
        {
          type: "heading",
          attrs: { level: Math.max(2, Number(element.name.slice(1))) },
          content: inlineNodes(element.children),
        },
      ];
    case "ul":
    case "ol":
      return [
        {
          type: element.name === "ul" ? "bulletList" : "orderedList",
          attrs: { start: element.attribs.start ? Number(element.attribs.start) : 1 },
          content: element.children
            .filter(isElement)
            .filter((child) => child.name === "li")
            .map((item) => ({ type: "listItem", content: blocks(item.children) })),
        },
      ];
    case "blockquote":
      return [{ type: "blockquote", content: blocks(element.children) }];
    case "div":
      return /\bcallout\b/.test(element.attribs.class ?? "")
        ? [
            {
              type: "callout",
              attrs: { tone: /\bcallout-warning\b/.test(element.attribs.class ?? "") ? "warning" : "info" },
              content: blocks(element.children),
            },
          ]
        : blocks(element.children);
    case "pre": {
      const code = element.children.find(isElement);
      const language = /\blanguage-([A-Za-z0-9_+-]+)/.exec(code?.attribs.class ?? "")?.[1] ?? null;
      const text = textOf(element).replace(/\n$/, "");
      return [{ type: "codeBlock", attrs: { language }, content: text ? [{ type: "text", text }] : [] }];
    }
    case "hr":
      return [{ type: "horizontalRule" }];
    case "img":
      return [image(element)];
    case "figure": {
      const picture = findElement(element, "img");
      const caption = findElement(element, "figcaption");
      return picture ? [image(picture, caption ? textOf(caption).trim() : "")] : blocks(element.children);
    }
    case "table": {
      const rows = collectRows(element);
      return [
        {
          type: "table",
          content: rows.map((row) => ({
            type: "tableRow",
            content: row.children
              .filter(isElement)
              .filter((c) => c.name === "th" || c.name === "td")
              .map(cell),
          })),
        },
      ];
    }
    default:
      return blocks(element.children);
  }
}

function collectRows(element: Element): Element[] {
  return element.children
    .filter(isElement)
    .flatMap((child) => (child.name === "tr" ? [child] : collectRows(child)));
}

function findElement(element: Element, name: string): Element | undefined {
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return undefined;
}

function textOf(node: ChildNode): string {
  if (node.type === "text") return node.data;
  return isElement(node) ? node.children.map(textOf).join("") : "";
}

/** Sanitized HTML → a document. */
export function documentFromHtml(html: string): RichDocument {
  const root = parseHtml(html, { decodeEntities: true });
  return normalizeDocument({ type: "doc", content: blocks(root.children) })!;
}

/** What a long text was stored as before it became a document: a post's body was Markdown
 * (ADR 055), a course's description and the about page's story plain text (ADR 056). */
export type EarlierFormat = "markdown" | "plain";

/** A stored long text as a document: a document as it is, a text of an earlier version converted
 * as the start's conversion (app/db/stored-bodies.server.ts) converts it. */
export function storedDocument(stored: string, earlier: EarlierFormat): RichDocument {
  return (
    parseDocument(stored) ??
    (earlier === "markdown" ? documentFromMarkdown(stored) : documentFromPlainText(stored))
  );
}

/** A stored body as the editor takes it: a document as it is, and a text that is not one yet
 * (written by an instance of the previous version during an update) converted as the next start
 * will convert it — so saving the form without touching the body keeps it. Empty stays empty. */
export function editableBody(stored: string, earlier: EarlierFormat): string {
  if (stored === "" || parseDocument(stored)) return stored;
  return serializeDocument(storedDocument(stored, earlier));
}

/** An item for its editor: its long text `field`, in Vietnamese and in each translation, as
 * editableBody gives it — whatever wrote it. */
export function withEditableBodies<
  F extends string,
  T extends Record<F, string> & { translations: ContentTranslations },
>(item: T, field: F, earlier: EarlierFormat): T {
  const translations = Object.fromEntries(
    Object.entries(item.translations).map(([language, version]) => [
      language,
      typeof version?.[field] === "string"
        ? { ...version, [field]: editableBody(version[field], earlier) }
        : version,
    ]),
  ) as ContentTranslations;
  return { ...item, [field]: editableBody(item[field], earlier), translations };
}

/** A Markdown body of an earlier version → the document that renders as it did. */
export function documentFromMarkdown(markdown: string): RichDocument {
  return documentFromHtml(renderMarkdown(markdown));
}
