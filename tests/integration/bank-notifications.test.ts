// POST /api/bank-notifications/<provider> through its real route handler against PostgreSQL
// (issue 31, ADR 050): a fake provider posts SePay's and Casso's documented bodies, signed by the
// test; each outcome, exactly once whatever the provider repeats, refusals that write nothing,
// and one transfer seen by both the notification and the statement import paid once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { bankNotifications, emailOutbox, enrollments, paymentSettings, payments } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { saveBankFeed } from "~/models/bank-feed.server";
import { importStatement, previewStatement } from "~/models/bank-statement.server";
import { erasePerson } from "~/models/person-erasure.server";
import { deleteExpiredRecords } from "~/models/retention.server";
import { BANK_NOTIFICATION_LIMIT } from "~/requests/bank-notification.server";
import { action } from "~/routes/api/bank-notifications";
import {
  cassoRequest,
  type FakeTransfer,
  type SepayAuth,
  sepayBody,
  sepayHeaders,
  sepayRequest,
} from "../support/fake-bank-provider";
import { SCHOOL_ACCOUNT, schoolTakingTransfers } from "../support/school-taking-transfers";
import { createTestDatabase } from "../support/test-database";

const BASE = "http://localhost";
const _ACCOUNT = SCHOOL_ACCOUNT;
const API_KEY = "sepay-test-key-0123456789";
const HMAC_SECRET = "sepay-hmac-secret-abcdef";
const CASSO_TOKEN = "casso-secure-token-xyz";
const FEE = 3_000_000;
const today = calendarDayInVietnam();
const columns = { date: "Ngày", amount: "Số tiền", description: "Mô tả" };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let config: AppLoadContext["config"];
let courseId: string;
let ipCounter = 0;
let transactionCounter = 1_000;
const nextId = () => ++transactionCounter;

/** The route as the provider reaches it; each post from its own address unless told. */
function post(request: Request, options: { config?: AppLoadContext["config"]; ip?: string } = {}) {
  const provider = new URL(request.url).pathname.split("/").pop()!;
  return action({
    request,
    context: {
      db: database.db,
      config: options.config ?? config,
      clientIp: options.ip ?? `10.1.0.${++ipCounter}`,
    },
    params: { provider },
  } as unknown as Parameters<typeof action>[0]);
}
const sepay = (transfer: FakeTransfer, auth: SepayAuth = { apiKey: API_KEY }) =>
  post(sepayRequest(BASE, transfer, auth));

