// What the visual editor does to HTML pasted into it (ADR 055), before ProseMirror reads it with
// the editor's schema: keep the structure (headings, lists, links, tables, bold and italic) and
// drop the styling Google Docs and Word put around it. The schema alone would keep too little of
// Word's lists (paragraphs with a typed bullet, not <li>) and of headings outside H2–H4, and the
// clipboard's inline styles are no use once the marks are read. Pure apart from the DOM it parses
// with (the browser's; happy-dom's in tests): a <template>'s content, which is inert — nothing in
// it loads or runs.
import { youtubeVideoId } from "~/schemas/settings";

/** Elements dropped with everything in them. */
const DROPPED = new Set([
  "script",
  "style",
  "meta",
  "link",
  "title",
  "head",
  "xml",
  "template",
  "noscript",
  "object",
  "embed",
  "svg",
  "math",
  "canvas",
  "button",
  "input",
  "select",
  "textarea",
  "o:p",
]);

/** The attributes each element keeps (what the editor's schema reads); every other is dropped. */
const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  img: ["src", "alt"],
  td: ["align", "colspan", "rowspan"],
  th: ["align", "colspan", "rowspan"],
  ol: ["start"],
  div: ["data-youtube"],
};

/** ProseMirror marks its own clipboard with this (where a copied slice opens and closes). */
const PM_SLICE = "data-pm-slice";

/** One declaration of an inline style attribute: `font-weight` in "color:red;font-weight:700"
 * (not `mso-bidi-font-weight`). */
function styleValue(element: Element, property: string): string {
  const style = element.getAttribute("style") ?? "";
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, "i").exec(style);
  return match
    ? match[1]!
        .trim()
        .toLowerCase()
        .replace(/\s*!important$/, "")
    : "";
}

const isBoldWeight = (value: string) => /^(bold|bolder|[6-9]\d\d)$/.test(value);
const isNormalWeight = (value: string) => /^(normal|lighter|[1-4]\d\d)$/.test(value);

function unwrap(element: Element) {
  element.replaceWith(...Array.from(element.childNodes));
}

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...Array.from(element.childNodes));
  element.replaceWith(renamed);
  return renamed;
}

/** Wraps an element's children in `tag` (a styled span's bold becomes a <strong> inside it). */
function wrapChildren(element: Element, tag: string) {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...Array.from(element.childNodes));
  element.append(wrapper);
}

function removeComments(root: DocumentFragment) {
  const walker = root.ownerDocument.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/* ---------------------------------------------------------------- Word's lists */

/** A Word list paragraph: `style="mso-list:l0 level2 lfo1"` (its list and its depth). */
function wordListItem(element: Element): { list: string; level: number } | undefined {
  if (element.tagName !== "P") return undefined;
  const match = /(?:^|;)\s*mso-list\s*:\s*(l\d+)\s+level(\d+)/i.exec(element.getAttribute("style") ?? "");
  if (!match) return undefined;
  return { list: match[1]!.toLowerCase(), level: Math.max(1, Number(match[2])) };
}

/** The bullet or number Word typed before the text, in a `mso-list:Ignore` span. */
function wordListMarker(paragraph: Element): { ordered: boolean; start: number | undefined } {
  const marker = Array.from(paragraph.querySelectorAll("span")).find(
    (span) => styleValue(span, "mso-list") === "ignore",
  );
  const text = (marker?.textContent ?? "").replace(/[\s\u00a0]+/g, "");
  // Remove the marker and whatever wraps only it (Word's font spans around the bullet).
  let removed: Element | undefined = marker;
  while (removed?.parentElement && removed.parentElement !== paragraph) {
    const parent: Element = removed.parentElement;
    if ((parent.textContent ?? "").replace(/[\s\u00a0]+/g, "") !== text) break;
    removed = parent;
  }
  removed?.remove();
  const numbered = /^(\d+)[.)]?$/.exec(text);
  if (numbered) return { ordered: true, start: Number(numbered[1]) };
  if (/^([a-z]|[ivxlcdm]+)[.)]$/i.test(text)) return { ordered: true, start: undefined };
  return { ordered: false, start: undefined };
}

