// The visual editor of a post's body (ADR 055), mounted as the admin's form shows it
// (RichTextField, its TipTap chunk loaded as in the browser): every block and mark of the
// document model goes in and comes out the same; the hidden input the form posts holds the
// document; a Google Docs paste keeps its headings, bold, lists and links; a paste carrying a
// script, an event handler or a javascript: link keeps none of them; the toolbar, the link and
// video forms, the image picker and the Markdown shortcuts do what they say, in Vietnamese.

import { act, fireEvent, screen, within } from "@testing-library/react";
import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { I18nProvider } from "~/i18n/react";
import { i18n } from "~/i18n/resources.server";
import { documentText, normalizeDocument, type RichDocument } from "~/lib/rich-text/document";
import { rawKeysIn, renderOnPage } from "./render";

const KEY = "0123456789abcdef0123456789abcdef";

/** A document with every block and mark the model knows (headings the editor offers: H2–H4). */
const everything: RichDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Lịch học" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Học " },
        { type: "text", text: "đều đặn", marks: [{ type: "bold" }] },
        { type: "text", text: ", ", marks: [] },
        { type: "text", text: "vui vẻ", marks: [{ type: "bold" }, { type: "italic" }] },
        { type: "text", text: " và " },
        { type: "text", text: "không bỏ", marks: [{ type: "strike" }] },
        { type: "text", text: " với " },
        { type: "text", text: "der/die/das", marks: [{ type: "code" }] },
        { type: "hardBreak" },
        { type: "text", text: "Xem " },
        { type: "text", text: "khóa học", marks: [{ type: "link", attrs: { href: "/khoa-hoc" } }] },
        { type: "text", text: " hoặc " },
        {
          type: "text",
          text: "Goethe",
          marks: [{ type: "link", attrs: { href: "https://www.goethe.de/" } }, { type: "bold" }],
        },
      ],
    },
    { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Buổi sáng" }] },
    { type: "heading", attrs: { level: 4 }, content: [{ type: "text", text: "Chi tiết" }] },
    {
      type: "bulletList",
      content: [
        {
          type: "listItem",
          content: [
            { type: "paragraph", content: [{ type: "text", text: "Nghe" }] },
            {
              type: "orderedList",
              attrs: { start: 3 },
              content: [
                {
                  type: "listItem",
                  content: [{ type: "paragraph", content: [{ type: "text", text: "Ba" }] }],
                },
                {
                  type: "listItem",
                  content: [{ type: "paragraph", content: [{ type: "text", text: "Bốn" }] }],
                },
              ],
            },
          ],
        },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Nói" }] }] },
      ],
    },
    {
      type: "blockquote",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Übung macht den Meister." }] }],
    },
    {
      type: "codeBlock",
      attrs: { language: "js" },
      content: [{ type: "text", text: "const a = 1;\nconst b = 2;" }],
    },
    { type: "horizontalRule" },
    {
      type: "image",
      attrs: { src: `/uploads/${KEY}-1200.webp`, alt: "Lớp học buổi sáng", caption: "Lớp A1 năm 2026" },
    },
    {
      type: "callout",
      attrs: { tone: "warning" },
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Nhớ mang sách." }] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Bút" }] }] },
          ],
        },
      ],
    },
    {
      type: "table",
      content: [
        {
          type: "tableRow",
          content: [
            {
              type: "tableHeader",
              attrs: { align: null },
              content: [{ type: "paragraph", content: [{ type: "text", text: "Ngày" }] }],
            },
            {
              type: "tableHeader",
              attrs: { align: "right" },
              content: [{ type: "paragraph", content: [{ type: "text", text: "Giờ" }] }],
            },
          ],
        },
        {
          type: "tableRow",
          content: [
            {
              type: "tableCell",
              attrs: { align: null },
              content: [{ type: "paragraph", content: [{ type: "text", text: "Thứ Hai" }] }],
            },
            { type: "tableCell", attrs: { align: "center" }, content: [{ type: "paragraph" }] },
          ],
        },
      ],
    },
    { type: "youtube", attrs: { videoId: "dQw4w9WgXcQ" } },
    { type: "paragraph", content: [{ type: "text", text: "Hết." }] },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The field before and after its form was posted with the body missing. */
function AfterPost() {
  const [errors, setErrors] = useState<string[] | undefined>(undefined);
  return (
    <>
      <RichTextField field={{ id: "content", name: "content", errors }} label="Nội dung" />
      <button type="button" onClick={() => setErrors(["validation.required"])}>
        post
      </button>
    </>
  );
}

