// Enrolments (spec §3, §4): created from /enroll or POST /api/email/enrollment through
// submitEnrollment, together with their two mails in one transaction (ADR 006).
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { defaultLanguage, isLanguage, type Language } from "~/i18n/language";
import { findChosenCourse } from "~/lib/chosen-course";
import { scheduleOfClass } from "~/lib/class-dates";
import {
  cancellationRecipients,
  enrollmentStage,
  learnerPaymentNote,
  stageRules,
} from "~/lib/enrollment-lifecycle";
import { paymentRecapOf } from "~/lib/payment-details";
import { signPaymentStatusToken } from "~/lib/payment-status-token.server";
import { queueEnrollmentMails } from "~/mail/templates/enrollment.server";
import { queueEnrollmentCancelledMail } from "~/mail/templates/enrollment-cancelled.server";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { type EnrollmentInput, enrollmentSchema } from "~/schemas/enrollment";
import type { EnrollmentStatus } from "~/schemas/enrollment-admin";
import { amountDue } from "~/schemas/payment";
import {
  type ClassPlacement,
  ClassSeatError,
  type EnrollableClass,
  enrollIntoClass,
  firstOnWaitlist,
  listEnrollableClasses,
  releaseSeat,
  type Tx,
} from "./class-seat.server";
import { listActiveCourses } from "./course.server";
import {
  amountDue as amountDueSql,
  amountPaid,
  changeEnrollmentStatus as changeStatusInPipeline,
} from "./enrollment-admin.server";
import { isFirstCourse } from "./first-course.server";
import {
  getPaymentSettings,
  type PaymentSettings,
  paymentEnabled,
  paymentInstructions,
} from "./payment-settings.server";
import {
  type SavedSubmission,
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
  submitPublicForm,
} from "./public-submission.server";
import { getSchoolContact, type SchoolContact, schoolInboxAddress } from "./school-contact.server";

/** The open courses the form offers (titles in `language`), every one of them (two may share a level), in the
 * spec's level order, the cheapest and then the oldest first within a level. */
export async function listEnrollmentCourses(db: Db, language: Language = defaultLanguage) {
  return (await listActiveCourses(db, language)).map(({ id, level, title, price }) => ({
    id,
    level,
    title,
    price,
  }));
}

export type EnrollmentCourse = Awaited<ReturnType<typeof listEnrollmentCourses>>[number];

