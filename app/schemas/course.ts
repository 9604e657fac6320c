// Course rules shared by the public pages, the models and the admin form (spec §3, §5, §9).
// No server imports: this module runs in the browser too.
import { z } from "zod";
import type { Language } from "~/i18n/language";
import { slugify } from "~/lib/blog-rules";
import { isTranslationLanguage, translationLanguages } from "~/lib/content-language";
import { type CourseLevel, colors, courseLevels } from "./domain";
import { optionalText, requiredText, textField } from "./fields";
import { optionalRichText, requiredRichText } from "./rich-text";
import { futureVietnamTime } from "./schedule";

/** spec §9: courses sorted by level A1 < A2 < B1 < B2 (then C1, C2 from the admin form);
 * a level outside the list sorts last. */
export function courseLevelRank(level: string) {
  const rank = courseLevels.indexOf(level as CourseLevel);
  return rank === -1 ? courseLevels.length : rank;
}

/** Sorts by level, then by price; otherwise keeps the given order (Array#sort is stable). */
export function sortCoursesByLevel<T extends { level: string; price: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => courseLevelRank(a.level) - courseLevelRank(b.level) || a.price - b.price);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Course ids are uuids; anything else in a URL is an unknown course. */
export function isUuid(value: string) {
  return uuidPattern.test(value);
}

const MAX_PRICE = 2_000_000_000; // the column is a 32-bit integer

/** spec §5 "price is parsed as an integer": whole VND. Dots between groups of three digits are
 * thousands separators, as the page shows prices: "2.500.000" and "2 500 000" are 2500000. */
export const priceField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .transform((value) => {
    const compact = value.replace(/\s/g, "");
    return /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replaceAll(".", "") : compact;
  })
  .refine((value) => /^\d+$/.test(value), "courses:validation.price")
  .transform(Number)
  .refine((value) => value <= MAX_PRICE, "courses:validation.price");

/** A list of short texts from repeated form fields; empty entries are dropped on save (spec §5).
 * A form parser reads an empty field as undefined, so entries may be missing. */
export const textList = (max: number) =>
  z
    .array(textField(max).optional())
    .default([])
    .transform((items) => items.filter((item): item is string => !!item));

/** The longest slug a 200-character title gives (ß → ss, ä → ae are the only growth). */
const SLUG_MAX_LENGTH = 400;

/** The slug of a title without a letter or digit: "course" in each language, as the database's
 * course_slug() (migration 0019) has it. */
export const COURSE_SLUG_FALLBACK: Record<Language, string> = { vi: "khoa-hoc", en: "course", de: "kurs" };

/** The slug a title gives before any -2, -3… (spec §9's rule; German writes ä as ae): what the
 * form shows while the title is typed. The database makes the stored one (ADR 052). */
export function courseSlugOf(title: string, language: Language): string {
  return (
    slugify(title, isTranslationLanguage(language) ? language : undefined) || COURSE_SLUG_FALLBACK[language]
  );
}

/** A course's address as the admin typed it (ADR 052): empty means "as it is" (made from the
 * title); anything else goes through the slug rule, so "Tiếng Đức A1" becomes "tieng-duc-a1", and
 * must keep a letter or digit. The translation form applies its language's rule itself. */
const courseSlugField = optionalText(SLUG_MAX_LENGTH)
  .transform((value) => (value === undefined ? undefined : slugify(value)))
  .refine((value) => value !== "", "admin:courses.validation.slug");

/** spec §5 Admin course form: level, price, title, description, duration, lessons required;
 * empty features dropped; the admin form offers the levels A1 to C2. The description is written
 * in the visual editor (ADR 056). */
export const courseSchema = z.object({
  level: z.enum(courseLevels, {
    error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalidChoice"),
  }),
  title: requiredText(200),
  slug: courseSlugField,
  description: requiredRichText,
  duration: requiredText(100),
  lessons: requiredText(100),
  price: priceField,
  features: textList(300),
  color: z.enum(colors, { error: "validation.invalidChoice" }).default("blue"),
  active: z.boolean().default(false),
  // "Mở khóa học lúc" (ADR 057): a time in Vietnam, still ahead when saved; empty opens it as the
  // "open" box says. A time opens the course at that time whatever the box says.
  publishAt: futureVietnamTime({
    invalid: "admin:courses.validation.publishAt",
    past: "admin:courses.validation.publishAtPast",
  }),
});
export type CourseInput = z.infer<typeof courseSchema>;

/** The fields of a course an English or German version translates (ADR 032). */
export const courseTranslatableFields = ["title", "description", "duration", "lessons", "features"] as const;
export type CourseTranslatableField = (typeof courseTranslatableFields)[number];
/** A course's texts alone, and the address its title gives: what an editor's save changes
 * (ADR 047). */
export function courseTexts(input: CourseInput): Pick<CourseInput, CourseTranslatableField | "slug"> {
  const { title, slug, description, duration, lessons, features } = input;
  return { title, slug, description, duration, lessons, features };
}
/** The field a course needs translated to count as written in a language (list badge, filter). */
export const courseRequiredTranslation = ["title"] as const;

/** The course dialog in English or German: every field optional (an untranslated field shows
 * the Vietnamese original on the public pages), each as long as its Vietnamese column allows. The
 * slug is the language's address, by its rule (German umlauts); only a translated title has one. */
export const courseTranslationSchema = z
  .object({
    language: z.enum(translationLanguages, { error: "validation.invalidChoice" }),
    title: optionalText(200),
    // As typed: the slug rule is that of the language, applied below.
    slug: optionalText(SLUG_MAX_LENGTH),
    description: optionalRichText,
    duration: optionalText(100),
    lessons: optionalText(100),
    features: textList(300),
  })
  .superRefine((value, context) => {
    if (value.slug === undefined) return;
    if (slugify(value.slug, value.language) === "") {
      context.addIssue({ code: "custom", path: ["slug"], message: "admin:courses.validation.slug" });
    } else if (value.title === undefined) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: "admin:courses.validation.slugNeedsTitle",
      });
    }
  })
  .transform((value) => ({
    ...value,
    slug: value.slug === undefined ? undefined : slugify(value.slug, value.language),
  }));
export type CourseTranslationInput = z.infer<typeof courseTranslationSchema>;
