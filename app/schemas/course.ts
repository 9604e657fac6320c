// Course rules shared by the public pages, the models and the admin form (spec §3, §5, §9).
// No server imports: this module runs in the browser too.
import { z } from "zod";
import { translationLanguages } from "~/lib/content-language";
import { type CourseLevel, colors, courseLevels } from "./domain";
import { optionalText, requiredText, textField } from "./fields";

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

/** spec §5 Admin course form: level, price, title, description, duration, lessons required;
 * empty features dropped; the admin form offers the levels A1 to C2. */
export const courseSchema = z.object({
  level: z.enum(courseLevels, {
    error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalidChoice"),
  }),
  title: requiredText(200),
  description: requiredText(5000),
  duration: requiredText(100),
  lessons: requiredText(100),
  price: priceField,
  features: textList(300),
  color: z.enum(colors, { error: "validation.invalidChoice" }).default("blue"),
  active: z.boolean().default(false),
});
export type CourseInput = z.infer<typeof courseSchema>;

/** The fields of a course an English or German version translates (ADR 032). */
export const courseTranslatableFields = ["title", "description", "duration", "lessons", "features"] as const;
export type CourseTranslatableField = (typeof courseTranslatableFields)[number];
/** A course's texts alone: what an editor's save changes (ADR 047). */
export function courseTexts(input: CourseInput): Pick<CourseInput, CourseTranslatableField> {
  const { title, description, duration, lessons, features } = input;
  return { title, description, duration, lessons, features };
}
/** The field a course needs translated to count as written in a language (list badge, filter). */
export const courseRequiredTranslation = ["title"] as const;

/** The course dialog in English or German: every field optional (an untranslated field shows
 * the Vietnamese original on the public pages), each as long as its Vietnamese column allows. */
export const courseTranslationSchema = z.object({
  language: z.enum(translationLanguages, { error: "validation.invalidChoice" }),
  title: optionalText(200),
  description: optionalText(5000),
  duration: optionalText(100),
  lessons: optionalText(100),
  features: textList(300),
});
export type CourseTranslationInput = z.infer<typeof courseTranslationSchema>;
