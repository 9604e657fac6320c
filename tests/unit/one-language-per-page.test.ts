// One language per page (ADR 023): no Vietnamese or German text is left as the English one,
// apart from names and words the language has taken over (tests/support/same-as-english.ts).
import { describe, expect, it } from "vitest";
import { catalogue, hasWords, sameAsEnglish } from "../support/same-as-english";

const english = catalogue("en");

describe("one language per page", () => {
  for (const language of ["vi", "de"] as const) {
    it(`leaves no ${language} text in English`, () => {
      const untranslated = [...catalogue(language)]
        .filter(([key, text]) => text === english.get(key) && hasWords(text))
        .filter(([, text]) => !sameAsEnglish[language].has(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(untranslated).toEqual([]);
    });
  }

  it("tells texts with words from placeholders, addresses and numbers", () => {
    expect(hasWords("Registration Successful!")).toBe(true);
    expect(hasWords("Welcome back, {{name}}")).toBe(true);
    expect(hasWords("{{author}} · {{time}}")).toBe(false);
    expect(hasWords("https://facebook.com/...")).toBe(false);
    expect(hasWords("email@example.com")).toBe(false);
    expect(hasWords("0912 345 678")).toBe(false);
  });
});
