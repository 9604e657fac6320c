// ADR 055: every Markdown body of an earlier version becomes a document that renders as the
// Markdown did. Checked on every demo post in every language (their page HTML pinned in a file
// per post), and on Markdown generated from the features the old editor documented.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { demoPostMarkdown } from "~/db/demo-content";
import { renderMarkdown } from "~/lib/markdown.server";
import { parseDocument, serializeDocument } from "~/lib/rich-text/document";
import { documentFromHtml, documentFromMarkdown } from "~/lib/rich-text/from-html.server";
import { renderDocumentHtml } from "~/lib/rich-text/render.server";

/** HTML as a browser lays it out: whitespace between tags and runs of spaces do not show, nor
 * does a letter's Unicode form (a document's text is stored composed, NFC). */
const layout = (html: string) => html.normalize("NFC").replace(/>\s+</g, "><").replace(/\s+/g, " ").trim();

describe("converting the demo posts", () => {
  it("covers every demo post in Vietnamese, English and German", () => {
    const languages = new Set(demoPostMarkdown.map((source) => source.language));
    expect([...languages].sort()).toEqual(["de", "en", "vi"]);
    expect(demoPostMarkdown.filter((source) => source.language === "vi").length).toBeGreaterThanOrEqual(10);
  });

  for (const { slug, language, markdown } of demoPostMarkdown) {
    it(`${slug} (${language}) renders as its Markdown did`, async () => {
      const before = renderMarkdown(markdown);
      const document = documentFromMarkdown(markdown);
      const after = renderDocumentHtml(document);
      expect(layout(after)).toBe(layout(before));
      // The stored form reads back as the same document.
      expect(parseDocument(serializeDocument(document))).toEqual(document);
      await expect(`${layout(before).replace(/></g, ">\n<")}\n`).toMatchFileSnapshot(
        `__snapshots__/demo-posts/${slug}.${language}.html`,
      );
    });
  }
});

// Markdown from the pieces the old editor offered: headings, paragraphs with bold, italic,
// strike, code and links, tight lists (nested too), quotes, code blocks, rules and tables.
// Letters of the school's three languages (invisible characters are dropped from a document's
// text on purpose, ADR 013, so they are not generated here).
const word = fc.stringMatching(
  /^[A-Za-z0-9àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵÄÖÜäöüß]{1,8}$/,
);
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((list) => list.join(" "));
const inline = fc
  .array(
    fc.oneof(
      words,
      words.map((text) => `**${text}**`),
      words.map((text) => `_${text}_`),
      words.map((text) => `~~${text}~~`),
      word.map((text) => `\`${text}\``),
      fc.tuple(words, word).map(([text, path]) => `[${text}](https://example.com/${path})`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(" "));
const block = fc.oneof(
  inline,
  fc.tuple(fc.integer({ min: 1, max: 4 }), inline).map(([level, text]) => `${"#".repeat(level)} ${text}`),
  fc
    .array(inline, { minLength: 1, maxLength: 4 })
    .map((items) => items.map((item) => `- ${item}`).join("\n")),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(inline, { minLength: 1, maxLength: 4 }))
    .map(([start, items]) => items.map((item, index) => `${start + index}. ${item}`).join("\n")),
  fc
    .tuple(inline, fc.array(inline, { minLength: 1, maxLength: 3 }))
    .map(([item, inner]) => `- ${item}\n${inner.map((each) => `  - ${each}`).join("\n")}`),
  inline.map((text) => `> ${text}`),
  fc.array(words, { minLength: 1, maxLength: 3 }).map((lines) => `\`\`\`\n${lines.join("\n")}\n\`\`\``),
  fc.constant("---"),
  fc
    .tuple(words, words, fc.array(fc.tuple(words, words), { minLength: 1, maxLength: 3 }))
    .map(([a, b, rows]) =>
      [`| ${a} | ${b} |`, "| --- | :-: |", ...rows.map(([x, y]) => `| ${x} | ${y} |`)].join("\n"),
    ),
);
// Each block is followed by a paragraph: two lists with only a blank line between them are one
// "loose" list in Markdown, whose extra spacing a document does not keep (ADR 055).
const markdown = fc
  .array(fc.tuple(block, inline), { minLength: 1, maxLength: 8 })
  .map((pairs) => pairs.flat().join("\n\n"));

describe("converting any Markdown body", () => {
  it("renders as the Markdown did", () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const before = renderMarkdown(source);
        expect(layout(renderDocumentHtml(documentFromMarkdown(source)))).toBe(layout(before));
      }),
      { numRuns: 300 },
    );
  });

  it("is stable: the rendered document converts back to itself", () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const document = documentFromMarkdown(source);
        expect(documentFromHtml(renderDocumentHtml(document))).toEqual(document);
      }),
      { numRuns: 300 },
    );
  });
});
