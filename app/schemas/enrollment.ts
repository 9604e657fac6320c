// spec §3/§5 Enrolment form, shared by the /enroll form (instant feedback), its page action and
// POST /api/email/enrollment. Browser-safe: no server imports. Messages are i18n keys.
import { z } from "zod";
import { type CourseRef, findChosenCourse } from "~/lib/chosen-course";
import { CONSULTATION_COURSE, enrollmentExperiences, enrollmentSchedules, hearAboutSources } from "./domain";
import { LONG_TEXT_MAX_LENGTH } from "./field-limits";
import {
  emailField,
  nameField,
  optionalChoice,
  optionalText,
  publicFormHiddenFields,
  publicPhoneField,
} from "./fields";

/** A class the form can offer: one taking enrolments now, of an open course. */
export interface ClassRef {
  id: string;
  courseId: string;
}

/** `courses` are the courses open right now: the course field accepts one of them (by id or by
 * level code) or the consultation choice; a closed or unknown course gets its own message.
 * `classes` are the classes taking enrolments now: the optional classId must be one of them and
 * of the chosen course (empty: "chưa chọn lớp – tư vấn giúp tôi"). */
// "Lịch học mong muốn" is required without a class; with one, the class's times are the schedule
// (issue 26). The check runs even when other fields failed (`when`), so that the form names every
// missing field at once.
export function enrollmentSchema(courses: readonly CourseRef[], classes: readonly ClassRef[] = []) {
  return z
    .object({
      fullName: nameField,
      phone: publicPhoneField,
      email: emailField,
      course: z
        .string({ error: "validation.required" })
        .trim()
        .min(1, "validation.required")
        .refine(
          (value) => value === CONSULTATION_COURSE || findChosenCourse(courses, value) !== undefined,
          "validation.courseUnavailable",
        ),
      classId: z
        .string({ error: "validation.invalidChoice" })
        .trim()
        .optional()
        .transform((value) => value || undefined),
      // Asked only without a class: a class's own times are its schedule (scheduleOfClass).
      schedule: optionalChoice(enrollmentSchedules),
      experience: optionalChoice(enrollmentExperiences),
      goals: optionalText(LONG_TEXT_MAX_LENGTH),
      hearAbout: optionalChoice(hearAboutSources),
      ...publicFormHiddenFields,
    })
    .refine((value) => Boolean(value.classId) || Boolean(value.schedule), {
      path: ["schedule"],
      error: "validation.required",
      when: () => true,
    })
    .superRefine((value, context) => {
      if (value.classId === undefined) return;
      const course = findChosenCourse(courses, value.course);
      const klass = classes.find((entry) => entry.id === value.classId);
      if (!course || klass?.courseId !== course.id) {
        context.addIssue({
          code: "custom",
          path: ["classId"],
          message: "class-seats:errors.classUnavailable",
        });
      }
    });
}

export type EnrollmentInput = z.output<ReturnType<typeof enrollmentSchema>>;
