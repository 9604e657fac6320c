// ADR 055: the document allow-list. Whatever arrives — the editor's JSON, a crafted request, a
// paste — keeps only listed blocks, marks and attributes, and what reaches the page is inert.
import type { ChildNode } from "domhandler";
import fc from "fast-check";
import { parseDocument as parseHtml } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  documentOutline,
  documentText,
  isDocumentEmpty,
  MAX_DEPTH,
  normalizeDocument,
  parseDocument,
  type RichDocument,
  serializeDocument,
} from "~/lib/rich-text/document";
import { renderDocument, renderDocumentHtml } from "~/lib/rich-text/render.server";
import { requiredRichText } from "~/schemas/rich-text";

/** What in a page's HTML could run or leave the site: a script, an on… attribute, an address
 * with a scheme other than the web's and mail's. Text that merely reads like markup is fine. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const visit = (node: ChildNode) => {
    if (node.type === "script" || node.type === "style") found.push(node.name);
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") return;
    if (["script", "iframe", "object", "embed", "svg", "style"].includes(node.name)) found.push(node.name);
    for (const [name, value] of Object.entries(node.attribs)) {
      if (/^on/i.test(name)) found.push(`${node.name}[${name}]`);
      if (["href", "src", "srcset"].includes(name) && /^\s*(?!https?:|mailto:|\/(?![/\\])|#)/i.test(value))
        found.push(`${node.name}[${name}=${value}]`);
    }
    node.children.forEach(visit);
  };
  parseHtml(html).children.forEach(visit);
  return found;
}

const text = (value: string, marks?: unknown[]) => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });

/** Every block the editor offers, once. */
const everyBlock: RichDocument = normalizeDocument(
  doc(
    { type: "heading", attrs: { level: 2 }, content: [text("Lộ trình B1")] },
    paragraph(
      text("Học "),
      text("đều", [{ type: "bold" }]),
      text(" và "),
      text("chậm", [{ type: "italic" }]),
      { type: "hardBreak" },
      text("khóa học", [{ type: "link", attrs: { href: "/courses" } }]),
    ),
    { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("Nghe"))] }] },
    {
      type: "orderedList",
      attrs: { start: 3 },
      content: [{ type: "listItem", content: [paragraph(text("Nói"))] }],
    },
    { type: "blockquote", content: [paragraph(text("Übung macht den Meister."))] },
    { type: "callout", attrs: { tone: "warning" }, content: [paragraph(text("Hạn chót: 15/12"))] },
    {
      type: "image",
      attrs: {
        src: "/uploads/0123456789abcdef0123456789abcdef-1200.webp",
        alt: "Lớp học",
        caption: "Buổi học đầu",
      },
    },
    {
      type: "table",
      content: [
        {
          type: "tableRow",
          content: [
            { type: "tableHeader", attrs: { align: null }, content: [paragraph(text("Trình độ"))] },
            { type: "tableHeader", attrs: { align: "center" }, content: [paragraph(text("Tuần"))] },
          ],
        },
        {
          type: "tableRow",
          content: [
            { type: "tableCell", attrs: { align: null }, content: [paragraph(text("A1"))] },
            { type: "tableCell", attrs: { align: "center" }, content: [paragraph(text("8"))] },
          ],
        },
      ],
    },
    { type: "codeBlock", attrs: { language: "text" }, content: [text("ich bin\ndu bist")] },
    { type: "horizontalRule" },
    { type: "youtube", attrs: { videoId: "dQw4w9WgXcQ" } },
  ),
)!;

describe("a document on the page", () => {
  it("renders each block as the article body's HTML", () => {
    const html = renderDocumentHtml(everyBlock);
    expect(html).toContain("<h2>Lộ trình B1</h2>");
    expect(html).toContain(
      '<p>Học <strong>đều</strong> và <em>chậm<br /></em><a href="/courses">khóa học</a></p>',
    );
    expect(html).toContain("<ul><li>Nghe</li></ul>");
    expect(html).toContain('<ol start="3"><li>Nói</li></ol>');
    expect(html).toContain("<blockquote><p>Übung macht den Meister.</p></blockquote>");
    expect(html).toContain('<div class="callout callout-warning" role="note"><p>Hạn chót: 15/12</p></div>');
    expect(html).toContain(
      '<figure><img src="/uploads/0123456789abcdef0123456789abcdef-1200.webp" srcset="/uploads/0123456789abcdef0123456789abcdef-480.webp 480w, /uploads/0123456789abcdef0123456789abcdef-1200.webp 1200w" sizes="(min-width: 768px) 768px, 100vw" alt="Lớp học" loading="lazy" /><figcaption>Buổi học đầu</figcaption></figure>',
    );
    expect(html).toContain(
      '<table><thead><tr><th>Trình độ</th><th align="center">Tuần</th></tr></thead><tbody><tr><td>A1</td><td align="center">8</td></tr></tbody></table>',
    );
    expect(html).toContain('<pre><code class="language-text">ich bin\ndu bist\n</code></pre>');
    expect(html).toContain("<hr />");
  });

  it("shows a video as a piece of its own, between the HTML around it", () => {
    const pieces = renderDocument(
      normalizeDocument(
        doc(
          paragraph(text("Trước")),
          { type: "youtube", attrs: { videoId: "dQw4w9WgXcQ" } },
          paragraph(text("Sau")),
        ),
      )!,
    );
    expect(pieces).toEqual([
      { kind: "html", html: "<p>Trước</p>" },
      { kind: "youtube", videoId: "dQw4w9WgXcQ" },
      { kind: "html", html: "<p>Sau</p>" },
    ]);
  });

  it("counts the words a reader reads and compares bodies a block a line", () => {
    expect(documentText(everyBlock).split(/\s+/)).toContain("Übung");
    expect(documentText(everyBlock)).not.toContain("dQw4w9WgXcQ");
    const outline = documentOutline(everyBlock).split("\n");
    expect(outline).toContain("## Lộ trình B1");
    expect(outline).toContain("- Nghe");
    expect(outline).toContain("3. Nói");
    expect(outline).toContain("[YouTube dQw4w9WgXcQ]");
  });
});

