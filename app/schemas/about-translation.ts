// The English and German versions of the about page's texts (ADR 032): which fields of each part
// translate, and the forms that save one language of them. Every field is optional (a blank one
// shows the Vietnamese original) and bounded like its Vietnamese field. No server imports: the
// admin's translation forms validate with these schemas in the browser too.
import { z } from "zod";
import { translationLanguages } from "~/lib/content-language";
import { type AboutListKind, lineList } from "./about";
import { textField } from "./fields";
import { richTextOrEmpty } from "./rich-text";

/** The translatable texts of about/info (the general info tab). */
export const aboutInfoTranslatableFields = [
  "mission",
  "vision",
  "method",
  "description",
  "commitment",
] as const;

/** The translatable texts of each list's entries; names, years and numbers stay as they are. */
export const aboutEntryTranslatableFields = {
  team: ["role", "experience", "education", "certifications", "specialties", "achievements"],
  values: ["title", "description"],
  milestones: ["title", "description"],
  testimonials: ["role", "content", "result"],
} as const satisfies Record<AboutListKind, readonly string[]>;

export type AboutEntryTranslatableField<K extends AboutListKind> =
  (typeof aboutEntryTranslatableFields)[K][number];

/** The fields an entry needs in a language to count as written in it: the ones its Vietnamese
 * form requires. Drives the list's language badges and the "not translated into" filter. */
export const aboutEntryRequiredFields = {
  team: ["role", "experience"],
  values: ["title", "description"],
  milestones: ["title", "description"],
  testimonials: ["role", "content"],
} as const satisfies { [K in AboutListKind]: readonly AboutEntryTranslatableField<K>[] };

const language = z.enum(translationLanguages, { error: "validation.invalidChoice" });
const text = (max: number) => textField(max).default("");

export const aboutInfoTranslationSchema = z.object({
  language,
  mission: text(5000),
  vision: text(5000),
  method: text(5000),
  description: richTextOrEmpty,
  commitment: text(5000),
});

export const aboutEntryTranslationSchemas = {
  team: z.object({
    language,
    role: text(200),
    experience: text(200),
    education: text(5000),
    certifications: lineList(200),
    specialties: lineList(200),
    achievements: text(5000),
  }),
  values: z.object({ language, title: text(120), description: text(1000) }),
  milestones: z.object({ language, title: text(200), description: text(2000) }),
  testimonials: z.object({ language, role: text(200), content: text(3000), result: text(200) }),
} as const;

export type AboutInfoTranslationInput = z.output<typeof aboutInfoTranslationSchema>;
export type AboutEntryTranslationInput = {
  [K in AboutListKind]: z.output<(typeof aboutEntryTranslationSchemas)[K]>;
};
