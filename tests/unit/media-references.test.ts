// The media library's reading of content (ADR 054): which uploads a text refers to, moving a
// text's references to another image, and the Markdown that embeds one; example cases and
// properties over generated texts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  mapStrings,
  markdownImage,
  replaceUploadKey,
  translationStrings,
  uploadKeyOf,
  uploadKeysIn,
} from "~/lib/media";

const A = "0123456789abcdef0123456789abcdef";
const B = "fedcba9876543210fedcba9876543210";

describe("uploadKeysIn", () => {
  it("finds Markdown images, image fields and absolute addresses, each key once", () => {
    const text = `Xem ![lớp](/uploads/${A}-480.webp) và ![](https://lernhaus.vn/uploads/${B}-1200.webp)
<img src="/uploads/${A}-1200.webp">`;
    expect(uploadKeysIn(text)).toEqual([A, B]);
    expect(uploadKeysIn(`/uploads/${A}-1200.webp`)).toEqual([A]);
  });

  it("ignores what is not an upload's address", () => {
    expect(uploadKeysIn(null)).toEqual([]);
    expect(uploadKeysIn("https://example.com/photo.jpg")).toEqual([]);
    expect(uploadKeysIn(`/uploads/${A.slice(1)}-480.webp`)).toEqual([]);
    expect(uploadKeysIn(`/uploads/${A.toUpperCase()}-480.webp`)).toEqual([]);
    expect(uploadKeysIn(`/videos/${A}.mp4`)).toEqual([]);
  });

  const key = fc.stringMatching(/^[0-9a-f]{32}$/);
  const width = fc.constantFrom(480, 1200);
  // Text around the references that cannot form one by itself.
  const filler = fc.string({ maxLength: 40 }).map((text) => text.replace(/\//g, " "));

  it("finds exactly the keys embedded in any text, whatever surrounds them", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, key, width, fc.boolean())), filler, (parts, tail) => {
        const text =
          parts
            .map(([before, k, w, markdown]) =>
              markdown ? `${before}![x](/uploads/${k}-${w}.webp)` : `${before} /uploads/${k}-${w}.webp`,
            )
            .join("") + tail;
        expect(uploadKeysIn(text)).toEqual([...new Set(parts.map(([, k]) => k))]);
      }),
    );
  });

  it("after a replacement, a text refers to the new key where it referred to the old, and nowhere else changed", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, fc.constantFrom(A, B), width)), filler, (parts, tail) => {
        const text = parts.map(([before, k, w]) => `${before}![](/uploads/${k}-${w}.webp)`).join("") + tail;
        const replaced = replaceUploadKey(text, A, "c".repeat(32));
        expect(uploadKeysIn(replaced)).not.toContain(A);
        expect(replaced.length).toBe(text.length);
        // No filler holds a reference (no slash), so the way back restores the text.
        expect(replaceUploadKey(replaced, "c".repeat(32), A)).toBe(text);
      }),
    );
  });
});

describe("replaceUploadKey", () => {
  it("keeps each width", () => {
    expect(replaceUploadKey(`![](/uploads/${A}-480.webp) /uploads/${A}-1200.webp`, A, B)).toBe(
      `![](/uploads/${B}-480.webp) /uploads/${B}-1200.webp`,
    );
  });

  it("refuses keys that are not keys (a pattern could match other text)", () => {
    expect(replaceUploadKey(`/uploads/${A}-480.webp`, ".*", B)).toBe(`/uploads/${A}-480.webp`);
  });
});

describe("translations", () => {
  it("lists every string with where it is and maps them keeping the shape", () => {
    const translations = { en: { content: `/uploads/${A}-480.webp`, tags: ["a", "b"] }, de: { title: "T" } };
    expect(translationStrings(translations)).toEqual([
      { at: "en.content", text: `/uploads/${A}-480.webp` },
      { at: "en.tags", text: "a" },
      { at: "en.tags", text: "b" },
      { at: "de.title", text: "T" },
    ]);
    expect(mapStrings(translations, (text) => replaceUploadKey(text, A, B))).toEqual({
      en: { content: `/uploads/${B}-480.webp`, tags: ["a", "b"] },
      de: { title: "T" },
    });
  });
});

describe("markdownImage and uploadKeyOf", () => {
  it("writes an image whose alt text cannot end it early", () => {
    expect(markdownImage("Lớp [A1]\nsáng", `/uploads/${A}-1200.webp`)).toBe(
      `![Lớp \\[A1\\] sáng](/uploads/${A}-1200.webp)`,
    );
    expect(uploadKeysIn(markdownImage("x", `/uploads/${A}-1200.webp`))).toEqual([A]);
  });

  it("reads the key of an upload's address only", () => {
    expect(uploadKeyOf(`/uploads/${A}-1200.webp`)).toBe(A);
    expect(uploadKeyOf(`https://x.test/uploads/${A}-1200.webp`)).toBeUndefined();
  });
});
