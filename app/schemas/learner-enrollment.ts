// A learner's own enrolments and trial lessons on /profile. Browser-safe.
import { z } from "zod";

/** "Hủy đăng ký" after the confirmation step: which of their enrolments. */
export const cancelOwnEnrollmentSchema = z.object({ enrollmentId: z.uuid() });

/** "Hủy buổi học thử" after the confirmation step: which of their trial lessons (issue 29). */
export const cancelOwnTrialSchema = z.object({ bookingId: z.uuid() });

/** The forms /profile adds for learners, beside the account's own (profile-actions.server.ts). */
export const learnerIntents = ["resend-verification", "cancel-enrollment", "cancel-trial"] as const;
export type LearnerIntent = (typeof learnerIntents)[number];

export function isLearnerIntent(value: unknown): value is LearnerIntent {
  return (learnerIntents as readonly unknown[]).includes(value);
}

export type LearnerResult = {
  intent: LearnerIntent;
  ok?: string;
  errors?: Record<string, string[] | null>;
  retryAfterMinutes?: number;
};
