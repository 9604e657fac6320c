// Blog bodies are Markdown, written by admins but rendered for every visitor: the HTML that
// `marked` produces (raw HTML in the source passes through it) is cleaned with an allow-list
// sanitizer before it reaches a page. Whatever is not listed here is dropped.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const EXTERNAL_REL = "noopener noreferrer nofollow";
const isHttpUrl = (url: string | undefined) => /^https?:\/\//i.test(url ?? "");

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "del",
    "s",
    "code",
    "pre",
    "blockquote",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "loading"],
    code: ["class"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedClasses: { code: ["language-*"] },
  // Links: web and mail only (no javascript:, data:, vbscript:…); relative links stay (/courses).
  allowedSchemes: ["http", "https", "mailto"],
  // Images: absolute web addresses only.
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // script, style, textarea… are dropped with their content; other unknown tags keep their text.
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the one h1; a heading in the body starts at h2.
    h1: "h2",
    a: (tagName, attribs) => {
      if (!isHttpUrl(attribs.href)) {
        const { rel: _rel, target: _target, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs: { ...attribs, rel: EXTERNAL_REL, target: "_blank" } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
  // An image whose address is relative or not http(s) is removed rather than left broken.
  exclusiveFilter: (frame) => frame.tag === "img" && !isHttpUrl(frame.attribs.src),
};

/** Markdown → safe HTML for a post body. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions);
}