async function enrol(name: string, extra: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enrollments)
    .values({
      fullName: name,
      phone: "0912345678",
      email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`,
      course: "b1",
      courseId,
      paymentAmount: FEE,
      schedule: "evening",
      language: "de",
      ...extra,
    })
    .returning({ id: enrollments.id, reference: enrollments.paymentReference });
  return row!;
}
const enrollment = async (id: string) =>
  (await database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
const paymentsOf = (id: string) => database.db.select().from(payments).where(eq(payments.enrollmentId, id));
const notification = async (transactionId: number, provider = "sepay") =>
  database.db
    .select()
    .from(bankNotifications)
    .where(eq(bankNotifications.transactionId, String(transactionId)))
    .then((rows) => rows.filter((row) => row.provider === provider));
const receiptsTo = (to: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .then((rows) => rows.filter((row) => row.kind === "payment-receipt"));
async function rowCounts() {
  const [n] = await database.db.select({ n: count() }).from(bankNotifications);
  const [p] = await database.db.select({ n: count() }).from(payments);
  const [m] = await database.db.select({ n: count() }).from(emailOutbox);
  return { notifications: n!.n, payments: p!.n, mails: m!.n };
}
const refusedCounter = async () =>
  (await database.db.select({ n: paymentSettings.bankFeedRefused }).from(paymentSettings))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  courseId = await schoolTakingTransfers(database.db, FEE);
  config = {
    ...parseConfig({ DATA_DIR: "/nonexistent" }),
    authSecret: "s".repeat(32),
    SEPAY_API_KEY: API_KEY,
  };
});

describe("a SePay notification that names an enrolment", () => {
  it("pays the fee in full: one payment, the enrolment paid, a receipt in the learner's language, SePay's answer", async () => {
    const { id, reference } = await enrol("Voll Per Bank");
    const transactionId = nextId();
    const response = await sepay({ id: transactionId, content: `HOCPHI ${reference}`, amount: FEE });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await enrollment(id)).paymentStatus).toBe("paid");
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ amount: FEE, method: "transfer", recordedById: null, paidOn: today });
    const [stored] = await notification(transactionId);
    expect(stored).toMatchObject({ outcome: "paid", enrollmentId: id, reason: null, amount: FEE });
    expect(payment!.bankNotificationId).toBe(stored!.id);
    const [receipt] = await receiptsTo("vollperbank@example.com");
    expect(receipt!.subject).toBe(`Zahlungsquittung – ${reference}`);
    expect(receipt!.text).toContain("3.000.000đ");
  });

  it("keeps a partial payment pending, the receipt saying what is still due; the rest then pays it", async () => {
    const { id, reference } = await enrol("Teil Per Bank");
    // The bank rewrote the note: lower case, a dash, the prefix glued on.
    const note = `hocphi${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}`;
    expect((await sepay({ id: nextId(), content: note, amount: 1_000_000 })).status).toBe(200);
    expect((await enrollment(id)).paymentStatus).toBe("pending");
    const [first] = await receiptsTo("teilperbank@example.com");
    expect(first!.text).toContain("2.000.000đ"); // still due
    expect((await sepay({ id: nextId(), content: note, amount: 2_000_000 })).status).toBe(200);
    expect((await enrollment(id)).paymentStatus).toBe("paid");
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual([1_000_000, 2_000_000]);
  });

  it("puts more than is owed in the unmatched list: nothing recorded", async () => {
    const { id, reference } = await enrol("Zu Viel");
    const transactionId = nextId();
    expect((await sepay({ id: transactionId, content: reference, amount: FEE + 1 })).status).toBe(200);
    expect(await paymentsOf(id)).toEqual([]);
    expect((await notification(transactionId))[0]).toMatchObject({
      outcome: "unmatched",
      reason: "overpaid",
      enrollmentId: id,
    });
  });

  it("puts a transfer for a waitlisted or cancelled enrolment in the unmatched list (the lifecycle: nothing owed)", async () => {
    const waitlisted = await enrol("Warte Liste", { waitlistRank: 1 });
    const cancelled = await enrol("Ab Gesagt", { status: "cancelled" });
    for (const { id, reference } of [waitlisted, cancelled]) {
      const transactionId = nextId();
      expect((await sepay({ id: transactionId, content: reference, amount: FEE })).status).toBe(200);
      expect(await paymentsOf(id)).toEqual([]);
      expect((await notification(transactionId))[0]).toMatchObject({
        outcome: "unmatched",
        reason: "not-owed",
      });
    }
  });
});

describe("a notification that names no enrolment, or is no payment", () => {
  it("lists no reference, an unknown reference and several references as unmatched; money going out and other accounts as ignored", async () => {
    const a = await enrol("Erste Person");
    const b = await enrol("Zweite Person");
    const cases: [FakeTransfer, string, string][] = [
      [{ id: nextId(), content: "chuyen tien hoc", amount: 500_000 }, "unmatched", "no-reference"],
      [{ id: nextId(), content: "HOCPHI LH2222222", amount: 500_000 }, "unmatched", "unknown-reference"],
      [
        { id: nextId(), content: `${a.reference} ${b.reference}`, amount: 500_000 },
        "unmatched",
        "several-references",
      ],
      [{ id: nextId(), content: a.reference, amount: 500_000, direction: "out" }, "ignored", "outgoing"],
      [
        { id: nextId(), content: a.reference, amount: 500_000, accountNumber: "9999999999" },
        "ignored",
        "other-account",
      ],
    ];
    const before = await rowCounts();
    for (const [transfer, outcome, reason] of cases) {
      const response = await sepay(transfer);
      expect(response.status).toBe(200);
      expect((await notification(transfer.id))[0]).toMatchObject({ outcome, reason });
    }
    const after = await rowCounts();
    expect(after.notifications - before.notifications).toBe(cases.length);
    expect(after.payments).toBe(before.payments);
    expect(await paymentsOf(a.id)).toEqual([]);
  });
});

describe("exactly once", () => {
  it("answers every repeat of a transfer with success and records it once — one after another and three at once", async () => {
    const { id, reference } = await enrol("Drei Mal");
    const transfer = { id: nextId(), content: reference, amount: 1_000_000 };
    for (let i = 0; i < 3; i++) expect((await sepay(transfer)).status).toBe(200);
    const concurrent = { id: nextId(), content: reference, amount: 500_000 };
    const answers = await Promise.all([sepay(concurrent), sepay(concurrent), sepay(concurrent)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ success: true });
    }
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual([1_000_000, 500_000]);
    expect(await notification(transfer.id)).toHaveLength(1);
    expect(await notification(concurrent.id)).toHaveLength(1);
    expect(await receiptsTo("dreimal@example.com")).toHaveLength(2);
  });

  it("pays once when two different transfers for the whole fee arrive at once; the other waits as money that came twice", async () => {
    const { id, reference } = await enrol("Zwei Zugleich");
    const [one, two] = [nextId(), nextId()];
    const answers = await Promise.all([
      sepay({ id: one, content: reference, amount: FEE }),
      sepay({ id: two, content: reference, amount: FEE }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await enrollment(id)).paymentStatus).toBe("paid");
    const outcomes = [...(await notification(one)), ...(await notification(two))].map((row) => [
      row.outcome,
      row.reason,
    ]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        ["paid", null],
        ["unmatched", "already-paid"],
      ]),
    );
  });
});

describe("refusals", () => {
  it("refuses a wrong API key and a wrong signature with 401, counts them for Settings, and writes nothing else", async () => {
    const { id, reference } = await enrol("Falscher Schluessel");
    const before = await rowCounts();
    const refusedBefore = await refusedCounter();
    expect(
      (await sepay({ id: nextId(), content: reference, amount: FEE }, { apiKey: "not-the-key-0123456789" }))
        .status,
    ).toBe(401);
    const hmacConfig = { ...config, SEPAY_API_KEY: undefined };
    await saveBankFeed(database.db, hmacConfig, {
      provider: "sepay",
      auth: "hmac",
      secret: HMAC_SECRET,
      account: "",
    });
    const transfer = { id: nextId(), content: reference, amount: FEE };
    const wrongSecret = await post(sepayRequest(BASE, transfer, { hmacSecret: "another-secret-123456" }), {
      config: hmacConfig,
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({ success: false, message: "Thông tin xác thực không đúng." });
    const stale = Math.floor(Date.now() / 1000) - 600;
    expect(
      (
        await post(sepayRequest(BASE, transfer, { hmacSecret: HMAC_SECRET, timestamp: stale }), {
          config: hmacConfig,
        })
      ).status,
    ).toBe(401);
    // Signed, then changed on the way: another amount.
    const body = sepayBody(transfer);
    const tampered = new Request(`${BASE}/api/bank-notifications/sepay`, {
      method: "POST",
      headers: sepayHeaders(body, { hmacSecret: HMAC_SECRET }),
      body: body.replace(`"transferAmount":${FEE}`, `"transferAmount":${FEE * 10}`),
    });
    expect((await post(tampered, { config: hmacConfig })).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
    expect(await paymentsOf(id)).toEqual([]);
    expect(await refusedCounter()).toBe(refusedBefore + 4);
    // The right signature is accepted.
    expect(
      (await post(sepayRequest(BASE, transfer, { hmacSecret: HMAC_SECRET }), { config: hmacConfig })).status,
    ).toBe(200);
    expect((await enrollment(id)).paymentStatus).toBe("paid");
  });

  it("answers a provider that is off or unknown with 404, other methods with 405, and bad bodies with clear 4xx in the asked language", async () => {
    const off = { ...config, SEPAY_API_KEY: undefined };
    await saveBankFeed(database.db, off, { provider: "", auth: "apikey", secret: "", account: "" });
    expect(
      (
        await post(sepayRequest(BASE, { id: nextId(), content: "x", amount: 1 }, { apiKey: API_KEY }), {
          config: off,
        })
      ).status,
    ).toBe(404);
    expect(
      (await post(new Request(`${BASE}/api/bank-notifications/momo`, { method: "POST", body: "{}" }))).status,
    ).toBe(404);
    const get = await action({
      request: new Request(`${BASE}/api/bank-notifications/sepay`),
      context: { db: database.db, config, clientIp: "10.9.9.9" },
      params: { provider: "sepay" },
    } as unknown as Parameters<typeof action>[0]);
    expect(get.status).toBe(405);
    const headers = { Authorization: `Apikey ${API_KEY}`, "Accept-Language": "de" };
    const send = (body: string, type = "application/json") =>
      post(
        new Request(`${BASE}/api/bank-notifications/sepay`, {
          method: "POST",
          headers: { ...headers, "Content-Type": type },
          body,
        }),
      );
    const before = await rowCounts();
    const notJson = await send("{", "application/json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, message: "Der Inhalt ist kein gültiges JSON." });
    expect((await send("id=1", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await send(JSON.stringify({ id: 1, transferType: "in" }))).status).toBe(400);
    expect((await send(`{"id":1,"content":"${"x".repeat(70_000)}"}`)).status).toBe(413);
    expect(await rowCounts()).toEqual(before);
  });

  it("stops an address that keeps posting, before it costs more than a lookup", async () => {
    const ip = "10.7.7.7";
    const answers: number[] = [];
    for (let i = 0; i <= BANK_NOTIFICATION_LIMIT.limit; i++)
      answers.push(
        (
          await post(
            sepayRequest(BASE, { id: 1, content: "x", amount: 1 }, { apiKey: "wrong-wrong-wrong-wrong" }),
            { ip },
          )
        ).status,
      );
    expect(answers.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe("Casso", () => {
  it("reads a batch with its secure-token: money in matched, money out ignored; a wrong token refused", async () => {
    const casso = { ...config, SEPAY_API_KEY: undefined };
    await saveBankFeed(database.db, casso, {
      provider: "casso",
      auth: "apikey",
      secret: CASSO_TOKEN,
      account: "",
    });
    const { id, reference } = await enrol("Casso Lernende");
    const [inId, outId] = [nextId(), nextId()];
    const batch = [
      { id: inId, content: `${reference} hoc phi`, amount: FEE },
      { id: outId, content: "phi dich vu", amount: 11_000, direction: "out" as const },
    ];
    expect((await post(cassoRequest(BASE, batch, "wrong-casso-token-0000"), { config: casso })).status).toBe(
      401,
    );
    expect(await paymentsOf(id)).toEqual([]);
    const response = await post(cassoRequest(BASE, batch, CASSO_TOKEN), { config: casso });
    expect(response.status).toBe(200);
    expect((await enrollment(id)).paymentStatus).toBe("paid");
    expect((await notification(inId, "casso"))[0]).toMatchObject({ outcome: "paid" });
    expect((await notification(outId, "casso"))[0]).toMatchObject({ outcome: "ignored", reason: "outgoing" });
    // Casso sends the batch again: nothing new.
    expect((await post(cassoRequest(BASE, batch, CASSO_TOKEN), { config: casso })).status).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
  });
});

describe("one transfer, two channels", () => {
  const statement = (lines: [string, number, string][]) =>
    [
      `${columns.date};${columns.amount};${columns.description}`,
      ...lines.map(([day, amount, note]) => `${day};${amount};${note}`),
    ].join("\n");
  const dmy = (day: string) => day.split("-").reverse().join("/");

  it("imports a statement after the notification without paying the same transfer again", async () => {
    const { id, reference } = await enrol("Erst Benachrichtigt");
    expect((await sepay({ id: nextId(), content: reference, amount: 1_000_000 })).status).toBe(200);
    // The statement has that transfer, and a second one of 2.000.000 the notification never saw.
    const text = statement([
      [dmy(today), 1_000_000, `HOCPHI ${reference}`],
      [dmy(today), 2_000_000, `HOCPHI ${reference} lan 2`],
    ]);
    const preview = await previewStatement(database.db, text, columns);
    expect(preview.stage === "preview" && preview.settled.map((line) => line.amount)).toEqual([1_000_000]);
    expect(preview.stage === "preview" && preview.matched.map((line) => line.amount)).toEqual([2_000_000]);
    const outcome = await importStatement(database.db, {
      text,
      columns,
      lines: [1, 2, 3],
      recordedById: await adminId(),
    });
    expect(outcome).toMatchObject({ paid: 1 });
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual([1_000_000, 2_000_000]);
    expect((await enrollment(id)).paymentStatus).toBe("paid");
  });

  it("settles a notification that arrives after the statement recorded its transfer: no second payment, the payment carries both", async () => {
    const { id, reference } = await enrol("Erst Kontoauszug");
    const text = statement([[dmy(today), 1_000_000, `HOCPHI ${reference}`]]);
    expect(
      await importStatement(database.db, { text, columns, lines: [2], recordedById: await adminId() }),
    ).toMatchObject({ partial: 1 });
    const transactionId = nextId();
    expect((await sepay({ id: transactionId, content: reference, amount: 1_000_000 })).status).toBe(200);
    const [stored] = await notification(transactionId);
    expect(stored).toMatchObject({ outcome: "settled", enrollmentId: id });
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      bankNotificationId: stored!.id,
      statementLine: expect.stringContaining(reference),
    });
    expect(await receiptsTo("erstkontoauszug@example.com")).toHaveLength(1);
  });
});

let admin: string | undefined;
async function adminId() {
  if (admin) return admin;
  const { user } = await import("~/db/schema");
  const [row] = await database.db
    .insert(user)
    .values({
      id: "bank-admin",
      name: "Kế toán",
      email: "ke.toan@lernhaus.test",
      emailVerified: true,
      role: "admin",
    })
    .returning({ id: user.id });
  admin = row!.id;
  return admin;
}

describe("privacy", () => {
  it("erases a person's bank notifications with their enrolment, and drops notifications after 24 months", async () => {
    const { id, reference } = await enrol("Loesch Mich", {
      email: "loesch.mich@example.com",
      phone: "0977000111",
    });
    const transactionId = nextId();
    expect(
      (await sepay({ id: transactionId, content: `NGUYEN LOESCH MICH ${reference}`, amount: FEE })).status,
    ).toBe(200);
    expect(await notification(transactionId)).toHaveLength(1);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erase-bank-"));
    await erasePerson(
      database.db,
      { email: "loesch.mich@example.com", phone: undefined },
      { dataDir, by: "admin" },
    );
    expect(await notification(transactionId)).toEqual([]);
    expect(await paymentsOf(id)).toEqual([]);

    const old = nextId();
    expect((await sepay({ id: old, content: "khong co ma", amount: 10_000 })).status).toBe(200);
    const inTwoYears = new Date(Date.now() + 24 * 31 * 86_400_000);
    expect((await deleteExpiredRecords(database.db, inTwoYears)).bankNotifications).toBeGreaterThan(0);
    expect(await notification(old)).toEqual([]);
  });
});
