// The enrolment's success screen asks whether its payment has arrived (issue 31) with a token
// its answer carried: the enrolment's id and an HMAC over it keyed with AUTH_SECRET. Only the
// server that answered the enrolment can make one, so nobody asks about an enrolment that is not
// theirs by changing an id in the address, and the endpoint needs no session (the learner may not
// have an account). "<enrolment id>.<HMAC-SHA256, base64url>".
import { createHmac, timingSafeEqual } from "node:crypto";

/** Far above a real token (a UUID, a dot and 43 characters: 80), far below anything costly: a
 * longer one is refused before it is split or hashed. */
export const PAYMENT_STATUS_TOKEN_MAX_LENGTH = 128;

function signature(secret: string, enrollmentId: string) {
  // The purpose in the message keeps this HMAC apart from anything else keyed with the secret.
  return createHmac("sha256", secret).update(`lernhaus payment status\n${enrollmentId}`).digest("base64url");
}

export function signPaymentStatusToken(secret: string, enrollmentId: string): string {
  return `${enrollmentId}.${signature(secret, enrollmentId)}`;
}

/** The enrolment's id when `token` is one of ours, else undefined. */
export function verifyPaymentStatusToken(secret: string, token: string): string | undefined {
  if (token.length > PAYMENT_STATUS_TOKEN_MAX_LENGTH) return undefined;
  // The signature is base64url (no dot): the id is everything before the last dot.
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const enrollmentId = token.slice(0, dot);
  const expected = Buffer.from(signature(secret, enrollmentId));
  const given = Buffer.from(token.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? enrollmentId : undefined;
}
