// What /profile adds for learners (ADR 026): "Khóa học của tôi" once the address is proven (their
// enrolments, their trial lessons: issue 29, and what they see of their classes: issue 30), the
// notice and the "send again" button until then, and cancelling one's own enrolment or trial
// lesson. The account's own forms are in profile-actions.server.ts, shared with /admin/profile.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { minutesToWait } from "~/auth/attempt-limits.server";
import { enrollmentStage, learnerPaymentNote, stageRules } from "~/lib/enrollment-lifecycle";
import type { LearnerIntent, LearnerResult } from "~/lib/learner-intents";
import { log } from "~/lib/log.server";
import { canCancelTrial } from "~/lib/trial-lesson";
import { type LearnerClass, listLearnerClasses } from "~/models/learner-class.server";
import {
  cancelLearnerEnrollment,
  type LearnerEnrollment,
  listLearnerEnrollments,
} from "~/models/learner-enrollment.server";
import {
  getPaymentSettings,
  type PaymentSettings,
  paymentEnabled,
  paymentInstructions,
} from "~/models/payment-settings.server";
import { getSchoolContact, schoolInboxAddress } from "~/models/school-contact.server";
import { cancelLearnerTrial, type LearnerTrial, listLearnerTrials } from "~/models/trial-lesson.server";
import { cancelOwnEnrollmentSchema, cancelOwnTrialSchema } from "~/schemas/learner-enrollment";
import { resendVerificationMail } from "./email-verification.server";
import type { SessionUser } from "./session.server";

/** Where the list is after a cancellation (a redirect, so reloading does not post again). */
export const CANCELLED_PATH = "/profile?cancelled=1#my-courses-heading";
export const TRIAL_CANCELLED_PATH = "/profile?trialCancelled=1#my-trials-heading";

export async function loadLearnerCourses(context: AppLoadContext, user: SessionUser, url: URL) {
  const now = new Date();
  const [rows, settings, trials, classes] = await Promise.all([
    listLearnerEnrollments(context.db, user),
    getPaymentSettings(context.db),
    listLearnerTrials(context.db, user),
    // Like the rest of "Khóa học của tôi": nothing while the address is unproven.
    user.emailVerified ? listLearnerClasses(context.db, user, now) : new Map<string, LearnerClass>(),
  ]);
  return {
    emailVerified: user.emailVerified,
    // Each enrolment holding a seat in a class carries what its learner sees of that class.
    enrollments: rows.map((row) => ({ ...myCourseOf(row, settings), myClass: classes.get(row.id) ?? null })),
    trials: trials.map((row) => myTrialOf(row, now)),
    // The link of the verification mail lands here (routes/auth/verify-email.tsx).
    justVerified: user.emailVerified && url.searchParams.get("verified") === "1",
    justCancelled: url.searchParams.get("cancelled") === "1",
    // The confirmation step of "Hủy đăng ký" is in the URL, so it works without JavaScript.
    confirmCancel: url.searchParams.get("cancel") ?? undefined,
    justCancelledTrial: url.searchParams.get("trialCancelled") === "1",
    confirmCancelTrial: url.searchParams.get("cancelTrial") ?? undefined,
  };
}

/** One trial lesson as "Khóa học của tôi" shows it: whether it may still be cancelled is decided
 * here, at the loader's time, by the one rule the action's model applies as well. */
export function myTrialOf({ enrollmentId, ...trial }: LearnerTrial, now: Date) {
  return { ...trial, converted: enrollmentId !== null, cancellable: canCancelTrial(trial, now) };
}

/** One enrolment as "Khóa học của tôi" shows it. ADR 033: how to pay only while the lifecycle
 * says the fee is due, and the same line about paying as the success screen and the mails. */
export function myCourseOf(
  {
    paymentReference,
    paymentAmount,
    coursePrice,
    waitlistRank,
    seatOfferedAt,
    received,
    ...enrollment
  }: LearnerEnrollment,
  settings: PaymentSettings,
) {
  const stage = enrollmentStage({ ...enrollment, waitlistRank, seatOfferedAt, received });
  const paymentNote = learnerPaymentNote(stage, { paymentOn: paymentEnabled(settings), fee: paymentAmount });
  const payment = stageRules[stage].owes
    ? paymentDetailsOf(settings, { paymentReference, paymentAmount, coursePrice })
    : undefined;
  return {
    ...enrollment,
    payment,
    // Part of the fee came in (a bank's notification, the statement, the school): the card says
    // how much and what is left, as the success screen does (ADR 050).
    ...(payment && received > 0 ? { partial: { received, due: payment.amount } } : {}),
    ...(paymentNote ? { paymentNote } : {}),
  };
}

export async function learnerAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  formData: FormData,
) {
  const intent = formData.get("intent") as LearnerIntent;
  const fail = (error: string, status: number) =>
    data({ intent, errors: { "": [error] } } satisfies LearnerResult, { status });

  if (intent === "resend-verification") {
    const outcome = await resendVerificationMail(request, context, user);
    if (outcome.ok) return { intent, ok: "account:verification.sent" } satisfies LearnerResult;
    if (outcome.status === 429) {
      return data(
        {
          intent,
          errors: { "": [outcome.error] },
          retryAfterMinutes: minutesToWait(outcome.retryAfterSeconds),
        } satisfies LearnerResult,
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return fail(outcome.error, outcome.status);
  }

  if (intent === "cancel-trial") {
    const submission = parseWithZod(formData, { schema: cancelOwnTrialSchema });
    if (submission.status !== "success") return fail("account:myTrials.notFound", 400);
    const { bookingId } = submission.value;
    const school = await getSchoolContact(context.db);
    const outcome = await cancelLearnerTrial(
      context.db,
      user,
      bookingId,
      schoolInboxAddress(context.config, school),
    );
    if (outcome === "not-found") return fail("account:myTrials.notFound", 404);
    // Already cancelled, attended or missed, or begun: nothing to cancel any more.
    if (outcome === "not-cancellable") return fail("account:myTrials.notCancellable", 409);
    log().info({ user: user.id, trialBooking: bookingId }, "trial lesson: cancelled by the learner");
    throw redirect(TRIAL_CANCELLED_PATH);
  }

  const submission = parseWithZod(formData, { schema: cancelOwnEnrollmentSchema });
  if (submission.status !== "success") return fail("account:myCourses.notFound", 400);
  const school = await getSchoolContact(context.db);
  const outcome = await cancelLearnerEnrollment(
    context.db,
    user,
    submission.value.enrollmentId,
    schoolInboxAddress(context.config, school),
  );
  if (outcome === "not-found") return fail("account:myCourses.notFound", 404);
  if (outcome === "already-cancelled") return fail("account:myCourses.alreadyCancelled", 409);
  log().info(
    { user: user.id, enrollment: submission.value.enrollmentId },
    "enrolment: cancelled by the learner",
  );
  throw redirect(CANCELLED_PATH);
}

/** The transfer details a page shows (without the QR code's payload string). */
function paymentDetailsOf(...args: Parameters<typeof paymentInstructions>) {
  const instructions = paymentInstructions(...args);
  if (!instructions) return undefined;
  const { payload: _payload, ...details } = instructions;
  return details;
}
