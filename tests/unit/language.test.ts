import { describe, expect, it } from "vitest";
import { languageCookie, languageFromCookieHeader } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { languageChangeSchema } from "~/schemas/language";

describe("language preference (spec §4)", () => {
  it("reads a valid stored language and falls back to vi otherwise", () => {
    expect(languageFromCookieHeader("a=1; lng=de; b=2")).toBe("de");
    expect(languageFromCookieHeader("lng=en")).toBe("en");
    expect(languageFromCookieHeader("lng=fr")).toBe("vi");
    expect(languageFromCookieHeader("")).toBe("vi");
    expect(languageFromCookieHeader(null)).toBe("vi");
  });

  it("stores the choice for a year, Secure on https", () => {
    expect(languageCookie("de", false)).toMatch(/^lng=de; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(languageCookie("en", true)).toMatch(/; Secure$/);
  });

  it("only redirects back to a path on this site", () => {
    expect(languageChangeSchema.parse({ language: "en", redirectTo: "/courses?x=1" }).redirectTo).toBe(
      "/courses?x=1",
    );
    expect(languageChangeSchema.parse({ language: "en", redirectTo: "//evil.example" }).redirectTo).toBe("/");
    expect(
      languageChangeSchema.parse({ language: "en", redirectTo: "https://evil.example" }).redirectTo,
    ).toBe("/");
    expect(languageChangeSchema.safeParse({ language: "fr" }).success).toBe(false);
  });

  it("refuses paths that a browser reads as another host", () => {
    const redirectOf = (redirectTo: unknown) =>
      languageChangeSchema.parse({ language: "en", redirectTo }).redirectTo;
    for (const offSite of [
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/.//evil.example",
      "/a/..//evil.example",
      "\\\\evil.example",
      " //evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
    ]) {
      expect(redirectOf(offSite), JSON.stringify(offSite)).toBe("/");
    }
    expect(redirectOf(undefined)).toBe("/");
    expect(redirectOf("/blog/%2F%2Fx?q=%C3%A1#top")).toBe("/blog/%2F%2Fx?q=%C3%A1#top");
    expect(redirectOf("/khóa-học")).toBe("/kh%C3%B3a-h%E1%BB%8Dc");
  });

  it("falls back to the Vietnamese text, then to the key itself", () => {
    i18n.store.add("vi", "test", { onlyVietnamese: "Chỉ có tiếng Việt" });
    const t = i18n.getFixedT("de");
    expect(t("test:onlyVietnamese")).toBe("Chỉ có tiếng Việt");
    expect(t("test.missingEverywhere")).toBe("test.missingEverywhere");
    expect(t("nav.home")).toBe("Startseite");
  });
});
