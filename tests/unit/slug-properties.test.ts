// spec §9's slug rule over generated titles (fast-check): Vietnamese and German letters,
// punctuation, dashes, whitespace of every kind and any other text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "~/lib/blog-rules";
import { POST_TITLE_MAX_LENGTH } from "~/schemas/post";

const title = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        "Học",
        "tiếng",
        "Đức",
        "ĐẶT",
        "Prüfung",
        "Straße",
        "ẞ",
        "B1",
        " ",
        "  ",
        "\t",
        "\u00a0",
        "\u2028",
        "-",
        "--",
        "—",
        "!",
        "&",
        "?",
        "e\u0301",
        "İ",
        "/",
        ".",
        "_",
      ),
      { maxLength: 20 },
    )
    .map((pieces) => pieces.join("")),
  fc.string({ maxLength: POST_TITLE_MAX_LENGTH }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
);
const language = fc.constantFrom(undefined, "en" as const, "de" as const);

describe("slugify (spec §9)", () => {
  it("writes only a-z, 0-9 and single hyphens between words, never at either end", () => {
    fc.assert(
      fc.property(title, language, (text, lang) => {
        expect(slugify(text, lang)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves a slug as it is (the admin's typed slug goes through it again)", () => {
    fc.assert(
      fc.property(title, language, (text, lang) => {
        const slug = slugify(text, lang);
        expect(slugify(slug, lang)).toBe(slug);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 2000 },
    );
  });

  it("is at most twice the title's length (ß → ss, ä → ae are the only growth)", () => {
    fc.assert(
      fc.property(title, language, (text, lang) => {
        expect(slugify(text, lang).length).toBeLessThanOrEqual(2 * text.length);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every letter and digit of a plain ASCII title", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 ]{0,40}$/), (text) => {
        expect(slugify(text).replaceAll("-", "")).toBe(text.toLowerCase().replaceAll(" ", ""));
      }),
    );
  });

  it("gives a slug no other post has, and one that is a slug", () => {
    fc.assert(
      fc.property(
        title,
        fc.array(fc.constantFrom("bai-viet", "bai-viet-2", "hoc", "hoc-2", "hoc-3")),
        (text, taken) => {
          const slug = uniqueSlug(slugify(text), taken);
          expect(taken).not.toContain(slug);
          expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        },
      ),
    );
  });
});
