// The enrolment lifecycle (ADR 033) over every combination of the stored columns it reads: what
// is owed, what the learner is told and what the admin may do follow from the stage alone.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import {
  amountOwed,
  cancellationRecipients,
  enrollmentStage,
  enrollmentStages,
  learnerPaymentNote,
  stageRules,
} from "~/lib/enrollment-lifecycle";
import { amountDue, feeBreakdown } from "~/schemas/payment";

const statuses = ["new", "contacted", "trial", "enrolled", "cancelled"];
const paymentStatuses = ["pending", "paid", "refunded"];
const rows = statuses.flatMap((status) =>
  paymentStatuses.flatMap((paymentStatus) =>
    [null, 1].flatMap((waitlistRank) =>
      [null, new Date()].flatMap((seatOfferedAt) =>
        [0, 500_000].map((received) => ({ status, paymentStatus, waitlistRank, seatOfferedAt, received })),
      ),
    ),
  ),
);

describe("the enrolment's stage", () => {
  it.each(rows)("of %o decides what is owed and offered consistently", (row) => {
    const stage = enrollmentStage(row);
    const rule = stageRules[stage];
    // A cancelled enrolment owes nothing; one that received money shows a refund step.
    if (row.status === "cancelled") {
      expect(rule.owes).toBe(false);
      expect(amountOwed(stage, 4_500_000)).toBe(0);
      if (row.paymentStatus === "refunded") expect(stage).toBe("refunded");
      else if (row.paymentStatus === "paid" || row.received > 0) {
        expect(stage).toBe("refund-due");
        expect(rule.adminActions).toEqual(["refund"]);
      } else expect(stage).toBe("cancelled");
    }
    // A waitlisted learner is never asked to pay.
    if (row.waitlistRank !== null) expect(rule.owes).toBe(false);
    // Only a fee still due can be recorded as paid.
    expect(rule.adminActions.includes("record-payment")).toBe(rule.owes);
    if (rule.owes) {
      expect(row).toMatchObject({ paymentStatus: "pending", waitlistRank: null });
      expect(row.status).not.toBe("cancelled");
      expect(amountOwed(stage, 4_500_000)).toBe(4_500_000);
    }
  });

  it("is each of the seven stages for some row", () => {
    expect(new Set(rows.map(enrollmentStage))).toEqual(new Set(enrollmentStages));
  });

  it("speaks of paying only when the school takes transfers and a fee is known", () => {
    for (const stage of enrollmentStages) {
      expect(learnerPaymentNote(stage, { paymentOn: false, fee: 100 })).toBeUndefined();
      expect(learnerPaymentNote(stage, { paymentOn: true, fee: null })).toBeUndefined();
      expect(learnerPaymentNote(stage, { paymentOn: true, fee: 100 })).toBe(stageRules[stage].learnerNote);
    }
  });
});

function text(language: string, key: string) {
  const [namespace, dotted] = key.split(":") as [string, string];
  let node: unknown = JSON.parse(
    fs.readFileSync(path.resolve("app/locales", language, `${namespace}.json`), "utf8"),
  );
  for (const part of dotted.split(".")) node = (node as Record<string, unknown>)[part];
  return node;
}

describe("each stage's words", () => {
  for (const stage of enrollmentStages) {
    for (const language of languages) {
      it(`${stage} in ${language}: a learner's line and an admin's label`, () => {
        const note = text(language, stageRules[stage].learnerNote);
        const label = text(language, stageRules[stage].adminLabel);
        expect(typeof note === "string" && note.length > 10, String(note)).toBe(true);
        expect(typeof label === "string" && label.length > 3, String(label)).toBe(true);
      });
    }
  }

  it("tell owing and not owing apart in every language", () => {
    const owing = enrollmentStages.filter((stage) => stageRules[stage].owes);
    const other = enrollmentStages.filter((stage) => !stageRules[stage].owes);
    for (const language of languages) {
      const owingNotes = new Set(owing.map((stage) => text(language, stageRules[stage].learnerNote)));
      for (const stage of other)
        expect(owingNotes.has(text(language, stageRules[stage].learnerNote))).toBe(false);
    }
  });
});

describe("the fee as the learner reads it", () => {
  it("shows price, discount and amount when the first-course discount made the amount", () => {
    expect(feeBreakdown(amountDue(5_000_000, true), 5_000_000)).toEqual({
      price: 5_000_000,
      discount: 500_000,
      due: 4_500_000,
    });
    expect(feeBreakdown(5_000_000, 5_000_000)).toEqual({ price: 5_000_000, due: 5_000_000 });
  });

  it("never recomputes a fixed amount from a price changed since: the amount alone", () => {
    expect(feeBreakdown(4_500_000, 6_000_000)).toEqual({ due: 4_500_000 });
    expect(feeBreakdown(4_500_000, null)).toEqual({ due: 4_500_000 });
  });
});

describe("the admin's cancellation", () => {
  it("mails the learner, and the first on the waitlist only when a seat frees for them", () => {
    expect(cancellationRecipients({ classId: "c", waitlistRank: null, waitingInClass: 2 })).toEqual([
      "learner",
      "next-on-waitlist",
    ]);
    expect(cancellationRecipients({ classId: "c", waitlistRank: 3, waitingInClass: 2 })).toEqual(["learner"]);
    expect(cancellationRecipients({ classId: "c", waitlistRank: null, waitingInClass: 0 })).toEqual([
      "learner",
    ]);
    expect(cancellationRecipients({ classId: null, waitlistRank: null, waitingInClass: 0 })).toEqual([
      "learner",
    ]);
  });
});
