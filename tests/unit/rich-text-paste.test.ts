// @vitest-environment happy-dom
// What the visual editor does to pasted HTML before ProseMirror reads it (ADR 055,
// app/components/admin/rich-text/paste.ts): Google Docs' and Word's clipboard keeps its headings,
// lists, links and bold/italic, loses its styles, classes, comments and Office markup. (The
// editor's reading of the result is tests/component/rich-text-editor.test.tsx.) The function
// parses with the DOM (a <template>), hence the simulated DOM for this file.
import { describe, expect, it } from "vitest";
import { transformPastedHTML } from "~/components/admin/rich-text/paste";

/** The cleaned HTML, parsed back, to ask about its elements. */
function pasted(html: string) {
  const out = transformPastedHTML(html);
  const body = new DOMParser().parseFromString(out, "text/html").body;
  return { out, body, tags: (selector: string) => Array.from(body.querySelectorAll(selector)) };
}

// As Google Docs (Chrome, 2026) puts a document on the clipboard.
const googleDocs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-6c1f2a3b-7fff-1d2e-9a8b-0c1d2e3f4a5b"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Học tiếng Đức mỗi ngày</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;font-style:normal;">Mười phút</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;"> mỗi ngày là </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:italic;">đủ</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;text-decoration:line-through;">sai</span><span style="font-size:11pt;font-weight:400;"> — xem </span><a href="https://www.goethe.de/de/spr/ueb.html" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;">Goethe-Institut</span></a></p><h6 dir="ltr"><span style="font-weight:400;">Nhỏ nhất</span></h6><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Nghe</span></p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-size:11pt;font-weight:400;">Nói</span></p></li></ul><ol style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:decimal;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Đọc</span></p></li></ol></b><br class="Apple-interchange-newline">`;

