// The last gate before a body reaches a page: whatever HTML a post's body turns into (from its
// document, or from Markdown while old posts are converted) is cleaned with this one allow-list.
// The renderer already writes only these tags; this is the second lock on the same door.
import sanitizeHtml from "sanitize-html";
import { isAllowedImageSrc } from "./document";

const EXTERNAL_REL = "noopener noreferrer nofollow";
const isHttpUrl = (url: string | undefined) => /^https?:\/\//i.test(url ?? "");

const options: sanitizeHtml.IOptions = {
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
    "figure",
    "figcaption",
    "div",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "srcset", "sizes", "alt", "title", "loading", "decoding"],
    code: ["class"],
    div: ["class", "role"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedClasses: { code: ["language-*"], div: ["callout", "callout-info", "callout-warning"] },
  // Links: web and mail only (no javascript:, data:, vbscript:…); relative links stay (/courses).
  allowedSchemes: ["http", "https", "mailto"],
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
    // A box's only role is that of a note (ADR 055: the callout).
    div: (tagName, attribs) => {
      const { role, ...rest } = attribs;
      return { tagName, attribs: role === "note" ? { ...rest, role } : rest };
    },
  },
  // An image is kept when it is one of our uploads or a web address; anything else (a data: or
  // javascript: address, a path that is not an upload) is removed rather than left broken.
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSrc(frame.attribs.src ?? ""),
};

/** HTML of a post's body → the same HTML with nothing but the allow-list left. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, options);
}
