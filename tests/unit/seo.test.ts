import { describe, expect, it } from "vitest";
import "~/i18n/resources.server";
import { pageMeta } from "~/seo";

function meta(pathname: string, page: Parameters<typeof pageMeta>[1], language = "vi") {
  const matches = [{ id: "root", data: { language, appUrl: "https://lernhaus.example" } }];
  return pageMeta({ matches, location: { pathname } }, page);
}

function content(tags: ReturnType<typeof pageMeta>, key: "property" | "name", value: string) {
  const tag = tags.find((candidate) => (candidate as Record<string, unknown>)[key] === value);
  return (tag as Record<string, unknown> | undefined)?.content;
}

describe("link preview tags", () => {
  it("give a page without a card of its own the school's default card, as an absolute URL", () => {
    const tags = meta("/courses", "courses:meta");
    expect(content(tags, "property", "og:image")).toBe("https://lernhaus.example/og/default.png");
    expect(content(tags, "name", "twitter:image")).toBe("https://lernhaus.example/og/default.png");
  });

  it("describe the card: type, size, alt text, and a large Twitter card with the page's texts", () => {
    const tags = meta("/courses/abc", {
      title: "Tiếng Đức trung cấp B1",
      description: "Khóa B1 buổi tối.",
      image: "/og/courses/abc.png",
    });
    expect(content(tags, "property", "og:image")).toBe("https://lernhaus.example/og/courses/abc.png");
    expect(content(tags, "property", "og:image:type")).toBe("image/png");
    expect(content(tags, "property", "og:image:width")).toBe("1200");
    expect(content(tags, "property", "og:image:height")).toBe("630");
    expect(content(tags, "property", "og:image:alt")).toBe("Tiếng Đức trung cấp B1 | Lernhaus");
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "name", "twitter:title")).toBe("Tiếng Đức trung cấp B1 | Lernhaus");
    expect(content(tags, "name", "twitter:description")).toBe("Khóa B1 buổi tối.");
    expect(content(tags, "name", "twitter:image")).toBe("https://lernhaus.example/og/courses/abc.png");
  });

  it("point an English or German page to its card in that language", () => {
    const course = { title: "Intermediate German B1", description: "B1.", image: "/og/courses/abc.png" };
    expect(content(meta("/en/courses/abc", course, "en"), "property", "og:image")).toBe(
      "https://lernhaus.example/en/og/courses/abc.png",
    );
    expect(content(meta("/de/courses", "courses:meta", "de"), "property", "og:image")).toBe(
      "https://lernhaus.example/de/og/default.png",
    );
  });
});
