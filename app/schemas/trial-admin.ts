// The free trial lesson in the admin (issue 29, ADR 046): the bookings list's URL, the row
// actions' forms, "Đăng ký khóa học" from an attended trial, a trial session's form and the
// school's trial settings. Shared by the forms and their actions. Browser-safe: no server imports.
import { z } from "zod";
import { trialMarks, trialOffers, trialStatuses } from "~/lib/trial-lesson";
import { enrollmentSchedules } from "./domain";
import { isCalendarDay, optionalChoice, requiredChoice, textField } from "./fields";
import { readUrlQuery, urlChoice, urlPage, urlQueryParams, urlSearch } from "./url-query";

export const TRIALS_PAGE_SIZE = 25;
export const TRIAL_SEARCH_MAX_LENGTH = 100;
/** A note is a few lines for the teacher and the office, not a record of its own. */
export const TRIAL_NOTE_MAX_LENGTH = 1_000;

/** Which lessons the list shows: those not over yet (the default), those over, or all. */
export const trialWhens = ["upcoming", "past", "all"] as const;
export type TrialWhen = (typeof trialWhens)[number];

/** The page's two parts: the bookings, and the school's trial sessions. */
export const trialTabs = ["bookings", "sessions"] as const;
export type TrialTab = (typeof trialTabs)[number];

export const trialListQuerySchema = z.object({
  q: urlSearch(TRIAL_SEARCH_MAX_LENGTH),
  when: urlChoice(trialWhens),
  status: urlChoice(trialStatuses),
  page: urlPage,
});
export type TrialListQuery = z.output<typeof trialListQuerySchema>;

export function readTrialListQuery(search: URLSearchParams | string): TrialListQuery {
  return readUrlQuery(trialListQuerySchema, search);
}

export function trialListParams(query: TrialListQuery, page = 1) {
  return urlQueryParams(query, ["q", "when", "status"], page);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The booking or session a form acts on. A malformed id is a bad request, not a field error. */
const entryId = z.string({ error: "validation.required" }).trim().regex(UUID, "admin:errors.notFound");

const uuidChoice = z
  .string({ error: "validation.required" })
  .trim()
  .refine((value) => UUID.test(value), "validation.invalidChoice");

/** "Đã tham gia" / "Vắng mặt". */
export const trialMarkSchema = z.object({
  id: entryId,
  status: requiredChoice(trialMarks),
});

/** The school's note on a booking; empty clears it. */
export const trialNoteSchema = z.object({
  id: entryId,
  note: textField(TRIAL_NOTE_MAX_LENGTH).default(""),
});

/** "Hủy": the school cancels a booking. */
export const trialCancelSchema = z.object({ id: entryId });

/** What "Đăng ký khóa học" may choose: the open courses, and the classes taking enrolments. */
export interface TrialConvertChoices {
  courses: readonly { id: string }[];
  classes: readonly { id: string; courseId: string }[];
}

/** "Đăng ký khóa học" from an attended trial: an open course, optionally one of its classes
 * taking enrolments; without a class the learner's preferred time is asked, as on /enroll (a
 * class's own times are its schedule, issue 26). */
export function trialConvertSchema(choices: TrialConvertChoices) {
  return z
    .object({
      id: entryId,
      courseId: uuidChoice.refine(
        (value) => choices.courses.some((course) => course.id === value),
        "validation.courseUnavailable",
      ),
      classId: z
        .string({ error: "validation.invalidChoice" })
        .trim()
        .optional()
        .transform((value) => value || undefined),
      schedule: optionalChoice(enrollmentSchedules),
    })
    .refine((value) => Boolean(value.classId) || Boolean(value.schedule), {
      path: ["schedule"],
      error: "validation.required",
      when: () => true,
    })
    .superRefine((value, context) => {
      if (value.classId === undefined) return;
      const klass = choices.classes.find((entry) => entry.id === value.classId);
      if (klass?.courseId !== value.courseId)
        context.addIssue({
          code: "custom",
          path: ["classId"],
          message: "class-seats:errors.classUnavailable",
        });
    });
}
export type TrialConvertInput = z.output<ReturnType<typeof trialConvertSchema>>;

export const TRIAL_DURATION_MIN = 15;
export const TRIAL_DURATION_MAX = 240;
export const TRIAL_CAPACITY_MAX = 30;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A trial session: its day and time as the school reads them (Vietnam's), its length, teacher,
 * seats and meeting link. The database checks the same bounds (trial_sessions' checks). */
export const trialSessionSchema = z.object({
  day: z
    .string({ error: "validation.required" })
    .trim()
    .refine(isCalendarDay, "admin-trials:validation.date"),
  time: z
    .string({ error: "validation.required" })
    .trim()
    .transform((value) => value.slice(0, 5))
    .refine((value) => TIME.test(value), "admin-trials:validation.time"),
  durationMinutes: z
    .number({ error: "validation.integer" })
    .int("validation.integer")
    .min(TRIAL_DURATION_MIN, "admin-trials:validation.duration")
    .max(TRIAL_DURATION_MAX, "admin-trials:validation.duration")
    .default(60),
  teacherId: uuidChoice.optional(),
  capacity: z
    .number({ error: "validation.integer" })
    .int("validation.integer")
    .min(1, "admin-trials:validation.capacity")
    .max(TRIAL_CAPACITY_MAX, "admin-trials:validation.capacity")
    .default(6),
  // Only a secure link goes into the reminder mail.
  meetingUrl: z
    .string()
    .trim()
    .max(2000, "validation.tooLong")
    .refine(
      (value) => /^https:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      "admin-trials:validation.meetingUrl",
    )
    .optional(),
});
export type TrialSessionInput = z.output<typeof trialSessionSchema>;

/** "Hủy buổi học": a session with bookings is cancelled, never deleted. */
export const trialSessionCancelSchema = z.object({ id: entryId });

export const TRIAL_CLASS_SEATS_MAX = 8;

/** Settings › Trial lesson: what a trial is, and how many trial learners a class session takes. */
export const trialSettingsSchema = z.object({
  offer: requiredChoice(trialOffers),
  classSeats: z
    .number({ error: "validation.integer" })
    .int("validation.integer")
    .min(1, "admin-trials:validation.classSeats")
    .max(TRIAL_CLASS_SEATS_MAX, "admin-trials:validation.classSeats"),
});
export type TrialSettingsInput = z.output<typeof trialSettingsSchema>;