// As Word for Windows puts a document on the clipboard (abridged: the head is much longer).
const word = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15">
<style><!-- /* Style Definitions */ p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:12.0pt; font-family:"Calibri",sans-serif;} @list l0:level1 {mso-level-number-format:bullet;} --></style></head>
<body lang=DE style='tab-interval:35.4pt;word-wrap:break-word'>
<!--StartFragment-->
<h1><span lang=VI>Lịch học<o:p></o:p></span></h1>
<p class=MsoNormal><span lang=VI>Buổi học có <b>ngữ pháp</b> và <i>hội thoại</i>, xem <a href="https://lernhaus.example/khoa-hoc">khóa học</a>.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=VI style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=VI>Thứ Hai<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span lang=VI style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span lang=VI>Buổi sáng<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=VI style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=VI>Thứ Tư<o:p></o:p></span></p>
<p class=MsoNormal><span lang=VI>Các bước:<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=VI><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=VI>Đăng ký<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=VI><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=VI>Học thử<o:p></o:p></span></p>
<h5>Ghi chú</h5>
<!--EndFragment-->
</body></html>`;

describe("pasting from Google Docs", () => {
  it("keeps the headings, within H2–H4", () => {
    const { tags } = pasted(googleDocs);
    expect(tags("h1")).toHaveLength(0);
    expect(tags("h2").map((h) => h.textContent)).toEqual(["Học tiếng Đức mỗi ngày"]);
    expect(tags("h4").map((h) => h.textContent)).toEqual(["Nhỏ nhất"]);
    expect(tags("h6")).toHaveLength(0);
  });

  it("turns bold, italic and struck-through spans into marks, and the wrapper's 'bold' into none", () => {
    const { tags } = pasted(googleDocs);
    expect(tags("strong").map((s) => s.textContent)).toEqual(["Mười phút"]);
    expect(tags("em").map((s) => s.textContent)).toEqual(["đủ"]);
    expect(tags("s").map((s) => s.textContent)).toEqual(["sai"]);
    // The whole paste sits in <b style="font-weight:normal">: not bold, and gone.
    expect(tags("b")).toHaveLength(0);
  });

  it("keeps the lists and the link", () => {
    const { tags } = pasted(googleDocs);
    expect(tags("ul > li").map((li) => li.textContent)).toEqual(["Nghe", "Nói"]);
    expect(tags("ol > li").map((li) => li.textContent)).toEqual(["Đọc"]);
    const links = tags("a");
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["https://www.goethe.de/de/spr/ueb.html", "Goethe-Institut"],
    ]);
  });

  it("drops every style, class, id and the trailing line break", () => {
    const { out, tags } = pasted(googleDocs);
    expect(out).not.toMatch(/style=|class=|id=|dir=|aria-level|<meta|<br/);
    expect(tags("[style]")).toHaveLength(0);
  });
});

describe("pasting from Word", () => {
  it("turns list paragraphs into nested lists, bullets and numbers told apart", () => {
    const { tags } = pasted(word);
    const bullets = tags("body > ul");
    expect(bullets).toHaveLength(1);
    const items = Array.from(bullets[0]!.children);
    expect(items.map((li) => li.firstChild?.textContent?.trim())).toEqual(["Thứ Hai", "Thứ Tư"]);
    // "Buổi sáng" is level 2: a list inside "Thứ Hai".
    expect(items[0]!.querySelector("ul > li")?.textContent?.trim()).toBe("Buổi sáng");
    const numbered = tags("body > ol");
    expect(numbered).toHaveLength(1);
    expect(Array.from(numbered[0]!.children).map((li) => li.textContent?.trim())).toEqual([
      "Đăng ký",
      "Học thử",
    ]);
    // The paragraph between the lists stays between them.
    expect(bullets[0]!.nextElementSibling?.textContent?.trim()).toBe("Các bước:");
  });

  it("drops the typed bullets and numbers, and the Office markup", () => {
    const { out, body } = pasted(word);
    expect(body.textContent).not.toMatch(/·|\b1\.|\b2\./);
    expect(body.textContent).not.toContain("Style Definitions");
    expect(out).not.toMatch(/<o:p|<!--|<!\[|<style|<meta|mso-|class=|style=|lang=/i);
  });

  it("keeps headings (H1 as H2, H5 as H4), bold, italic and the link", () => {
    const { tags } = pasted(word);
    expect(tags("h2").map((h) => h.textContent?.trim())).toEqual(["Lịch học"]);
    expect(tags("h4").map((h) => h.textContent?.trim())).toEqual(["Ghi chú"]);
    expect(tags("b").map((b) => b.textContent)).toEqual(["ngữ pháp"]);
    expect(tags("i").map((i) => i.textContent)).toEqual(["hội thoại"]);
    expect(tags("a").map((a) => a.getAttribute("href"))).toEqual(["https://lernhaus.example/khoa-hoc"]);
  });
});

describe("pasting a Lernhaus article back in", () => {
  it("keeps the callout's class, a cell's alignment, a video and a code block's language", () => {
    const { tags } = pasted(
      `<div class="callout callout-warning" role="note"><p>Chú ý</p></div>` +
        `<table><tbody><tr><td style="text-align: right">1</td><td align="center">2</td></tr></tbody></table>` +
        `<pre><code class="language-js">let a = 1\n</code></pre>` +
        `<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"></iframe>` +
        `<iframe src="https://evil.example/frame"></iframe>`,
    );
    expect(tags("div.callout.callout-warning")).toHaveLength(1);
    expect(tags("td").map((td) => td.getAttribute("align"))).toEqual(["right", "center"]);
    expect(tags("code.language-js").map((code) => code.textContent)).toEqual(["let a = 1"]);
    expect(tags("[data-youtube]").map((div) => div.getAttribute("data-youtube"))).toEqual(["dQw4w9WgXcQ"]);
    expect(tags("iframe")).toHaveLength(0);
  });

  it("drops scripts and event handlers", () => {
    const { out } = pasted(
      `<p onclick="alert(1)">a<img src=x onerror=alert(2)></p><script>alert(3)</script><svg onload="alert(4)"></svg>`,
    );
    expect(out).not.toMatch(/alert|onerror|onclick|onload|<script|<svg/);
  });
});
