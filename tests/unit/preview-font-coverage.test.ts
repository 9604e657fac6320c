// The preview cards' text must never come out as tofu or as nothing (ADR 030): every character a
// card can show has a real glyph (not .notdef) in one of the font faces the renderer hands to
// satori, and satori itself finds no character it has no font for.
import * as fontkit from "fontkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoCourses, demoPosts } from "~/db/demo-content";
import { languages } from "~/i18n/language";
import {
  PREVIEW_FONT_SUBSETS,
  previewFontFile,
  renderPreviewPng,
  renderPreviewSvg,
} from "~/lib/preview-render.server";
import { courseCard, defaultCard, postCard } from "~/requests/preview-image.server";
import { blogCategories, courseLevels } from "~/schemas/domain";

// Every Vietnamese letter: the plain and modified vowels with each of the five tone marks, đ;
// upper and lower case.
const TONES = ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"];
const VOWELS = ["a", "ă", "â", "e", "ê", "i", "o", "ô", "ơ", "u", "ư", "y"];
const VIETNAMESE_LETTERS = VOWELS.flatMap((vowel) => TONES.map((tone) => `${vowel}${tone}`.normalize("NFC")))
  .concat("đ")
  .flatMap((letter) => [letter, letter.toUpperCase()])
  .join("");

const SAMPLE_TITLE = "Tiếng Đức trung cấp B1 – ưu đãi";

// The cards in every language: their labels are the interface's (the translated titles are
// Latin letters with German umlauts, among the texts below).
const cards = languages.flatMap((language) => [
  ...demoCourses.map((course) => courseCard(course, language)),
  ...courseLevels.map((level) => courseCard({ title: SAMPLE_TITLE, level }, language)),
  ...demoPosts.map((post) => postCard(post, language)),
  ...blogCategories.map((category) => postCard({ title: SAMPLE_TITLE, category }, language)),
  defaultCard("https://lernhaus.example", language),
]);

const TEXTS = [
  VIETNAMESE_LETTERS,
  "ÄÖÜäöüß 0123456789 – — · … “ ” ‘ ’ « » : ; ! ? , . ( ) / & % + @ # ₫ €",
  ...cards.flatMap((card) => [card.heading, card.label, card.badge, card.brand]),
];

function uncovered(weight: 400 | 700) {
  const faces = PREVIEW_FONT_SUBSETS.map((subset) => fontkit.openSync(previewFontFile(subset, weight)));
  for (const face of faces) expect(face).toHaveProperty("glyphForCodePoint");
  const hasGlyph = (codePoint: number) =>
    faces.some((face) => "glyphForCodePoint" in face && face.glyphForCodePoint(codePoint).id !== 0);
  const missing = new Set<string>();
  for (const text of TEXTS) {
    for (const char of text.normalize("NFC")) {
      if (char !== " " && !hasGlyph(char.codePointAt(0)!)) missing.add(char);
    }
  }
  return [...missing];
}

describe("preview card fonts", () => {
  it("lists every Vietnamese letter in the test (134 of them)", () => {
    expect([...VIETNAMESE_LETTERS]).toHaveLength(2 * (12 * 6 + 1));
    expect(VIETNAMESE_LETTERS).toContain("Ệ");
    expect(VIETNAMESE_LETTERS).toContain("ự");
  });

  it("has a glyph for every character a card shows, in both weights", () => {
    expect(uncovered(700)).toEqual([]);
    expect(uncovered(400)).toEqual([]);
  });

  it("knows a character it has no glyph for (the check can fail)", () => {
    const face = fontkit.openSync(previewFontFile("vietnamese", 700));
    expect("glyphForCodePoint" in face && face.glyphForCodePoint("日".codePointAt(0)!).id).toBe(0);
  });

  it("draws the Vietnamese sample with no character left without a font", async () => {
    const missing: string[] = [];
    const svg = await renderPreviewSvg(
      { heading: SAMPLE_TITLE, label: VIETNAMESE_LETTERS.slice(0, 60), badge: "B1", brand: "Lernhaus" },
      { onMissingGlyphs: (text) => missing.push(text) },
    );
    expect(missing).toEqual([]);
    // Text is drawn as paths: the picture needs no font where it is rasterised.
    expect(svg).not.toContain("<text");
    expect(svg).toContain("<path");
  });

  it("reports characters no font covers instead of drawing them silently", async () => {
    const missing: string[] = [];
    await renderPreviewSvg(
      { heading: "Tiếng Đức 日本語", label: "", badge: "", brand: "Lernhaus" },
      { onMissingGlyphs: (text) => missing.push(text) },
    );
    expect(missing.join("")).toContain("日本語");
  });

  it("answers cards asked for at once each with its own picture", async () => {
    const headings = ["Tiếng Đức cơ bản A1", "Tiếng Đức sơ cấp A2", "Tiếng Đức cao cấp B2"];
    const svgs = await Promise.all(
      headings.map((heading) => renderPreviewSvg({ heading, label: "", badge: "", brand: "Lernhaus" })),
    );
    expect(new Set(svgs).size).toBe(3);
    // Each alone gives the same picture: the answers did not cross.
    expect(await renderPreviewSvg({ heading: headings[1]!, label: "", badge: "", brand: "Lernhaus" })).toBe(
      svgs[1],
    );
  });

  it("renders a 1200×630 PNG", async () => {
    const png = await renderPreviewPng(courseCard({ title: SAMPLE_TITLE, level: "B1" }, "vi"));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
  });
});
