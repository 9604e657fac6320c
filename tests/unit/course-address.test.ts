// A course's readable addresses (ADR 052): the slug a title gives, each language's slug and
// address, where a request for another address moves, and the admin form's slug fields. The
// database's own copy of the slug rule is compared with this one in
// tests/integration/course-slug-rule.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import { slugify } from "~/lib/blog-rules";
import {
  courseAlternates,
  courseHref,
  courseRedirect,
  courseSlugIn,
  courseSlugs,
} from "~/lib/course-address";
import { COURSE_SLUG_FALLBACK, courseSchema, courseSlugOf, courseTranslationSchema } from "~/schemas/course";
import { bodyOf } from "../support/rich-text";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const language = fc.constantFrom(...languages);
const slug = fc.stringMatching(SLUG).filter((value) => value.length > 0 && value.length <= 60);
const title = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc
    .array(fc.constantFrom("Tiếng", "Đức", "cơ bản", "A1", "Prüfung", "für", "Straße", " ", "—", "!", "?"), {
      maxLength: 12,
    })
    .map((pieces) => pieces.join(" ")),
);

describe("the slug a course's title gives", () => {
  it("is always a slug, never empty: the title's by spec §9's rule, else the word for course", () => {
    fc.assert(
      fc.property(title, language, (text, lang) => {
        const made = courseSlugOf(text, lang);
        expect(made).toMatch(SLUG);
        const rule = slugify(text, lang === "vi" ? undefined : lang);
        expect(made).toBe(rule || COURSE_SLUG_FALLBACK[lang]);
      }),
      { numRuns: 1000 },
    );
  });

  it("writes Vietnamese without accents and German umlauts the German way", () => {
    expect(courseSlugOf("Tiếng Đức cơ bản A1", "vi")).toBe("tieng-duc-co-ban-a1");
    expect(courseSlugOf("Prüfungsvorbereitung für B1", "de")).toBe("pruefungsvorbereitung-fuer-b1");
    expect(courseSlugOf("Prüfung", "vi")).toBe("prufung");
    expect(courseSlugOf("!!!", "vi")).toBe("khoa-hoc");
    expect(courseSlugOf("—", "en")).toBe("course");
    expect(courseSlugOf("", "de")).toBe("kurs");
  });
});

describe("a course's addresses", () => {
  const course = {
    slug: "tieng-duc-co-ban-a1",
    translations: { en: { title: "German A1", slug: "german-a1" }, de: { title: "Deutsch A1" } },
  };

  it("are its own slug in a translated language, else the Vietnamese one", () => {
    expect(courseSlugs(course)).toEqual({
      vi: "tieng-duc-co-ban-a1",
      en: "german-a1",
      de: "tieng-duc-co-ban-a1",
    });
    expect(courseSlugIn({ slug: "x", translations: { en: { slug: "" } } }, "en")).toBe("x");
    expect(courseAlternates(courseSlugs(course))).toEqual({
      vi: "/courses/tieng-duc-co-ban-a1",
      en: "/en/courses/german-a1",
      de: "/de/courses/tieng-duc-co-ban-a1",
    });
    expect(courseHref("german-a1")).toBe("/courses/german-a1");
  });

  it("stay where they are when asked by their slug, and move any other name to it with the query", () => {
    fc.assert(
      fc.property(
        fc.record({ vi: slug, en: slug, de: slug }),
        language,
        fc.oneof(slug, fc.uuid()),
        fc.constantFrom("", "?from=zalo", "?a=1&b=%C3%A4"),
        (slugs, lang, requested, search) => {
          const moved = courseRedirect(requested, slugs, lang, search);
          if (requested === slugs[lang]) {
            expect(moved).toBeUndefined();
            return;
          }
          const prefix = lang === "vi" ? "" : `/${lang}`;
          expect(moved).toBe(`${prefix}/courses/${slugs[lang]}${search}`);
          // Where it moves stays: one step, never a loop.
          expect(courseRedirect(slugs[lang], slugs, lang)).toBeUndefined();
        },
      ),
    );
  });
});

describe("the admin form's slug fields", () => {
  const base = {
    level: "A1",
    title: "Tiếng Đức A1",
    description: bodyOf("Mô tả"),
    duration: "3 tháng",
    lessons: "36 buổi",
    price: "2500000",
  };

  it("take a typed address through the slug rule, leave an empty one out, and refuse one without a letter", () => {
    expect(courseSchema.parse({ ...base, slug: " Tiếng Đức — Tối! " }).slug).toBe("tieng-duc-toi");
    expect(courseSchema.parse({ ...base, slug: "" }).slug).toBeUndefined();
    expect(courseSchema.parse(base).slug).toBeUndefined();
    const refused = courseSchema.safeParse({ ...base, slug: "—!" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["admin:courses.validation.slug"]);
  });

  it("give a translation's slug its language's rule, and only with a translated title", () => {
    expect(
      courseTranslationSchema.parse({ language: "de", title: "Deutsch A1", slug: "Prüfung A1" }).slug,
    ).toBe("pruefung-a1");
    expect(courseTranslationSchema.parse({ language: "en", title: "German A1" }).slug).toBeUndefined();
    const withoutTitle = courseTranslationSchema.safeParse({ language: "en", slug: "german" });
    expect(withoutTitle.error?.issues.map((issue) => issue.message)).toEqual([
      "admin:courses.validation.slugNeedsTitle",
    ]);
  });
});
