// What /profile's learner forms are, apart from their schemas: the page tells their answers from
// the account's own without loading zod (ADR 058).

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
