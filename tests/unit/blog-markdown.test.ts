import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/lib/markdown.server";

describe("post bodies: Markdown rendered and sanitized", () => {
  it("renders the Markdown a post is written in", () => {
    const html = renderMarkdown(
      "## Mẹo học\n\nHọc **mỗi ngày** và _đều đặn_.\n\n- Nghe\n- Nói\n\n1. Đọc\n\n> Übung macht den Meister.\n\n`der, die, das`\n\n```\nIch lerne Deutsch.\n```",
    );
    expect(html).toContain("<h2>Mẹo học</h2>");
    expect(html).toContain("<strong>mỗi ngày</strong>");
    expect(html).toContain("<em>đều đặn</em>");
    expect(html).toContain("<li>Nghe</li>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>der, die, das</code>");
    expect(html).toContain("<pre><code>Ich lerne Deutsch.");
  });

  it("keeps one h1 per page: a body heading starts at h2", () => {
    expect(renderMarkdown("# Tiêu đề").trim()).toBe("<h2>Tiêu đề</h2>");
  });

  it("drops scripts, styles, iframes, forms and their content", () => {
    const html = renderMarkdown(
      'Xin chào<script>alert("x")</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form><object data="x"></object>',
    );
    expect(html).not.toMatch(/<script|<style|<iframe|<form|<input|<object|alert|display:none/i);
    expect(html).toContain("Xin chào");
  });

  it("removes event handlers and style attributes", () => {
    const html = renderMarkdown(
      '<p onclick="steal()" style="color:red">a</p><img src="https://img.example/a.png" onerror="steal()"><a href="https://ok.example" onmouseover="steal()">b</a><svg onload="steal()"></svg>',
    );
    expect(html).not.toMatch(/on\w+=|steal|style=|<svg/i);
    expect(html).toContain('<img src="https://img.example/a.png"');
  });

  it("removes javascript:, data: and vbscript: links in every disguise", () => {
    const html = renderMarkdown(
      [
        "[a](javascript:alert(1))",
        "[b](JaVaScRiPt:alert(1))",
        "[c](  javascript:alert(1))",
        '<a href="jav&#x09;ascript:alert(1)">d</a>',
        '<a href="&#106;avascript:alert(1)">e</a>',
        "[f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[g](vbscript:msgbox(1))",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/javascript|data:|vbscript|href="[^"h/m]/i);
    for (const text of ["a", "b", "c", "d", "e", "f", "g"]) expect(html).toContain(`>${text}</a>`);
  });

  it("keeps http, https, mailto and relative links; external ones open safely", () => {
    const html = renderMarkdown(
      "[Goethe](https://www.goethe.de) [Khóa học](/courses) [Thư](mailto:hello@lernhaus.vn) [x](http://example.com)",
    );
    expect(html).toContain(
      '<a href="https://www.goethe.de" rel="noopener noreferrer nofollow" target="_blank">Goethe</a>',
    );
    expect(html).toContain('<a href="/courses">Khóa học</a>');
    expect(html).toContain('<a href="mailto:hello@lernhaus.vn">Thư</a>');
    expect(html).toContain('href="http://example.com" rel="noopener noreferrer nofollow"');
  });

  it("does not let an author set rel or target on internal links", () => {
    expect(renderMarkdown('<a href="/blog" target="_top" rel="opener">x</a>')).toContain(
      '<a href="/blog">x</a>',
    );
  });

  it("keeps images with http(s) addresses only", () => {
    const html = renderMarkdown(
      "![ok](https://img.example/ok.png) ![data](data:image/png;base64,AAAA) ![rel](/local.png) ![js](javascript:alert(1))",
    );
    expect(html).toContain('<img src="https://img.example/ok.png" alt="ok" loading="lazy" />');
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it("escapes code instead of running it", () => {
    expect(renderMarkdown("```\n<script>alert(1)</script>\n```")).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    );
  });
});