/** The editor's TipTap instance, as TipTap leaves it on its editable element. */
function editorOf(area: HTMLElement): Editor {
  const editor = (area as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error("no editor on the editable area");
  return editor;
}

/** A form around the field that re-renders on every change, as the post dialog does (its read
 * time follows the words): a value written only into the DOM would not survive that. */
function PostForm({
  initialValue,
  texts,
  extra,
}: {
  initialValue: string;
  texts: string[];
  extra: Partial<Parameters<typeof RichTextField>[0]>;
}) {
  const [words, setWords] = useState(0);
  return (
    <form aria-label="post">
      <RichTextField
        field={{ id: "content", name: "content", key: "k", initialValue }}
        label="Nội dung"
        hint={`Khoảng 3 phút đọc (${words})`}
        required
        lang="vi"
        onTextChange={(text) => {
          texts.push(text);
          setWords(text.split(/\s+/).filter(Boolean).length);
        }}
        {...extra}
      />
    </form>
  );
}

/** RichTextField in a form, its editor loaded (the lazy chunk as the browser fetches it). */
async function mountField(initialValue = "", extra: Partial<Parameters<typeof RichTextField>[0]> = {}) {
  const texts: string[] = [];
  const { page } = await renderOnPage(<PostForm initialValue={initialValue} texts={texts} extra={extra} />);
  const area = await screen.findByRole("textbox", { name: "Nội dung" }, { timeout: 10_000 });
  const hidden = page.querySelector<HTMLInputElement>('input[type="hidden"][name="content"]');
  if (!hidden) throw new Error("no hidden input");
  return { page, area, editor: editorOf(area), hidden, texts };
}

/** Types `text` as a keyboard does: each character through the editor's text-input handlers
 * (where the input rules of the Markdown shortcuts live), inserted when none takes it. */
function type(editor: Editor, text: string) {
  act(() => {
    for (const character of text) {
      const { view } = editor;
      const { from, to } = view.state.selection;
      const handled = view.someProp("handleTextInput", (handle) =>
        handle(view, from, to, character, () => view.state.tr.insertText(character, from, to)),
      );
      if (!handled) view.dispatch(view.state.tr.insertText(character, from, to));
    }
  });
}

describe("the field around the editor", () => {
  it("shows a loading note, not an editor, when rendered on the server", () => {
    const html = renderToString(
      <I18nProvider i18n={i18n.withLanguage("vi")}>
        <RichTextField
          field={{ id: "content", name: "content", initialValue: JSON.stringify(everything) }}
          label="Nội dung"
        />
      </I18nProvider>,
    );
    expect(html).toContain("Đang tải trình soạn thảo…");
    expect(html).not.toContain('role="textbox"');
    // The form still posts the stored body as it is.
    expect(html).toContain(`value="${JSON.stringify(everything).replace(/"/g, "&quot;")}"`);
  });

  it("names the editable area by its label and describes it by the hint and the translated error", async () => {
    const { area, page } = await mountField("", {
      field: { id: "content", name: "content", errors: ["validation.required"] },
    });
    expect(area.getAttribute("aria-multiline")).toBe("true");
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(area.getAttribute("lang")).toBe("vi");
    const described = (area.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Khoảng 3 phút đọc (0)", "Vui lòng điền thông tin này"]);
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("marks the editable area invalid when the form's errors arrive after it loaded", async () => {
    await renderOnPage(<AfterPost />);
    const area = await screen.findByRole("textbox", { name: "Nội dung" }, { timeout: 10_000 });
    expect(area.getAttribute("aria-invalid")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "post" })));
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(area.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Vui lòng điền thông tin này",
    );
  });

  it("loads a stored document, and holds it unchanged until it is edited", async () => {
    const stored = JSON.stringify(everything);
    const { editor, hidden, texts } = await mountField(stored);
    expect(normalizeDocument(editor.getJSON())).toEqual(normalizeDocument(everything));
    expect(hidden.value).toBe(stored);
    // The read time can count the words at once.
    expect(texts.at(-1)).toBe(documentText(normalizeDocument(everything)!));
  });
});

describe("the document in and out", () => {
  it("keeps every block and mark of the model through the editor, and the hidden input holds it", async () => {
    const { editor, hidden, texts, page } = await mountField();
    // The form library learns of a change as of any field's: an input event from the field.
    const changed: string[] = [];
    page.querySelector("form")?.addEventListener("input", (event) => {
      changed.push((event.target as HTMLInputElement).name);
    });
    act(() => {
      editor.commands.setContent(everything);
    });
    expect(changed).toEqual(["content"]);
    const expected = normalizeDocument(everything);
    expect(normalizeDocument(editor.getJSON())).toEqual(expected);
    expect(normalizeDocument(JSON.parse(hidden.value))).toEqual(expected);
    expect(texts.at(-1)).toBe(documentText(expected!));
    // And as HTML: what the editor copies out, it reads back in.
    const html = editor.getHTML();
    act(() => {
      editor.commands.setContent(html);
    });
    expect(normalizeDocument(editor.getJSON())).toEqual(expected);
  });

  it("reads the HTML the site writes for its own blocks (an article copied back in)", async () => {
    const { editor } = await mountField();
    act(() => {
      editor.commands.setContent(
        `<figure><img src="/uploads/${KEY}-1200.webp" alt="Lớp học"><figcaption>Lớp A1</figcaption></figure>` +
          `<div class="callout callout-warning" role="note"><p>Chú ý</p></div>` +
          `<table><thead><tr><th align="left">A</th><th style="text-align: center">B</th></tr></thead><tbody><tr><td>1</td><td align="right">2</td></tr></tbody></table>` +
          `<div data-youtube="dQw4w9WgXcQ"></div>`,
      );
    });
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "image", attrs: { src: `/uploads/${KEY}-1200.webp`, alt: "Lớp học", caption: "Lớp A1" } },
      {
        type: "callout",
        attrs: { tone: "warning" },
        content: [{ type: "paragraph", content: [{ type: "text", text: "Chú ý" }] }],
      },
      {
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              {
                type: "tableHeader",
                attrs: { align: "left" },
                content: [{ type: "paragraph", content: [{ type: "text", text: "A" }] }],
              },
              {
                type: "tableHeader",
                attrs: { align: "center" },
                content: [{ type: "paragraph", content: [{ type: "text", text: "B" }] }],
              },
            ],
          },
          {
            type: "tableRow",
            content: [
              {
                type: "tableCell",
                attrs: { align: null },
                content: [{ type: "paragraph", content: [{ type: "text", text: "1" }] }],
              },
              {
                type: "tableCell",
                attrs: { align: "right" },
                content: [{ type: "paragraph", content: [{ type: "text", text: "2" }] }],
              },
            ],
          },
        ],
      },
      { type: "youtube", attrs: { videoId: "dQw4w9WgXcQ" } },
    ]);
  });
});

