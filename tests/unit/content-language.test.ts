import { describe, expect, it } from "vitest";
import { languageFromPath } from "~/i18n/language";
import {
  cleanFieldTranslations,
  contentLanguages,
  langAttribute,
  localizeContent,
  translationProgress,
} from "~/lib/content-language";

const course = {
  id: "c1",
  title: "Tiếng Đức A1",
  description: "Khóa học cho người mới bắt đầu",
  features: ["Giáo trình", "Lớp nhỏ"],
  price: 3_000_000,
  translations: { de: { title: "Deutsch A1", features: ["Lehrbuch"] }, en: { title: "  " } },
};
const fields = ["title", "description", "features"] as const;

describe("a course in another language", () => {
  it("shows the German fields that exist and the Vietnamese original for the rest, marked", () => {
    const german = localizeContent(course, "de", fields);
    expect(german.title).toBe("Deutsch A1");
    expect(german.features).toEqual(["Lehrbuch"]);
    expect(german.description).toBe("Khóa học cho người mới bắt đầu");
    expect(german.fallbackFields).toEqual(["description"]);
    expect(langAttribute(german, "description")).toEqual({ lang: "vi" });
    expect(langAttribute(german, "title")).toEqual({});
    expect(german.price).toBe(3_000_000);
    expect("translations" in german).toBe(false);
  });

  it("treats a blank translation as missing and falls back on every field", () => {
    const english = localizeContent(course, "en", fields);
    expect(english.title).toBe("Tiếng Đức A1");
    expect(english.fallbackFields).toEqual(["title", "description", "features"]);
  });

  it("is the original in Vietnamese, with nothing marked", () => {
    const vietnamese = localizeContent(course, "vi", fields);
    expect(vietnamese.title).toBe("Tiếng Đức A1");
    expect(vietnamese.fallbackFields).toEqual([]);
  });
});

describe("which languages an item has", () => {
  it("counts a language once its required fields are translated", () => {
    expect(contentLanguages(course.translations, ["title"])).toEqual(["vi", "de"]);
    expect(contentLanguages(course.translations, ["title", "description"])).toEqual(["vi"]);
    expect(contentLanguages({}, ["title"])).toEqual(["vi"]);
  });

  it("says whether a language is complete, partial or missing", () => {
    expect(translationProgress(course.translations, "de", ["title", "features"])).toBe("complete");
    expect(translationProgress(course.translations, "de", fields)).toBe("partial");
    expect(translationProgress(course.translations, "en", fields)).toBe("missing");
  });
});

describe("a translation as it is stored", () => {
  it("keeps trimmed texts and lists, and leaves out what is empty", () => {
    expect(
      cleanFieldTranslations({
        title: " Deutsch A1 ",
        description: "   ",
        features: [" a ", "", " "],
        lessons: [],
      }),
    ).toEqual({ title: "Deutsch A1", features: ["a"] });
  });
});

describe("the language of an address", () => {
  it("is English or German under /en and /de, and none otherwise", () => {
    expect(languageFromPath("/en")).toBe("en");
    expect(languageFromPath("/de/blog/lernen")).toBe("de");
    expect(languageFromPath("/courses")).toBeUndefined();
    expect(languageFromPath("/english")).toBeUndefined();
    expect(languageFromPath("/vi/courses")).toBeUndefined();
  });
});

describe("an address in another language", () => {
  it("is prefixed for English and German, and the prefix comes off again", async () => {
    const { localizePath, unlocalizedPath } = await import("~/lib/localized-path");
    expect(localizePath("/courses", "en")).toBe("/en/courses");
    expect(localizePath("/", "de")).toBe("/de");
    expect(localizePath("/blog?q=a", "vi")).toBe("/blog?q=a");
    expect(unlocalizedPath("/de/blog/x")).toBe("/blog/x");
    expect(unlocalizedPath("/en")).toBe("/");
    expect(unlocalizedPath("/courses")).toBe("/courses");
  });
});
