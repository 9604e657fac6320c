// The bank-notification providers' posts read into one shape, their credentials judged, and the
// rules that decide what a transfer is (issue 31, ADR 050): the documented payloads, and
// generated cases for the rules every channel shares.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBankNotification, vietnamLocalTime } from "~/lib/bank-feed";
import { judgeHeaders, SIGNATURE_MAX_AGE_SECONDS, signatureValid } from "~/lib/bank-feed-auth.server";
import { referencesIn } from "~/lib/bank-statement";
import { enrollmentStages, stageRules } from "~/lib/enrollment-lifecycle";
import {
  type RecordedTransfer,
  referenceMatch,
  sameTransferAs,
  transferDecision,
} from "~/lib/transfer-match";
import { cassoBody, cassoHeaders, sepayBody, sepayHeaders } from "../support/fake-bank-provider";

const now = new Date("2026-12-02T07:00:00Z"); // 14:00 in Vietnam

describe("SePay's post", () => {
  it("reads the documented body: id, account, direction, amount, note, and the bank's time as Vietnam time", () => {
    const body = JSON.parse(
      sepayBody({
        id: 92704,
        content: "HOCPHI LH7K2Q9X",
        amount: 2_277_000,
        transactionDate: "2023-03-25 14:02:37",
      }),
    );
    expect(readBankNotification("sepay", body, now)).toEqual({
      ok: true,
      transfers: [
        {
          transactionId: "92704",
          accountNumber: "0123456789",
          direction: "in",
          amount: 2_277_000,
          content: "HOCPHI LH7K2Q9X",
          transferredAt: "2023-03-25T07:02:37.000Z",
          paidOn: "2023-03-25",
        },
      ],
    });
  });

  it("takes the note from `description` when a bank leaves `content` empty, and today when the time is unreadable", () => {
    const body = {
      ...JSON.parse(sepayBody({ id: 1, content: "", amount: 5 })),
      description: "LH7K2Q9X",
      transactionDate: "31/02/2026",
    };
    const read = readBankNotification("sepay", body, now);
    expect(read.ok && read.transfers[0]).toMatchObject({
      content: "LH7K2Q9X",
      transferredAt: null,
      paidOn: "2026-12-02",
    });
  });

  it("refuses what is not SePay's shape: no id, an unknown direction, a fractional or negative amount", () => {
    const good = JSON.parse(sepayBody({ id: 7, content: "x", amount: 100 }));
    for (const bad of [
      { ...good, id: undefined },
      { ...good, transferType: "sideways" },
      { ...good, transferAmount: 10.5 },
      { ...good, transferAmount: -3 },
      { ...good, transferAmount: "100" },
      [],
      null,
    ])
      expect(readBankNotification("sepay", bad, now)).toEqual({ ok: false });
  });
});

describe("Casso's post", () => {
  it("reads every transaction of the batch; a negative amount is money going out", () => {
    const body = JSON.parse(
      cassoBody([
        { id: 11, content: "lh7k 2q9x hoc phi", amount: 1_500_000, transactionDate: "2026-12-01 21:30:00" },
        {
          id: 12,
          content: "rut tien",
          amount: 200_000,
          direction: "out",
          transactionDate: "2026-12-02 08:00:00",
        },
      ]),
    );
    const read = readBankNotification("casso", body, now);
    expect(
      read.ok &&
        read.transfers.map(({ transactionId, direction, amount, paidOn }) => [
          transactionId,
          direction,
          amount,
          paidOn,
        ]),
    ).toEqual([
      ["11", "in", 1_500_000, "2026-12-01"],
      ["12", "out", 200_000, "2026-12-02"],
    ]);
  });

  it("refuses an error envelope and a body without its data", () => {
    expect(readBankNotification("casso", { error: 1, data: [] }, now)).toEqual({ ok: false });
    expect(readBankNotification("casso", { error: 0 }, now)).toEqual({ ok: false });
  });
});

describe("Vietnam's local time", () => {
  it("is +07:00 all year and refuses days that do not exist", () => {
    expect(vietnamLocalTime("2026-12-31 23:59:59")).toEqual({
      at: "2026-12-31T16:59:59.000Z",
      day: "2026-12-31",
    });
    expect(vietnamLocalTime("2026-02-30 10:00:00")).toBeNull();
    expect(vietnamLocalTime("yesterday")).toBeNull();
  });
});