// As Google Docs puts a document on the clipboard (abridged styles).
const googleDocs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-6c1f2a3b-7fff-1d2e-9a8b-0c1d2e3f4a5b"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">Học tiếng Đức</span></h1><p dir="ltr" style="line-height:1.38;"><span style="font-size:11pt;color:#000000;font-weight:700;font-style:normal;">Mười phút</span><span style="font-size:11pt;font-weight:400;font-style:normal;"> mỗi ngày, </span><span style="font-size:11pt;font-weight:400;font-style:italic;">đều đặn</span><span style="font-size:11pt;font-weight:400;"> — xem </span><a href="https://www.goethe.de/" style="text-decoration:none;"><span style="font-size:11pt;color:#1155cc;font-weight:400;text-decoration:underline;">Goethe</span></a></p><ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Nghe</span></p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Nói</span></p></li></ul></b><br class="Apple-interchange-newline">`;

const fromGoogleDocs = [
  { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Học tiếng Đức" }] },
  {
    type: "paragraph",
    content: [
      { type: "text", text: "Mười phút", marks: [{ type: "bold" }] },
      { type: "text", text: " mỗi ngày, " },
      { type: "text", text: "đều đặn", marks: [{ type: "italic" }] },
      { type: "text", text: " — xem " },
      { type: "text", text: "Goethe", marks: [{ type: "link", attrs: { href: "https://www.goethe.de/" } }] },
    ],
  },
  {
    type: "bulletList",
    content: [
      { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Nghe" }] }] },
      { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Nói" }] }] },
    ],
  },
];

describe("pasting", () => {
  it("keeps a Google Docs document's heading, bold, italic, list and link", async () => {
    const { editor, hidden } = await mountField();
    act(() => {
      editor.view.pasteHTML(googleDocs);
    });
    expect(normalizeDocument(editor.getJSON())?.content).toEqual(fromGoogleDocs);
    expect(normalizeDocument(JSON.parse(hidden.value))?.content).toEqual(fromGoogleDocs);
  });

  it("reads Google Docs' styled spans as bold and italic even without the paste cleaning (TipTap's own rules)", async () => {
    const { editor } = await mountField();
    act(() => {
      // setContent does not go through transformPastedHTML.
      editor.commands.setContent(googleDocs.replace("<h1", "<h2").replace("</h1>", "</h2>"));
    });
    expect(normalizeDocument(editor.getJSON())?.content).toEqual(fromGoogleDocs);
  });

  it("keeps a Word document's lists", async () => {
    const { editor } = await mountField();
    act(() => {
      editor.view.pasteHTML(
        `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Thứ Hai<o:p></o:p></p>` +
          `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Thứ Tư<o:p></o:p></p>` +
          `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><![endif]>Đăng ký<o:p></o:p></p>`,
      );
    });
    const item = (text: string) => ({
      type: "listItem",
      content: [{ type: "paragraph", content: [{ type: "text", text }] }],
    });
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "bulletList", content: [item("Thứ Hai"), item("Thứ Tư")] },
      { type: "orderedList", attrs: { start: 1 }, content: [item("Đăng ký")] },
    ]);
  });

  it("keeps no script, event handler or forbidden link of a hostile paste", async () => {
    const { editor, hidden } = await mountField();
    act(() => {
      editor.view.pasteHTML(
        `<p>Xin chào<img src=x onerror=alert(1)></p>` +
          `<p><a href="javascript:alert(2)">bấm</a> <a href="JaVaScRiPt:alert(3)">đây</a> <a href="//evil.example/x">kia</a> <a href="data:text/html,alert(4)">nữa</a></p>` +
          `<script>alert(5)</script><img src="data:image/png;base64,AAAA"><p onclick="alert(6)" style="background:url(javascript:alert(7))">hết</p>`,
      );
    });
    for (const json of [
      JSON.stringify(editor.getJSON()),
      hidden.value,
      JSON.stringify(normalizeDocument(editor.getJSON())),
    ]) {
      expect(json).not.toMatch(/javascript:|onerror|onclick|alert|evil\.example|data:/i);
    }
    // The words stay; the links do not.
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "Xin chào" }] },
      { type: "paragraph", content: [{ type: "text", text: "bấm đây kia nữa" }] },
      { type: "paragraph", content: [{ type: "text", text: "hết" }] },
    ]);
    expect(editor.getHTML()).not.toMatch(/<a |<img|<script/);
  });
});

describe("writing", () => {
  it("turns Markdown typed at a line's start into headings, lists, a quote and a code block, and **x** into bold", async () => {
    const { editor } = await mountField();
    act(() => {
      editor.commands.focus("end");
    });
    type(editor, "## Tiêu đề");
    act(() => {
      editor.commands.enter();
    });
    type(editor, "### Nhỏ hơn");
    act(() => {
      editor.commands.enter();
    });
    type(editor, "- một");
    act(() => {
      editor.commands.enter();
      editor.commands.enter(); // an empty item ends the list
    });
    type(editor, "1. hai");
    act(() => {
      editor.commands.enter();
      editor.commands.enter();
    });
    type(editor, "> ba");
    act(() => {
      editor.commands.enter();
      editor.commands.enter();
    });
    type(editor, "rất **đậm** nhé");
    act(() => {
      editor.commands.enter();
    });
    type(editor, "```js ");
    type(editor, "x = 1");
    const item = (text: string) => ({
      type: "listItem",
      content: [{ type: "paragraph", content: [{ type: "text", text }] }],
    });
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Tiêu đề" }] },
      { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Nhỏ hơn" }] },
      { type: "bulletList", content: [item("một")] },
      { type: "orderedList", attrs: { start: 1 }, content: [item("hai")] },
      { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: "ba" }] }] },
      {
        type: "paragraph",
        content: [
          { type: "text", text: "rất " },
          { type: "text", text: "đậm", marks: [{ type: "bold" }] },
          { type: "text", text: " nhé" },
        ],
      },
      { type: "codeBlock", attrs: { language: "js" }, content: [{ type: "text", text: "x = 1" }] },
    ]);
  });

  it("marks the selection bold with the toolbar's button, which then shows as pressed", async () => {
    const { editor } = await mountField();
    type(editor, "Chào lớp");
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 5 });
    });
    const bold = screen.getByRole("button", { name: "Đậm" });
    expect(bold.getAttribute("aria-pressed")).toBe("false");
    await act(async () => fireEvent.click(bold));
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      {
        type: "paragraph",
        content: [
          { type: "text", text: "Chào", marks: [{ type: "bold" }] },
          { type: "text", text: " lớp" },
        ],
      },
    ]);
    expect(screen.getByRole("button", { name: "Đậm" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("toolbar", { name: "Định dạng văn bản" })).toBeTruthy();
  });

  it("links the selection through the link form (Ctrl+K), refusing a javascript: address", async () => {
    const { editor, area } = await mountField();
    type(editor, "Xem khóa học");
    act(() => {
      editor.commands.setTextSelection({ from: 5, to: 13 });
    });
    await act(async () => fireEvent.keyDown(area, { key: "k", ctrlKey: true }));
    const form = screen.getByRole("group", { name: "Liên kết" });
    const address = within(form).getByLabelText("Địa chỉ liên kết");
    await act(async () => fireEvent.change(address, { target: { value: "javascript:alert(1)" } }));
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Áp dụng" })));
    expect(within(form).getByRole("alert").textContent).toContain("Địa chỉ không dùng được");
    expect(JSON.stringify(editor.getJSON())).not.toContain("javascript:");

    await act(async () => fireEvent.change(address, { target: { value: "/khoa-hoc" } }));
    // Enter applies it (and does not submit the post's form).
    await act(async () => fireEvent.keyDown(address, { key: "Enter" }));
    expect(screen.queryByRole("group", { name: "Liên kết" })).toBeNull();
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      {
        type: "paragraph",
        content: [
          { type: "text", text: "Xem " },
          { type: "text", text: "khóa học", marks: [{ type: "link", attrs: { href: "/khoa-hoc" } }] },
        ],
      },
    ]);
  });

  it("inserts a YouTube video from its address, and says so when the address is not one", async () => {
    const { editor } = await mountField();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Video YouTube" })));
    const form = screen.getByRole("group", { name: "Video YouTube" });
    const address = within(form).getByLabelText("Địa chỉ video YouTube");
    await act(async () => fireEvent.change(address, { target: { value: "https://vimeo.com/123" } }));
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Chèn video" })));
    expect(within(form).getByRole("alert").textContent).toContain("không phải địa chỉ video YouTube");
    await act(async () =>
      fireEvent.change(address, { target: { value: "https://youtu.be/dQw4w9WgXcQ?t=42" } }),
    );
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Chèn video" })));
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "youtube", attrs: { videoId: "dQw4w9WgXcQ" } },
    ]);
  });

  it("inserts a table with a header row, and adds a row to it", async () => {
    const { editor } = await mountField();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Chèn bảng" })));
    const table = () => normalizeDocument(editor.getJSON())?.content.find((block) => block.type === "table");
    const shape = () => {
      const found = table();
      return found?.type === "table" ? found.content.map((row) => row.content.map((cell) => cell.type)) : [];
    };
    const header = ["tableHeader", "tableHeader", "tableHeader"];
    const cells = ["tableCell", "tableCell", "tableCell"];
    expect(shape()).toEqual([header, cells, cells]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Thêm hàng" })));
    expect(shape()).toEqual([header, cells, cells, cells]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Xóa bảng" })));
    expect(table()).toBeUndefined();
  });

  it("wraps a paragraph in a callout and switches its tone", async () => {
    const { editor } = await mountField();
    type(editor, "Nhớ mang sách");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Hộp lưu ý" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cảnh báo (vàng)" })));
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      {
        type: "callout",
        attrs: { tone: "warning" },
        content: [{ type: "paragraph", content: [{ type: "text", text: "Nhớ mang sách" }] }],
      },
    ]);
  });

  it("inserts the image picked from the library, with its alt text and a caption typed under it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          total: 1,
          pageSize: 24,
          images: [{ id: "i1", url: `/uploads/${KEY}-1200.webp`, name: "lop-hoc.png", alt: "Lớp học" }],
        }),
      ),
    );
    const { editor } = await mountField();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Chèn ảnh" })));
    const choice = await screen.findByRole("button", { name: "Chọn ảnh Lớp học" }, { timeout: 3_000 });
    await act(async () => fireEvent.click(choice));
    const alt = await screen.findByLabelText("Văn bản thay thế");
    expect((alt as HTMLInputElement).value).toBe("Lớp học");
    await act(async () =>
      fireEvent.change(screen.getByLabelText("Chú thích"), { target: { value: "Buổi sáng" } }),
    );
    expect(normalizeDocument(editor.getJSON())?.content).toEqual([
      { type: "image", attrs: { src: `/uploads/${KEY}-1200.webp`, alt: "Lớp học", caption: "Buổi sáng" } },
    ]);
  });
});
