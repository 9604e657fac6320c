// Enrolments (spec §3, §4): created from /enroll or POST /api/email/enrollment through
// submitEnrollment, together with their two mails in one transaction (ADR 006).
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { enrollments } from "~/db/schema";
import type { Language } from "~/i18n/language";
import { queueEnrollmentMails } from "~/mail/templates/enrollment.server";
import { courseChoiceValues, type EnrollmentInput, enrollmentSchema } from "~/schemas/enrollment";
import { listActiveCourses } from "./course.server";
import {
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact, schoolInboxAddress } from "./school-contact.server";

/** The open courses the form offers, one per level (value = level in lower case), in the
 * spec's level order. With the demo content: a1–b2 with the spec's prices. */
export async function listEnrollmentCourses(db: Db) {
  const choices = new Map<string, { value: string; level: string; title: string; price: number }>();
  for (const course of await listActiveCourses(db)) {
    const value = course.level.toLowerCase();
    if (!choices.has(value)) {
      choices.set(value, { value, level: course.level, title: course.title, price: course.price });
    }
  }
  return [...choices.values()];
}

export type EnrollmentCourse = Awaited<ReturnType<typeof listEnrollmentCourses>>[number];

/** The schema of the form as it is right now: only open courses are valid choices. */
export function enrollmentSchemaFor(courses: readonly EnrollmentCourse[]) {
  return enrollmentSchema(courseChoiceValues(courses.map((course) => course.level)));
}

/** The one server path of an enrolment (page action and JSON API alike). */
export async function submitEnrollment(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  const courses = await listEnrollmentCourses(context.db);
  return submitPublicForm(context, input, {
    form: "enrollment",
    schema: enrollmentSchemaFor(courses),
    save: async (values) => {
      const school = await getSchoolContact(context.db);
      return createEnrollment(context.db, values, {
        ...meta,
        course: courses.find((course) => course.value === values.course),
        school,
        schoolInbox: schoolInboxAddress(context.config, school),
      });
    },
  });
}

/** Saves the enrolment with spec §4's initial state and queues its two mails, atomically. */
export async function createEnrollment(
  db: Db,
  values: EnrollmentInput,
  context: SubmissionMeta & {
    course: EnrollmentCourse | undefined;
    school: SchoolContact;
    schoolInbox: string;
  },
): Promise<string> {
  const { website: _honeypot, ...enrollment } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enrollments)
      .values({
        fullName: enrollment.fullName,
        phone: enrollment.phone,
        email: enrollment.email,
        course: enrollment.course,
        schedule: enrollment.schedule,
        experience: enrollment.experience ?? null,
        goals: enrollment.goals ?? null,
        hearAbout: enrollment.hearAbout ?? null,
        status: "new",
        isProcessed: false,
        paymentStatus: "pending",
        userAgent: context.userAgent,
        language: context.language satisfies Language,
      })
      .returning({ id: enrollments.id, createdAt: enrollments.createdAt });
    await queueEnrollmentMails(tx, {
      id: row!.id,
      enrollment,
      course: context.course,
      language: context.language,
      submittedAt: row!.createdAt,
      schoolInbox: context.schoolInbox,
      school: context.school,
    });
    await notifyChange(tx, "enrollments");
    return row!.id;
  });
}

// The admin's side of enrolments lives in enrollment-admin.server.ts: it imports no
// mail templates (and so no bundled translations), so the benchmark can run it under plain tsx.
export {
  type AdminEnrollment,
  type AdminEnrollmentRow,
  changeEnrollmentPayment,
  changeEnrollmentStatus,
  countNewEnrollments,
  type EnrollmentChange,
  exportEnrollments,
  foldForSearch,
  getEnrollmentForAdmin,
  listEnrollmentsForAdmin,
  studentListQueries,
} from "./enrollment-admin.server";
