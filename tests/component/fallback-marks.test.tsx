// ADR 032's fallback marks, on the about page's testimonials: on an English or German page each
// text shows in that language when it is translated, else in Vietnamese marked lang="vi" (screen
// readers pronounce it as Vietnamese, search engines index it so); the Vietnamese page carries no
// mark. Generated: every combination of translated, blank and missing fields, through the one
// rule (localizeContent with the testimonials' translatable fields) and the real section.
import { screen } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TestimonialsSection } from "~/components/site/about/testimonials-section";
import type { Language } from "~/i18n/language";
import { type ContentTranslations, localizeContent, translationLanguages } from "~/lib/content-language";
import { aboutEntryTranslatableFields } from "~/schemas/about-translation";
import { renderOnPage } from "./render";

const fields = aboutEntryTranslatableFields.testimonials;
type Field = (typeof fields)[number];

const vietnamese: Record<Field, string> = {
  role: "Học viên lớp A2",
  content: "Nhờ thầy cô tận tâm, em đã đỗ kỳ thi Goethe A2 ngay lần đầu.",
  result: "Đỗ Goethe A2",
};
const translated: Record<"en" | "de", Record<Field, string>> = {
  en: {
    role: "A2 learner",
    content: "Thanks to caring teachers I passed Goethe A2 at the first try.",
    result: "Passed Goethe A2",
  },
  de: {
    role: "A2-Lernende",
    content: "Dank engagierter Lehrkräfte habe ich Goethe A2 beim ersten Versuch bestanden.",
    result: "Goethe A2 bestanden",
  },
};

/** One field of one language's version: translated, left blank, or not there at all. */
const versionOf = fc.constantFrom("translated", "blank", "missing");

function translationsFrom(choices: Record<"en" | "de", Record<Field, "translated" | "blank" | "missing">>) {
  const translations: ContentTranslations = {};
  for (const language of translationLanguages) {
    const version: Record<string, string> = {};
    for (const field of fields) {
      const choice = choices[language][field];
      if (choice === "translated") version[field] = translated[language][field];
      if (choice === "blank") version[field] = "   ";
    }
    translations[language] = version;
  }
  return translations;
}

/** The element showing `text`, and the language it is marked with (its own or an ancestor's
 * within the section; the page's <html> is not part of this). */
function markOf(text: string): string | null {
  const element = screen.getByText((content) => content.includes(text));
  return element.closest("[lang]")?.getAttribute("lang") ?? null;
}

describe("a testimonial's texts on the about page", () => {
  const choice = fc.record({
    en: fc.record({ role: versionOf, content: versionOf, result: versionOf }),
    de: fc.record({ role: versionOf, content: versionOf, result: versionOf }),
  });

  for (const language of ["vi", "en", "de"] as const satisfies readonly Language[]) {
    it(`in ${language}: each text in the page's language when translated, else Vietnamese marked lang="vi"`, async () => {
      await fc.assert(
        fc.asyncProperty(choice, async (choices) => {
          const row = {
            id: "testimonial-1",
            name: "Nguyễn Thu Trang",
            rating: 5,
            avatar: null,
            ...vietnamese,
            translations: translationsFrom(choices),
          };
          const shown = localizeContent(row, language, fields);
          const { unmount } = await renderOnPage(<TestimonialsSection testimonials={[shown]} />, {
            language,
          });
          try {
            for (const field of fields) {
              const isTranslated = language !== "vi" && choices[language][field] === "translated";
              const text = isTranslated ? translated[language as "en" | "de"][field] : vietnamese[field];
              const mark = markOf(text);
              expect(mark, `${field} (${choices[language === "vi" ? "en" : language][field]})`).toBe(
                language === "vi" || isTranslated ? null : "vi",
              );
            }
          } finally {
            unmount();
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
