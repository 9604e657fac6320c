// The token a success screen asks about its payment with (issue 31): made only with the server's
// secret, for one enrolment; a token changed in any way, another enrolment's id under it, another
// secret's, or an oversized one is refused.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PAYMENT_STATUS_TOKEN_MAX_LENGTH,
  signPaymentStatusToken,
  verifyPaymentStatusToken,
} from "~/lib/payment-status-token.server";

const SECRET = "s".repeat(32);

describe("the payment-status token", () => {
  it("names the enrolment it was made for, and fits well within its bound", () => {
    const id = randomUUID();
    const token = signPaymentStatusToken(SECRET, id);
    expect(verifyPaymentStatusToken(SECRET, token)).toBe(id);
    expect(token.length).toBeLessThanOrEqual(PAYMENT_STATUS_TOKEN_MAX_LENGTH);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
  });

  it("is refused tampered with, under another secret, without its signature, or oversized", () => {
    const id = randomUUID();
    const token = signPaymentStatusToken(SECRET, id);
    const [, mac] = token.split(".");
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      flipped,
      `${randomUUID()}.${mac}`,
      signPaymentStatusToken("t".repeat(32), id),
      id,
      `${id}.`,
      `.${mac}`,
      `${token}x`,
      `${id}.${mac!.slice(0, -1)}`,
      "",
      `${"a".repeat(PAYMENT_STATUS_TOKEN_MAX_LENGTH)}.${mac}`,
    ]) {
      expect(verifyPaymentStatusToken(SECRET, bad), bad).toBeUndefined();
    }
  });

  it("made for one enrolment, never opens another: the other id with this signature is refused", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 60 }), (id, other) => {
        fc.pre(other !== id);
        const [, mac] = signPaymentStatusToken(SECRET, id).split(".");
        expect(verifyPaymentStatusToken(SECRET, `${other}.${mac}`)).toBeUndefined();
      }),
    );
  });

  it("accepts exactly its own tokens for any id, and nothing made up", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 200 }), (id, made) => {
        expect(verifyPaymentStatusToken(SECRET, signPaymentStatusToken(SECRET, id))).toBe(id);
        expect(verifyPaymentStatusToken(SECRET, made)).toBeUndefined();
      }),
    );
  });
});