describe("credentials", () => {
  const apiKey = { provider: "sepay", auth: "apikey", secret: "k3y-of-twenty-four-chars" } as const;
  const hmac = { provider: "sepay", auth: "hmac", secret: "a-signing-secret-of-sepay" } as const;
  const casso = { provider: "casso", auth: "apikey", secret: "casso-security-key" } as const;
  const headers = (values: Record<string, string>) => new Headers(values);
  const body = sepayBody({ id: 1, content: "LH7K2Q9X", amount: 100 });
  const bytes = new TextEncoder().encode(body);

  it("accepts SePay's `Authorization: Apikey <key>` and Casso's `secure-token`, and nothing close to them", () => {
    expect(judgeHeaders(apiKey, headers(sepayHeaders(body, { apiKey: apiKey.secret })))).toBe("accepted");
    expect(judgeHeaders(apiKey, headers({ Authorization: `apikey ${apiKey.secret}` }))).toBe("accepted");
    for (const value of [`Bearer ${apiKey.secret}`, `Apikey ${apiKey.secret}x`, "Apikey ", ""])
      expect(judgeHeaders(apiKey, headers({ Authorization: value }))).toBe("refused");
    expect(judgeHeaders(casso, headers(cassoHeaders(casso.secret)))).toBe("accepted");
    expect(judgeHeaders(casso, headers(cassoHeaders("casso-security-kez")))).toBe("refused");
  });

  it("checks SePay's signature over the timestamp and the raw body, within five minutes", () => {
    const signed = headers(sepayHeaders(body, { hmacSecret: hmac.secret }));
    expect(judgeHeaders(hmac, signed)).toBe("check-signature");
    expect(signatureValid(hmac, signed, bytes)).toBe(true);
    expect(signatureValid({ ...hmac, secret: "another-secret-entirely" }, signed, bytes)).toBe(false);
    const old = Math.floor(Date.now() / 1000) - SIGNATURE_MAX_AGE_SECONDS - 5;
    expect(judgeHeaders(hmac, headers(sepayHeaders(body, { hmacSecret: hmac.secret, timestamp: old })))).toBe(
      "refused",
    );
    expect(judgeHeaders(hmac, headers({ "X-SePay-Signature": "sha256=00" }))).toBe("refused");
  });

  it("refuses a body changed by a single byte after it was signed", () => {
    fc.assert(
      fc.property(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, delta) => {
        const signed = headers(sepayHeaders(body, { hmacSecret: hmac.secret }));
        const changed = Uint8Array.from(bytes);
        changed[at] = (changed[at]! + delta) % 256;
        return !signatureValid(hmac, signed, changed);
      }),
    );
  });
});

describe("what a transfer is", () => {
  it("finds the reference however the bank rewrote the note (case, spaces, dashes, dots, glued prefix)", () => {
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ".split("");
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...alphabet), { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom("", " ", "-", ".", "  "), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        fc.constantFrom("", "HOCPHI", "HOCPHI ", "MBVCB.1234.NGUYEN VAN A chuyen "),
        (letters, gaps, lower, prefix) => {
          const reference = `LH${letters.join("")}`;
          let written = [...reference].map((char, i) => `${gaps[i]}${char}`).join("");
          if (lower) written = written.toLowerCase();
          return referencesIn(`${prefix}${written}`).includes(reference);
        },
      ),
    );
  });

  it("names exactly one enrolment, or why not", () => {
    expect(referenceMatch(0, 0)).toBe("no-reference");
    expect(referenceMatch(1, 0)).toBe("unknown-reference");
    expect(referenceMatch(2, 2)).toBe("several-references");
    expect(referenceMatch(2, 1)).toBe("one");
  });

  it("is recorded by itself only for a stage that owes the fee and an amount up to what is still owed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...enrollmentStages),
        fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (stage, due, received, amount) => {
          const decision = transferDecision({ stage, due, received, amount });
          if (decision !== "record") return true;
          return stageRules[stage].owes && due !== null && amount <= due - received;
        },
      ),
    );
    expect(transferDecision({ stage: "seat", due: 3_000_000, received: 1_000_000, amount: 2_000_000 })).toBe(
      "record",
    );
    expect(transferDecision({ stage: "seat", due: 3_000_000, received: 1_000_000, amount: 2_000_001 })).toBe(
      "overpaid",
    );
    expect(transferDecision({ stage: "waitlisted", due: 3_000_000, received: 0, amount: 1 })).toBe(
      "not-owed",
    );
    expect(transferDecision({ stage: "cancelled", due: 3_000_000, received: 0, amount: 1 })).toBe("not-owed");
    expect(transferDecision({ stage: "paid", due: 3_000_000, received: 3_000_000, amount: 1 })).toBe(
      "already-paid",
    );
    expect(transferDecision({ stage: "offered", due: null, received: 0, amount: 1 })).toBe("no-fee");
  });

  it("pairs a transfer seen by both channels one to one: same amount, days at most one apart, each payment claimed once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.constantFrom(-1, 0, 1), (count, shift) => {
        let recorded: RecordedTransfer[] = Array.from({ length: count }, (_, i) => ({
          id: `n${i}`,
          amount: 1_000_000,
          paidOn: "2026-11-15",
          method: "transfer",
          statementLine: null,
          bankNotificationId: `notification-${i}`,
        }));
        const day = `2026-11-${15 + shift}`;
        const claimed = new Set<string>();
        for (let line = 0; line < count; line++) {
          const same = sameTransferAs(recorded, { amount: 1_000_000, paidOn: day, channel: "statement" });
          if (!same || claimed.has(same.id)) return false;
          claimed.add(same.id);
          recorded = recorded.map((p) => (p.id === same.id ? { ...p, statementLine: `line ${line}` } : p));
        }
        // One more line of the same amount is a new transfer.
        return (
          sameTransferAs(recorded, { amount: 1_000_000, paidOn: day, channel: "statement" }) === undefined
        );
      }),
    );
    const notified: RecordedTransfer = {
      id: "p",
      amount: 500_000,
      paidOn: "2026-11-30",
      method: "transfer",
      statementLine: null,
      bankNotificationId: "n",
    };
    expect(
      sameTransferAs([notified], { amount: 500_000, paidOn: "2026-12-02", channel: "statement" }),
    ).toBeUndefined();
    expect(
      sameTransferAs([notified], { amount: 500_001, paidOn: "2026-11-30", channel: "statement" }),
    ).toBeUndefined();
    expect(
      sameTransferAs([notified], { amount: 500_000, paidOn: "2026-11-30", channel: "notification" }),
    ).toBeUndefined();
    expect(
      sameTransferAs([{ ...notified, method: "cash" }], {
        amount: 500_000,
        paidOn: "2026-11-30",
        channel: "statement",
      }),
    ).toBeUndefined();
  });
});
