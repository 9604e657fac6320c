import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { postSchema, readPostListQuery, splitTags } from "~/schemas/post";
import { bodyOf } from "../support/rich-text";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = {
  title: "Bí quyết đạt B1 tiếng Đức",
  category: "b1-b2",
  excerpt: "Kinh nghiệm ôn thi B1 trong ba tháng.",
  // The visual editor's document (ADR 055).
  content: bodyOf("Lộ trình", "Mỗi ngày học 30 phút."),
};

function parse(fields: Record<string, string>) {
  return parseWithZod(form(fields), { schema: postSchema });
}

describe("the blog form schema (spec §5)", () => {
  it("requires title, category, excerpt and content", () => {
    const result = parse({});
    expect(result.status).toBe("error");
    const errors = result.status === "error" ? result.error : {};
    for (const field of ["title", "category", "excerpt", "content"]) {
      expect(errors?.[field], field).toEqual(["validation.required"]);
    }
    // Blank text counts as missing.
    const blank = parse({ ...valid, title: "   " });
    expect(blank.status === "error" && blank.error?.title).toEqual(["validation.required"]);
  });

  it("accepts only the eight blog categories of spec §3", () => {
    const result = parse({ ...valid, category: "news" });
    expect(result.status === "error" && result.error?.category).toEqual(["validation.invalidChoice"]);
  });

  it("splits tags on commas and trims them, dropping empty pieces and repeats", () => {
    const result = parse({ ...valid, tags: " B1 ,ngữ  pháp,, mẹo học ,B1, " });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.tags).toEqual(["B1", "ngữ pháp", "mẹo học"]);
    expect(splitTags(undefined)).toEqual([]);
    expect(splitTags(" , ")).toEqual([]);
  });

  it("takes a thumbnail only as a web address or an upload of ours", () => {
    const ok = (thumbnail: string) => parse({ ...valid, thumbnail }).status === "success";
    expect(ok("https://images.example.com/lop-hoc.jpg")).toBe(true);
    expect(ok(`/uploads/${"a1".repeat(16)}-1200.webp`)).toBe(true);
    const bad = parse({ ...valid, thumbnail: "anh-lop-hoc.jpg" });
    expect(bad.status === "error" && bad.error?.thumbnail).toEqual(["validation.imageUrl"]);
    expect(ok("javascript:alert(1)")).toBe(false);
    expect(ok("/uploads/../../etc/passwd")).toBe(false);
    // Empty = no thumbnail.
    const none = parse({ ...valid, thumbnail: "" });
    expect(none.status === "success" && none.value.thumbnail).toBeUndefined();
  });

  it("puts a typed slug through the blog's slug rule and leaves an empty one to the title", () => {
    const typed = parse({ ...valid, slug: "Học Đức B1!" });
    expect(typed.status === "success" && typed.value.slug).toBe("hoc-duc-b1");
    const empty = parse({ ...valid, slug: "" });
    expect(empty.status === "success" && empty.value.slug).toBeUndefined();
    const symbols = parse({ ...valid, slug: "!!!" });
    expect(symbols.status === "error" && symbols.error?.slug).toEqual(["admin-posts:validation.slug"]);
  });

  it("reads the draft/public and featured switches as booleans, off when absent", () => {
    const off = parse(valid);
    expect(off.status === "success" && [off.value.published, off.value.featured]).toEqual([false, false]);
    const on = parse({ ...valid, published: "on", featured: "on" });
    expect(on.status === "success" && [on.value.published, on.value.featured]).toEqual([true, true]);
  });
});

describe("the admin post list's URL", () => {
  it("reads search, category, status, translation filter and page, leniently", () => {
    expect(
      readPostListQuery(
        new URLSearchParams("q=  học  đức &category=grammar&status=draft&untranslated=de&page=3"),
      ),
    ).toEqual({
      q: "học đức",
      category: "grammar",
      status: "draft",
      untranslated: "de",
      page: 3,
    });
    expect(
      readPostListQuery(new URLSearchParams("category=x&status=deleted&untranslated=vi&page=-2")),
    ).toEqual({
      q: "",
      category: "all",
      status: "all",
      untranslated: "all",
      page: 1,
    });
  });
});