/** The one server path of an enrolment (page action and JSON API alike). */
export async function submitEnrollment(
  context: SubmissionContext,
  input: unknown,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome> {
  // The schema checks the choices against the courses and classes open now; the same lists
  // resolve them. The class's own row decides, under its lock, whether it still takes enrolments.
  // Side by side, and before the class's lock: each round trip of a request waits its turn
  // behind the other requests when the server is busy.
  const [courses, classes, learnerCourses, school, payment] = await Promise.all([
    listEnrollmentCourses(context.db),
    listEnrollableClasses(context.db),
    // The learner's confirmation names the course in their language when it is translated.
    listEnrollmentCourses(context.db, meta.language),
    getSchoolContact(context.db),
    getPaymentSettings(context.db),
  ]);
  try {
    const outcome = await submitPublicForm(context, input, {
      form: "enrollment",
      formToken: meta.formToken,
      schema: enrollmentSchema(courses, classes),
      save: async (values) => {
        const course =
          values.course === CONSULTATION_COURSE ? undefined : findChosenCourse(courses, values.course);
        const learnerTitle = learnerCourses.find((entry) => entry.id === course?.id)?.title;
        return createEnrollment(context.db, values, {
          ...meta,
          course: course && { ...course, learnerTitle },
          klass: classes.find((klass) => klass.id === values.classId),
          school,
          schoolInbox: schoolInboxAddress(context.config, school),
          payment,
        });
      },
    });
    return withPaymentStatusToken(outcome, context.config.authSecret);
  } catch (error) {
    // Closed (or full and started, cancelled) between the list above and the lock.
    if (error instanceof ClassSeatError)
      return { status: "conflict", message: "class-seats:errors.classClosed" };
    throw error;
  }
}

/** While the answer shows how to pay, it carries the token its success screen asks with whether
 * the money has arrived (issue 31: GET /api/payment-status/<token>). */
function withPaymentStatusToken(outcome: SubmissionOutcome, authSecret: string): SubmissionOutcome {
  if (outcome.status !== "saved" || outcome.details?.paymentAmount === undefined) return outcome;
  return {
    ...outcome,
    details: { ...outcome.details, paymentStatusToken: signPaymentStatusToken(authSecret, outcome.id) },
  };
}

/** Saves the enrolment with spec §4's initial state and queues its two mails, atomically. */
export async function createEnrollment(
  db: Db,
  values: EnrollmentInput,
  context: SubmissionMeta & {
    /** `learnerTitle`: the course's title in the learner's language, when translated. */
    course: (EnrollmentCourse & { learnerTitle?: string }) | undefined;
    /** The class chosen (of that course), taking enrolments when the form was checked. */
    klass: EnrolledClass | undefined;
    school: SchoolContact;
    schoolInbox: string;
    /** The school's payment settings, read before the transaction (not under the class's lock). */
    payment: PaymentSettings;
    /** Runs in the enrolment's transaction once its row is in (a trial turned into this
     * enrolment links it there, ADR 046): what it writes commits with the enrolment or not at
     * all, and what it throws undoes the enrolment and its mails. */
    onSaved?: (tx: Tx, enrollmentId: string) => Promise<void>;
  },
): Promise<SavedSubmission> {
  const { website: _honeypot, classId: _class, ...answered } = values;
  const { course, klass, payment } = context;
  // A class chosen is its schedule; "Lịch học mong muốn" is asked only without one (issue 26).
  const schedule = course && klass ? scheduleOfClass(klass) : answered.schedule;
  if (!schedule) throw new Error("enrolment without a class and without a schedule");
  const enrollment = { ...answered, schedule };
  return db.transaction(async (tx) => {
    // The class row is locked first: enrolments into one class queue here (ADR 026).
    const placement: ClassPlacement =
      course && klass
        ? await enrollIntoClass(tx, { classId: klass.id, courseId: course.id })
        : { waitlistRank: null, waitlistPosition: null };
    const paymentAmount = course
      ? amountDue(course.price, payment.firstCourseDiscount && (await isFirstCourse(tx, enrollment)))
      : null;
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
        classId: course && klass ? klass.id : null,
        waitlistRank: placement.waitlistRank,
        schedule: enrollment.schedule,
        experience: enrollment.experience ?? null,
        goals: enrollment.goals ?? null,
        hearAbout: enrollment.hearAbout ?? null,
        status: "new",
        isProcessed: false,
        paymentStatus: "pending",
        paymentAmount,
        userAgent: context.userAgent,
        // The signed-in learner's account, so that their profile lists it (ADR 026).
        userId: context.userId,
        language: context.language satisfies Language,
      })
      .returning({
        id: enrollments.id,
        createdAt: enrollments.createdAt,
        paymentReference: enrollments.paymentReference,
      });
    await context.onSaved?.(tx, row!.id);
    // ADR 033: a waitlisted learner has no seat and so nothing to pay yet; the offer of a freed
    // seat brings the transfer details.
    const stage = enrollmentStage({
      status: "new",
      paymentStatus: "pending",
      waitlistRank: placement.waitlistRank,
      seatOfferedAt: null,
    });
    const transfer = stageRules[stage].owes
      ? paymentInstructions(payment, { ...row!, paymentAmount, coursePrice: course?.price })
      : undefined;
    // The mails and the changes ("classes": its seats left) in one statement each.
    await queueEnrollmentMails(
      tx,
      {
        id: row!.id,
        enrollment,
        course: context.course,
        klass: course && klass ? { ...klass, waitlistPosition: placement.waitlistPosition } : undefined,
        language: context.language,
        submittedAt: row!.createdAt,
        schoolInbox: context.schoolInbox,
        school: context.school,
        payment: transfer,
        paymentNote: learnerPaymentNote(stage, { paymentOn: paymentEnabled(payment), fee: paymentAmount }),
      },
      course && klass ? ["enrollments", "classes"] : ["enrollments"],
    );
    const details = {
      // What the record says, for the success screen's recap.
      ...(klass && course ? { schedule } : {}),
      // The success screen says what the mail says about paying (ADR 033).
      ...(learnerPaymentNote(stage, { paymentOn: paymentEnabled(payment), fee: paymentAmount })
        ? { paymentStage: stage }
        : {}),
      ...(placement.waitlistPosition === null ? {} : { waitlistPosition: placement.waitlistPosition }),
      ...(transfer ? paymentRecapOf(transfer) : {}),
    };
    return { id: row!.id, details: Object.keys(details).length > 0 ? details : undefined };
  });
}

