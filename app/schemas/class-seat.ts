// The admin's waitlist operations on one enrolment of a class roster (POST /admin/classes/seats),
// shared by the roster's buttons and the action. Browser-safe.
import { z } from "zod";

export const waitlistIntents = ["move-up", "move-down", "promote", "remove", "move-to-class"] as const;
export type WaitlistIntent = (typeof waitlistIntents)[number];

export const waitlistOperationSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["move-up", "move-down", "promote", "remove"]),
    enrollmentId: z.uuid(),
  }),
  z.object({
    intent: z.literal("move-to-class"),
    enrollmentId: z.uuid(),
    classId: z.uuid({ error: "validation.required" }),
  }),
]);

export type WaitlistOperation = z.output<typeof waitlistOperationSchema>;
