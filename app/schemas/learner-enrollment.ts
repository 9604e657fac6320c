// A learner's own enrolments and trial lessons on /profile. Browser-safe.
import { z } from "zod";

/** "Hủy đăng ký" after the confirmation step: which of their enrolments. */
export const cancelOwnEnrollmentSchema = z.object({ enrollmentId: z.uuid() });

/** "Hủy buổi học thử" after the confirmation step: which of their trial lessons (issue 29). */
export const cancelOwnTrialSchema = z.object({ bookingId: z.uuid() });