/** Turns each run of Word's list paragraphs into real, nested <ul>/<ol> lists. */
function convertWordLists(body: DocumentFragment) {
  const document = body.ownerDocument;
  type Open = { element: HTMLElement; level: number; ordered: boolean };
  let stack: Open[] = [];
  let root: HTMLElement | undefined;
  let rootList = "";
  for (const paragraph of Array.from(body.querySelectorAll("p"))) {
    const item = wordListItem(paragraph);
    if (!item) continue;
    const { ordered, start } = wordListMarker(paragraph);
    // A run continues while the paragraphs follow each other (the ones before are in the list
    // by now) and belong to the same Word list.
    const continues =
      root !== undefined && paragraph.previousElementSibling === root && rootList === item.list;
    if (!continues) {
      stack = [];
      root = undefined;
    }
    while (stack.length && stack.at(-1)!.level > item.level) stack.pop();
    if (stack.length && stack.at(-1)!.level === item.level && stack.at(-1)!.ordered !== ordered) stack.pop();
    if (!stack.length || stack.at(-1)!.level < item.level) {
      const list = document.createElement(ordered ? "ol" : "ul");
      if (ordered && start !== undefined && start !== 1) list.setAttribute("start", String(start));
      const parent = stack.at(-1)?.element;
      if (parent) {
        let last = parent.lastElementChild;
        if (!last) {
          last = document.createElement("li");
          parent.append(last);
        }
        last.append(list);
      } else {
        paragraph.before(list);
        root = list;
        rootList = item.list;
      }
      stack.push({ element: list, level: item.level, ordered });
    }
    const li = document.createElement("li");
    li.append(...Array.from(paragraph.childNodes));
    stack.at(-1)!.element.append(li);
    paragraph.remove();
  }
}

/* ---------------------------------------------------------------- the whole paste */

/** The clipboard's HTML as the editor should read it: headings within H2–H4, Word's lists as
 * lists, styled spans as <strong>/<em>/<s>, no styles, classes, comments or Office markup. */
export function transformPastedHTML(html: string): string {
  // A template's content is parsed in a document of its own that runs and loads nothing (a full
  // document's <html>, <head> and <body> tags are dropped, what was in them kept).
  const template = globalThis.document.createElement("template");
  template.innerHTML = html;
  const body = template.content;
  const document = body.ownerDocument;
  removeComments(body);

  for (const element of Array.from(body.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag) || tag.startsWith("v:")) element.remove();
  }
  // A YouTube frame (an embed code pasted in) is the editor's video; other frames go.
  for (const frame of Array.from(body.querySelectorAll("iframe"))) {
    const videoId = youtubeVideoId(frame.getAttribute("src") ?? "");
    if (videoId) {
      const video = document.createElement("div");
      video.setAttribute("data-youtube", videoId);
      frame.replaceWith(video);
    } else frame.remove();
  }
  // Google Docs' trailing line break.
  for (const br of Array.from(body.querySelectorAll("br.Apple-interchange-newline"))) br.remove();

  convertWordLists(body);

  for (const element of Array.from(body.querySelectorAll("h1, h5, h6, p.MsoTitle, p.MsoSubtitle"))) {
    const tag = element.tagName.toLowerCase();
    const className = element.getAttribute("class") ?? "";
    rename(element, tag === "h1" || className === "MsoTitle" ? "h2" : tag === "p" ? "h3" : "h4");
  }

  // Marks given by style. Google Docs wraps a whole paste in <b style="font-weight:normal">,
  // which is no bold at all; its bold and italic are spans' styles.
  for (const element of Array.from(body.querySelectorAll("b, strong, i, em"))) {
    const tag = element.tagName.toLowerCase();
    const normal =
      tag === "b" || tag === "strong"
        ? isNormalWeight(styleValue(element, "font-weight"))
        : styleValue(element, "font-style") === "normal";
    if (normal) unwrap(element);
  }
  for (const element of Array.from(body.querySelectorAll("span, font, a"))) {
    if (isBoldWeight(styleValue(element, "font-weight"))) wrapChildren(element, "strong");
    if (/^(italic|oblique)/.test(styleValue(element, "font-style"))) wrapChildren(element, "em");
    const decoration = `${styleValue(element, "text-decoration")} ${styleValue(element, "text-decoration-line")}`;
    if (decoration.includes("line-through")) wrapChildren(element, "s");
  }

  // The page's own forms (a Lernhaus article copied back in): a code block's closing line break
  // is not part of the code; a cell's alignment may be a style.
  for (const pre of Array.from(body.querySelectorAll("pre"))) {
    const walker = document.createTreeWalker(pre, 4 /* NodeFilter.SHOW_TEXT */);
    let last: Node | null = null;
    while (walker.nextNode()) last = walker.currentNode;
    if (last?.nodeValue?.endsWith("\n")) last.nodeValue = last.nodeValue.slice(0, -1);
  }
  for (const cell of Array.from(body.querySelectorAll("td, th"))) {
    const align = styleValue(cell, "text-align");
    if (!cell.getAttribute("align") && /^(left|center|right)$/.test(align)) cell.setAttribute("align", align);
  }

  for (const element of Array.from(body.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    const kept = KEPT_ATTRIBUTES[tag] ?? [];
    const className = element.getAttribute("class") ?? "";
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (kept.includes(name) || name === PM_SLICE) continue;
      // The editor's own callout and a code block's language are classes.
      if (name === "class" && tag === "div" && /(^|\s)callout(\s|$)/.test(className)) continue;
      if (name === "class" && tag === "code" && /(^|\s)language-[\w+-]+(\s|$)/.test(className)) continue;
      element.removeAttribute(attribute.name);
    }
    // Office's namespaced wrappers (<w:sdt>, <st1:place>) hold text: keep it.
    if (tag.includes(":")) unwrap(element);
  }
  return template.innerHTML;
}
