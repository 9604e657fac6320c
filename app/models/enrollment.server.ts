// Enrolments (spec §3, §4): created from /enroll or POST /api/email/enrollment through
// submitEnrollment, together with their two mails in one transaction (ADR 006).
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { enrollments } from "~/db/schema";
import type { Language } from "~/i18n/language";
import { queueEnrollmentMails } from "~/mail/templates/enrollment.server";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { type EnrollmentInput, enrollmentSchema, findChosenCourse } from "~/schemas/enrollment";
import { listActiveCourses } from "./course.server";
import {
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact, schoolInboxAddress } from "./school-contact.server";

/** The open courses the form offers, every one of them (two may share a level), in the
 * spec's level order, the cheapest and then the oldest first within a level. */
export async function listEnrollmentCourses(db: Db) {
  return (await listActiveCourses(db)).map(({ id, level, title, price }) => ({ id, level, title, price }));
}

export type EnrollmentCourse = Awaited<ReturnType<typeof listEnrollmentCourses>>[number];

/** The one server path of an enrolment (page action and JSON API alike). */
export async function submitEnrollment(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  // The schema checks the choice against the courses open now; the same list resolves it.
  const courses = await listEnrollmentCourses(context.db);
  return submitPublicForm(context, input, {
    form: "enrollment",
    schema: enrollmentSchema(courses),
    save: async (values) => {
      const school = await getSchoolContact(context.db);
      return createEnrollment(context.db, values, {
        ...meta,
        course: values.course === CONSULTATION_COURSE ? undefined : findChosenCourse(courses, values.course),
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
        // The level stays beside the course: the students list filters by level, and the
        // consultation choice (or a course deleted later) has no course.
        course: context.course ? context.course.level.toLowerCase() : CONSULTATION_COURSE,
        courseId: context.course?.id ?? null,
        schedule: enrollment.schedule,
        experience: enrollment.experience ?? null,
        goals: enrollment.goals ?? null,
        hearAbout: enrollment.hearAbout ?? null,
        status: "new",
        isProcessed: false,
        paymentStatus: "pending",
        userAgent: context.userAgent,
        // The signed-in learner's account, so that their profile lists it (ADR 026).
        userId: context.userId,
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
