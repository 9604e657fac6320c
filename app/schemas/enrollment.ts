// spec §3/§5 Enrolment form, shared by the /enroll form (instant feedback), its page action and
// POST /api/email/enrollment. Browser-safe: no server imports. Messages are i18n keys.
import { z } from "zod";
import { CONSULTATION_COURSE, enrollmentExperiences, enrollmentSchedules, hearAboutSources } from "./domain";
import {
  emailField,
  FORM_TOKEN_FIELD,
  formTokenField,
  HONEYPOT_FIELD,
  honeypotField,
  LONG_TEXT_MAX_LENGTH,
  nameField,
  optionalChoice,
  optionalText,
  PHONE_MAX_LENGTH,
  phoneField,
  requiredChoice,
} from "./fields";

/** The course values the form accepts: the consultation choice "Tư vấn chọn khóa phù hợp"
 * (spec §5) and each open course's level in lower case ("b1"). */
export function courseChoiceValues(levels: readonly string[]): [string, ...string[]] {
  const values = [...new Set(levels.map((level) => level.toLowerCase()))];
  return [CONSULTATION_COURSE, ...values];
}

/** `courseValues` are the choices open right now (courseChoiceValues of the active courses). */
export function enrollmentSchema(courseValues: readonly [string, ...string[]]) {
  return z.object({
    fullName: nameField,
    phone: phoneField.max(PHONE_MAX_LENGTH, "validation.tooLong"),
    email: emailField,
    course: requiredChoice(courseValues),
    schedule: requiredChoice(enrollmentSchedules),
    experience: optionalChoice(enrollmentExperiences),
    goals: optionalText(LONG_TEXT_MAX_LENGTH),
    hearAbout: optionalChoice(hearAboutSources),
    [HONEYPOT_FIELD]: honeypotField,
    [FORM_TOKEN_FIELD]: formTokenField,
  });
}

export type EnrollmentInput = z.output<ReturnType<typeof enrollmentSchema>>;
