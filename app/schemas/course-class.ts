// A class of a course ("lịch khai giảng", ADR 026): the admin's form and the list's URL.
// The database checks the same rules (course_classes' check constraints); this schema says them
// first, field by field, in the admin's language. Browser-safe: no server imports.
import { z } from "zod";
import { hourMinute } from "~/lib/class-dates";
import { translationLanguages } from "~/lib/content-language";
import { LONG_TEXT_MAX_LENGTH } from "./field-limits";
import { isCalendarDay, optionalText, requiredText, textField } from "./fields";
import { readUrlQuery, urlChoice, urlQueryParams, urlSearch } from "./url-query";

export const classStatuses = ["open", "full", "running", "finished", "cancelled"] as const;
export type ClassStatus = (typeof classStatuses)[number];

/** ISO weekdays, 1 = Monday … 7 = Sunday, as stored. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The courses page promises at most 8 learners a class. */
export const CLASS_CAPACITY_MAX = 8;
export const MAX_SESSIONS = 500;
export const CLASS_NOTE_MAX_LENGTH = 2_000;
export const CLASS_SEARCH_MAX_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const uuidChoice = z
  .string({ error: "validation.required" })
  .trim()
  .refine((value) => UUID.test(value), "validation.invalidChoice");

const day = z
  .string({ error: "validation.required" })
  .trim()
  .refine(isCalendarDay, "admin-classes:validation.date");

/** "19:00" (a browser's time input); "19:00:00" from the database reads the same. */
const timeOfDay = z
  .string({ error: "validation.required" })
  .trim()
  .transform((value) => value.slice(0, 5))
  .refine((value) => TIME.test(value), "admin-classes:validation.time");

export const courseClassSchema = z
  .object({
    courseId: uuidChoice,
    startsOn: day,
    sessionCount: z
      .number({ error: "validation.integer" })
      .int("validation.integer")
      .min(1, "admin-classes:validation.sessions")
      .max(MAX_SESSIONS, "admin-classes:validation.sessions")
      .optional(),
    endsOn: day.optional(),
    weekdays: z
      .array(z.coerce.number().pipe(z.literal(isoWeekdays, { error: "validation.invalidChoice" })), {
        error: "admin-classes:validation.weekdays",
      })
      .min(1, "admin-classes:validation.weekdays")
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    startTime: timeOfDay,
    endTime: timeOfDay,
    teacherId: uuidChoice.optional(),
    capacity: z
      .number({ error: "validation.integer" })
      .int("validation.integer")
      .min(1, "admin-classes:validation.capacity")
      .max(CLASS_CAPACITY_MAX, "admin-classes:validation.capacity")
      .default(CLASS_CAPACITY_MAX),
    meetingUrl: z
      .string()
      .trim()
      .max(2000, "validation.tooLong")
      .refine(
        (value) => /^https:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
        "admin-classes:validation.meetingUrl",
      )
      .optional(),
    note: textField(CLASS_NOTE_MAX_LENGTH).optional(),
    status: z.enum(classStatuses, { error: "validation.invalidChoice" }).default("open"),
  })
  .superRefine((value, context) => {
    if (value.sessionCount === undefined && value.endsOn === undefined)
      context.addIssue({
        code: "custom",
        path: ["sessionCount"],
        message: "admin-classes:validation.length",
      });
    if (value.endsOn !== undefined && value.endsOn < value.startsOn)
      context.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: "admin-classes:validation.endsBeforeStart",
      });
    if (value.endTime <= value.startTime)
      context.addIssue({
        code: "custom",
        path: ["endTime"],
        message: "admin-classes:validation.endsBeforeStartTime",
      });
  });

export type CourseClassInput = z.output<typeof courseClassSchema>;

/** "Gửi thư cho cả lớp": a subject (one line) and the message. `intent` "preview" shows the mail
 * first, "send" queues it. */
export const CLASS_MAIL_SUBJECT_MAX_LENGTH = 200;
export const classMessageSchema = z.object({
  subject: requiredText(CLASS_MAIL_SUBJECT_MAX_LENGTH).refine(
    (value) => !/[\r\n]/.test(value),
    "validation.invalidCharacters",
  ),
  body: requiredText(LONG_TEXT_MAX_LENGTH),
});

/* ---------------------------------------------------------------- the list's URL */

export const classListQuerySchema = z.object({
  q: urlSearch(CLASS_SEARCH_MAX_LENGTH),
  course: z
    .string()
    .refine((value) => UUID.test(value))
    .optional()
    .catch(undefined),
  status: urlChoice(classStatuses),
});

export type ClassListQuery = z.output<typeof classListQuerySchema>;

export function readClassListQuery(search: URLSearchParams | string): ClassListQuery {
  return readUrlQuery(classListQuerySchema, search);
}

export function classListParams(query: ClassListQuery) {
  return urlQueryParams(query, ["q", "course", "status"]);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Thứ 2, Thứ 4, Thứ 6" / "Mon, Wed, Fri" / "Mo, Mi, Fr", Monday first, in the public
 * schedule's words (a page showing them asks for the "schedule" namespace). */
export const formatWeekdays = (t: Translate, weekdays: readonly number[]) =>
  [...weekdays]
    .sort((a, b) => a - b)
    .map((day) => t(`schedule:weekdays.${day}`))
    .join(", ");

/** "19:00–20:30", Vietnam time as stored. */
export const formatClassTime = (start: string, end: string) => `${hourMinute(start)}–${hourMinute(end)}`;

/** The class dialog in English or German (ADR 032): its note is the one text a class
 * translates; left empty, the Vietnamese note stands. */
export const classNoteTranslationSchema = z.object({
  language: z.enum(translationLanguages, { error: "validation.invalidChoice" }),
  note: optionalText(CLASS_NOTE_MAX_LENGTH),
});
export type ClassNoteTranslationInput = z.infer<typeof classNoteTranslationSchema>;