describe("the allow-list", () => {
  it("keeps the text of a link to a forbidden address and drops the link", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.test/x",
      "/\\evil.test",
    ]) {
      const kept = normalizeDocument(doc(paragraph(text("bấm", [{ type: "link", attrs: { href } }]))))!;
      expect(kept.content).toEqual([{ type: "paragraph", content: [{ type: "text", text: "bấm" }] }]);
    }
  });

  it("drops images from anywhere but our uploads and the web, and unknown blocks", () => {
    const kept = normalizeDocument(
      doc(
        { type: "image", attrs: { src: "javascript:alert(1)", alt: "x" } },
        { type: "image", attrs: { src: "data:image/png;base64,AAAA", alt: "x" } },
        { type: "image", attrs: { src: "/admin/students.csv", alt: "x" } },
        { type: "image", attrs: { src: 'https://x.test/a.png" onerror="alert(1)', alt: "x" } },
        { type: "iframe", attrs: { src: "https://evil.test" } },
        { type: "script", content: [text("alert(1)")] },
        { type: "youtube", attrs: { videoId: '"><script>' } },
      ),
    )!;
    expect(kept.content).toEqual([]);
  });

  it("escapes what is text: markup typed into a paragraph, an alt text or a caption stays words", () => {
    const html = renderDocumentHtml(
      normalizeDocument(
        doc(paragraph(text("<script>alert(1)</script><img src=x onerror=alert(1)>")), {
          type: "image",
          attrs: { src: "https://x.test/a.png", alt: '"><svg onload=alert(1)>', caption: "<b>x</b>" },
        }),
      )!,
    );
    expect(activeParts(html)).toEqual([]);
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("bounds nesting, so a crafted document cannot exhaust the renderer", () => {
    let deep: unknown = paragraph(text("đáy"));
    for (let level = 0; level < MAX_DEPTH + 50; level++) deep = { type: "blockquote", content: [deep] };
    const kept = normalizeDocument(doc(deep))!;
    expect(documentText(kept)).toBe("");
    expect(() => renderDocumentHtml(kept)).not.toThrow();
  });

  it("keeps any JSON to a document whose stored form is stable and whose page is inert", () => {
    const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: fc.constantFrom(
            "paragraph",
            "heading",
            "bulletList",
            "orderedList",
            "listItem",
            "blockquote",
            "callout",
            "codeBlock",
            "horizontalRule",
            "image",
            "table",
            "tableRow",
            "tableCell",
            "tableHeader",
            "youtube",
            "text",
            "hardBreak",
            "script",
            "div",
          ),
          text: fc.oneof(fc.string(), fc.constant("<img src=x onerror=alert(1)>")),
          attrs: fc.record({
            level: fc.integer({ min: -2, max: 9 }),
            href: fc.constantFrom("https://ok.test", "javascript:alert(1)", "/courses", "data:x"),
            src: fc.constantFrom("https://ok.test/a.png", "javascript:x", "/uploads/x.webp"),
            alt: fc.string(),
            tone: fc.string(),
            videoId: fc.constantFrom("dQw4w9WgXcQ", "x"),
            start: fc.oneof(fc.integer(), fc.string()),
          }),
          marks: fc.array(
            fc.record({
              type: fc.constantFrom("bold", "link", "style"),
              attrs: fc.record({ href: fc.constantFrom("https://ok.test", "javascript:x") }),
            }),
          ),
          content: fc.array(tie("node"), { maxLength: 3 }),
        },
        { requiredKeys: ["type"] },
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (content) => {
        const kept = normalizeDocument({ type: "doc", content })!;
        expect(parseDocument(serializeDocument(kept))).toEqual(kept);
        const html = renderDocumentHtml(kept);
        expect(activeParts(html)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the form field", () => {
  it("stores the canonical document and refuses what is not one, or says nothing", () => {
    const sent = JSON.stringify({ ...doc(paragraph(text("Xin chào"))), extra: true });
    expect(requiredRichText.parse(sent)).toBe(
      serializeDocument(normalizeDocument(doc(paragraph(text("Xin chào"))))!),
    );
    expect(requiredRichText.safeParse("## Markdown").error?.issues[0]?.message).toBe(
      "validation.invalidDocument",
    );
    expect(requiredRichText.safeParse("{not json").error?.issues[0]?.message).toBe(
      "validation.invalidDocument",
    );
    expect(
      requiredRichText.safeParse(JSON.stringify(doc(paragraph(text("   "))))).error?.issues[0]?.message,
    ).toBe("validation.required");
    expect(isDocumentEmpty(normalizeDocument(doc({ type: "horizontalRule" }))!)).toBe(false);
  });
});