/** The class an enrolment names, as its mails and success screen word it. */
type EnrolledClass = Pick<EnrollableClass, "id" | "startsOn" | "weekdays" | "startTime" | "endTime">;

/** A step of the pipeline; a cancellation frees the enrolment's seat in the same transaction
 * (the first on its class's waitlist is offered it) and tells the learner, with what the
 * lifecycle says about their money (ADR 033). */
export function changeEnrollmentStatus(db: Db, id: string, to: EnrollmentStatus) {
  return changeStatusInPipeline(db, id, to, {
    onCancelled: async (tx, enrollment) => {
      await releaseSeat(tx, enrollment.classId);
      await mailCancellationToLearner(tx, id);
    },
  });
}

async function mailCancellationToLearner(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      email: enrollments.email,
      fullName: enrollments.fullName,
      language: enrollments.language,
      courseTitle: courses.title,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      paymentAmount: amountDueSql,
      received: amountPaid,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id));
  if (!row) return;
  const settings = await getPaymentSettings(tx);
  await queueEnrollmentCancelledMail(tx, {
    to: row.email,
    name: row.fullName,
    language: isLanguage(row.language) ? row.language : defaultLanguage,
    courseTitle: row.courseTitle,
    paymentNote: learnerPaymentNote(enrollmentStage(row), {
      paymentOn: paymentEnabled(settings),
      fee: row.paymentAmount === null ? null : Number(row.paymentAmount),
    }),
  });
}

/** Who the admin's "Hủy đăng ký" will mail (the confirmation names them, ADR 033): the learner,
 * and the first on the class's waitlist when the enrolment gives up a seat that goes on to them. */
export async function cancellationRecipientsOf(db: Db, id: string) {
  const [row] = await db
    .select({
      fullName: enrollments.fullName,
      email: enrollments.email,
      classId: enrollments.classId,
      waitlistRank: enrollments.waitlistRank,
      classStatus: courseClasses.status,
    })
    .from(enrollments)
    .leftJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .where(eq(enrollments.id, id));
  if (!row) return undefined;
  // A running, finished or cancelled class hands no seat on (releaseSeat).
  const next =
    row.classId && row.waitlistRank === null && (row.classStatus === "open" || row.classStatus === "full")
      ? await firstOnWaitlist(db, row.classId)
      : undefined;
  const recipients = cancellationRecipients({
    classId: row.classId,
    waitlistRank: row.waitlistRank,
    waitingInClass: next ? 1 : 0,
  });
  return {
    learner: { name: row.fullName, email: row.email },
    nextOnWaitlist: recipients.includes("next-on-waitlist") ? next : undefined,
  };
}

export type CancellationRecipients = NonNullable<Awaited<ReturnType<typeof cancellationRecipientsOf>>>;

// The admin's side of enrolments lives in enrollment-admin.server.ts: it imports no
// mail templates (and so no bundled translations), so the benchmark can run it under plain tsx.
export {
  type AdminEnrollment,
  type AdminEnrollmentRow,
  changeEnrollmentPayment,
  countNewEnrollments,
  type EnrollmentChange,
  exportEnrollments,
  foldForSearch,
  getEnrollmentForAdmin,
  listEnrollmentsForAdmin,
  studentListQueries,
} from "./enrollment-admin.server";
