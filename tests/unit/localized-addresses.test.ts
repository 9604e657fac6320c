// Addresses per language (ADR 032): which paths are pages with an English and German address,
// where the language cookie sends a visitor, what the page cache keys on, and the search-engine
// tags (canonical, hreflang) a page gets.
import { describe, expect, it } from "vitest";
import "~/i18n/resources.server";
import {
  isLocalizedPage,
  localizeLink,
  preferredLanguageRedirect,
  switchLanguagePath,
} from "~/lib/localized-path";
import { pageMeta } from "~/seo";
import { languageRedirect, pageCacheKey } from "../../server/app";

describe("pages with an address per language", () => {
  it("are the public pages, not sign-in, account, admin, newsletter links, the feed or the API", () => {
    for (const path of [
      "/",
      "/courses",
      "/courses/abc",
      "/blog",
      "/blog/x",
      "/en",
      "/de/blog/y",
      "/en/privacy",
      "/placement-test",
      "/de/placement-test/0123abcd",
    ])
      expect(isLocalizedPage(path), path).toBe(true);
    for (const path of [
      "/login",
      "/profile",
      "/admin/posts",
      "/newsletter/confirm",
      "/blog/rss.xml",
      "/api/language",
      "/en/blog/rss.xml",
      "/fr/courses",
      "/placement-test/a/b",
    ])
      expect(isLocalizedPage(path), path).toBe(false);
  });

  it("get links in the page's language; other links stay", () => {
    expect(localizeLink("/courses", "en")).toBe("/en/courses");
    expect(localizeLink("/", "de")).toBe("/de");
    expect(localizeLink("/blog?category=tips#top", "de")).toBe("/de/blog?category=tips#top");
    expect(localizeLink("/enroll?course=a1", "vi")).toBe("/enroll?course=a1");
    expect(localizeLink("/login", "en")).toBe("/login");
    expect(localizeLink("/en/courses", "de")).toBe("/en/courses");
  });

  it("switch language to the same page's address, keeping the query", () => {
    expect(switchLanguagePath("/courses", "en")).toBe("/en/courses");
    expect(switchLanguagePath("/en/courses?x=1", "de")).toBe("/de/courses?x=1");
    expect(switchLanguagePath("/de", "vi")).toBe("/");
    expect(switchLanguagePath("/en/nirgendwo", "de")).toBe("/de/nirgendwo");
    expect(switchLanguagePath("/login?next=/admin", "en")).toBe("/login?next=/admin");
  });
});

describe("the language cookie on a Vietnamese address", () => {
  it("sends an English or German reader to the page's own address in their language", () => {
    expect(languageRedirect("GET", "/courses?level=A1", "lng=en")).toBe("/en/courses?level=A1");
    expect(languageRedirect("HEAD", "/", "theme=x; lng=de")).toBe("/de");
    expect(preferredLanguageRedirect("/blog/x", "de")).toBe("/de/blog/x");
  });

  it("leaves Vietnamese readers, prefixed addresses, other pages, data requests and posts alone", () => {
    expect(languageRedirect("GET", "/courses", "lng=vi")).toBeUndefined();
    expect(languageRedirect("GET", "/courses", undefined)).toBeUndefined();
    expect(languageRedirect("GET", "/de/courses", "lng=en")).toBeUndefined();
    expect(languageRedirect("GET", "/login", "lng=en")).toBeUndefined();
    expect(languageRedirect("GET", "/blog/x.data", "lng=en")).toBeUndefined();
    expect(languageRedirect("POST", "/contact", "lng=en")).toBeUndefined();
  });
});

describe("the page cache key", () => {
  it("is the address's language: /en/courses and /courses are separate entries", () => {
    expect(pageCacheKey("GET", "/courses", undefined)).toBe("vi /courses");
    expect(pageCacheKey("GET", "/en/courses", undefined)).toBe("en /en/courses");
    // Whatever the cookie says, a prefixed address is its own language's page.
    expect(pageCacheKey("GET", "/en/courses", "lng=de")).toBe("en /en/courses");
  });

  it("is the cookie's language on a page with one address for all languages", () => {
    expect(pageCacheKey("GET", "/login", "lng=de")).toBe("de /login");
    expect(pageCacheKey("GET", "/login", "lng=de; session=x")).toBeUndefined();
  });
});

function meta(pathname: string, language: string, pageData?: unknown) {
  const matches = [
    { id: "root", data: { language, appUrl: "https://lernhaus.example" } },
    { id: "page", data: pageData },
  ];
  return pageMeta({ matches, location: { pathname } }, "courses:meta") as Record<string, string>[];
}

const links = (tags: Record<string, string>[], rel: string) =>
  tags.filter((tag) => tag.tagName === "link" && tag.rel === rel);

describe("search-engine tags", () => {
  it("name the page's own address as canonical and every language's address, x-default Vietnamese", () => {
    const tags = meta("/en/courses", "en");
    expect(links(tags, "canonical")[0]?.href).toBe("https://lernhaus.example/en/courses");
    expect(links(tags, "alternate").map((tag) => [tag.hrefLang, tag.href])).toEqual([
      ["vi", "https://lernhaus.example/courses"],
      ["en", "https://lernhaus.example/en/courses"],
      ["de", "https://lernhaus.example/de/courses"],
      ["x-default", "https://lernhaus.example/courses"],
    ]);
    expect(tags.find((tag) => tag.property === "og:url")?.content).toBe(
      "https://lernhaus.example/en/courses",
    );
    expect(tags.filter((tag) => tag.property === "og:locale:alternate").map((tag) => tag.content)).toEqual([
      "vi_VN",
      "de_DE",
    ]);
  });

  it("point an untranslated post read in English to its Vietnamese original", () => {
    const alternates = { vi: "/blog/xin-chao", de: "/de/blog/hallo" };
    const tags = meta("/en/blog/xin-chao", "en", { alternates });
    expect(links(tags, "canonical")[0]?.href).toBe("https://lernhaus.example/blog/xin-chao");
    expect(links(tags, "alternate").map((tag) => tag.hrefLang)).toEqual(["vi", "de", "x-default"]);
  });

  it("give a page with one address for all languages no alternates", () => {
    const tags = meta("/login", "en");
    expect(links(tags, "canonical")[0]?.href).toBe("https://lernhaus.example/login");
    expect(links(tags, "alternate")).toEqual([]);
  });
});
