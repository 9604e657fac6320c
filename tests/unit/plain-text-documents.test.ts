// ADR 056: a course's description and the about page's story were plain texts; they become
// documents that show the same words in the same paragraphs and lines, markup-looking characters
// included as words. And one rule shortens a text for a card or a meta description.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentFromPlainText, documentText } from "~/lib/rich-text/document";
import { renderDocumentHtml } from "~/lib/rich-text/render.server";
import { textSummary } from "~/lib/text-summary";

// Letters of Vietnamese and German, markup signs, and the white space a textarea holds.
const piece = fc.constantFrom(
  "Học",
  "tiếng",
  "Đức",
  "Prüfung",
  "**",
  "#",
  "- ",
  "1.",
  "<b>",
  "</p>",
  "&amp;",
  "[x](javascript:alert(1))",
  " ",
  "  ",
  "\n",
  "\n\n",
  "\r\n",
  "\t",
);
const plainText = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(""));
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe("a plain text as a document", () => {
  it("keeps every word in order, markup signs included", () => {
    fc.assert(
      fc.property(plainText, (text) => {
        expect(words(documentText(documentFromPlainText(text)))).toEqual(words(text));
      }),
    );
  });

  it("starts a paragraph at a blank line and keeps a single line break as one", () => {
    const document = documentFromPlainText("Một\nhai\n\n\nBa\r\n\r\nBốn");
    expect(renderDocumentHtml(document)).toBe("<p>Một<br />hai</p><p>Ba</p><p>Bốn</p>");
  });

  it("renders nothing but paragraphs and line breaks: whatever was typed is text", () => {
    fc.assert(
      fc.property(plainText, (text) => {
        const html = renderDocumentHtml(documentFromPlainText(text));
        expect(html.replace(/<\/?p>|<br \/>/g, "")).not.toMatch(/[<>]/);
      }),
    );
  });

  it("leaves a text of white space empty", () => {
    expect(documentFromPlainText(" \n\n\t\n").content).toEqual([]);
  });
});

describe("a text shortened for a card", () => {
  it("is one line of at most `max` characters, the start of the text, with … when cut", () => {
    fc.assert(
      fc.property(plainText, fc.integer({ min: 2, max: 60 }), (text, max) => {
        const flat = text.replace(/\s+/g, " ").trim();
        const summary = textSummary(text, max);
        expect([...summary].length).toBeLessThanOrEqual(max);
        expect(summary).not.toMatch(/\n/);
        if ([...flat].length <= max) expect(summary).toBe(flat);
        else {
          expect(summary.endsWith("…")).toBe(true);
          expect(flat.startsWith(summary.slice(0, -1).trimEnd())).toBe(true);
        }
      }),
    );
  });

  it("cuts at a word when one ends in the last third", () => {
    expect(textSummary("Khóa học dành cho người mới bắt đầu", 20)).toBe("Khóa học dành cho…");
  });
});
