// About-page rules shared by the public page, the models and the admin forms (spec §3, §5, §9).
// No server imports: this module runs in the browser too.
import { z } from "zod";
import { textList } from "./course";
import { colors, valueIcons } from "./domain";
import { optionalImageField, optionalText, orderField, requiredText, textField } from "./fields";
import { richTextOrEmpty } from "./rich-text";

const longText = textField(5000).default("");

/** The general info's texts written in the visual editor (ADR 056): the school's story. The
 * mission, vision, method and commitment are a few sentences each, shown as cards and a lead. */
export const aboutInfoRichTextFields = ["description"] as const;

/** Admin "general info" tab: every text may be left empty (the page then hides it). */
export const aboutInfoSchema = z.object({
  mission: longText,
  vision: longText,
  method: longText,
  // The school's story, written in the visual editor (ADR 056).
  description: richTextOrEmpty,
  commitment: longText,
});

export type AboutInfoInput = z.output<typeof aboutInfoSchema>;

/** Admin "stats" tab: all text ("3+", "800+"); an empty field shows its default. */
export const statsSchema = z.object({
  yearsActive: optionalText(20),
  totalStudents: optionalText(20),
  successRate: optionalText(20),
  averageRating: optionalText(20),
});

export type StatsInput = z.output<typeof statsSchema>;

/** A list edited one entry per line in a textarea (the admin's certifications and
 * specialties); an array (repeated fields, the tests) is read as it is. Blank lines are dropped. */
export const lineList = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.split(/\r?\n/) : value), textList(max));

/** spec §5 Team form: name, role, experience required; order minimum 1. */
export const teamMemberSchema = z.object({
  name: requiredText(120),
  role: requiredText(200),
  experience: requiredText(200),
  education: longText,
  certifications: lineList(200),
  specialties: lineList(200),
  achievements: longText,
  avatar: optionalImageField,
  color: z.enum(colors, { error: "validation.invalidChoice" }).default("blue"),
  order: orderField,
  active: z.boolean().default(false),
});

/** spec §5 Value form: title and description required. The icon accepts both readings of §3. */
export const valueSchema = z.object({
  title: requiredText(120),
  description: requiredText(1000),
  icon: z.enum(valueIcons, { error: "validation.invalidChoice" }).default("heart"),
  color: z.enum(colors, { error: "validation.invalidChoice" }).default("blue"),
  order: orderField,
});

/** spec §5 Milestone form: year, title, description required; order minimum 1. */
export const milestoneSchema = z.object({
  year: requiredText(20),
  title: requiredText(200),
  description: requiredText(2000),
  order: orderField,
});

/** spec §5 Testimonial form: name, role, content required; rating 1 to 5 (default 5). */
export const testimonialSchema = z.object({
  name: requiredText(120),
  role: requiredText(200),
  content: requiredText(3000),
  rating: z.coerce
    .number({ error: "validation.number" })
    .int("validation.integer")
    .min(1, "about:validation.rating")
    .max(5, "about:validation.rating")
    .default(5),
  result: optionalText(200),
  avatar: optionalImageField,
  featured: z.boolean().default(false),
  order: orderField,
});

/** The four lists of the admin about page; each is also its change topic. */
export const aboutListKinds = ["team", "values", "milestones", "testimonials"] as const;
export type AboutListKind = (typeof aboutListKinds)[number];

export const aboutEntrySchemas = {
  team: teamMemberSchema,
  values: valueSchema,
  milestones: milestoneSchema,
  testimonials: testimonialSchema,
} as const;

export type AboutEntryInput = { [K in AboutListKind]: z.output<(typeof aboutEntrySchemas)[K]> };
