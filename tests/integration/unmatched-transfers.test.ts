// Payments' unmatched transfers (issue 31, ADR 050) through the real route modules against
// PostgreSQL: the fake provider posts SePay's documented bodies to the webhook, what cannot be
// matched is listed on /admin/payments with its reason, and a consultant assigns a transfer to an
// enrolment by its reference (one payment, the receipt, the audit log naming them) or marks it
// handled with a note; a refusal writes nothing, and a teacher or editor may do neither.
import { and, count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, bankNotifications, emailOutbox, enrollments, payments } from "~/db/schema";
import { findUserByEmail } from "~/models/user.server";
import { action, loader } from "~/routes/admin/payments";
import { action as webhook } from "~/routes/api/bank-notifications";
import { UNMATCHED_PAGE_SIZE } from "~/schemas/bank-transfer";
import { createSessionFixture } from "../support/admin-session";
import { sepayRequest } from "../support/fake-bank-provider";
import { SCHOOL_ACCOUNT, schoolTakingTransfers } from "../support/school-taking-transfers";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3994";
const _ACCOUNT = SCHOOL_ACCOUNT;
const SEPAY_API_KEY = "k".repeat(24);
const FEE = 3_000_000;
const NO_ID = "7c1e4b8e-2f41-4c62-9a57-0d3b8f6e1a22";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let courseId: string;
let consultantId: string;
const cookies: Record<"consultant" | "teacher" | "editor", string> = {
  consultant: "",
  teacher: "",
  editor: "",
};
let transactionCounter = 5_000;
let ipCounter = 0;

/** A new enrolment in the B1 course (3.000.000đ), a German-speaking learner's. */
async function enrol(name: string, extra: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enrollments)
    .values({
      fullName: name,
      phone: "0912345678",
      email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`,
      course: "b1",
      courseId,
      schedule: "evening",
      language: "de",
      ...extra,
    })
    .returning({ id: enrollments.id, reference: enrollments.paymentReference, email: enrollments.email });
  return row!;
}

/** A transfer as SePay posts it to the webhook; answers the stored notification's id. */
async function notify(content: string, amount: number) {
  const transactionId = ++transactionCounter;
  const response = await webhook({
    request: sepayRequest(APP_URL, { id: transactionId, content, amount }, { apiKey: SEPAY_API_KEY }),
    context: { ...context, clientIp: `10.2.0.${++ipCounter}` },
    params: { provider: "sepay" },
  } as unknown as Parameters<typeof webhook>[0]);
  expect(response.status).toBe(200);
  const [stored] = await database.db
    .select({ id: bankNotifications.id, outcome: bankNotifications.outcome })
    .from(bankNotifications)
    .where(eq(bankNotifications.transactionId, String(transactionId)));
  expect(stored!.outcome).toBe("unmatched");
  return stored!.id;
}

type Who = keyof typeof cookies;

/** The payments page's loader as `who` sees it. */
async function openPage(who: Who = "consultant", search = "") {
  return loader({
    request: new Request(`${APP_URL}/admin/payments${search}`, { headers: { cookie: cookies[who] } }),
    context: { ...context },
    params: {},
  } as never);
}

type Answer = Response | { init: ResponseInit | null; data: { error?: Record<string, string[] | null> } };

/** The page's action, posted by `who` from the transfer's dialog; a thrown redirect or refusal is
 * the answer too. */
async function post(who: Who, form: Record<string, string>, dialog = "assign-transfer"): Promise<Answer> {
  const request = new Request(`${APP_URL}/admin/payments?dialog=edit&kind=${dialog}&id=${form.id ?? ""}`, {
    method: "POST",
    headers: { cookie: cookies[who], origin: APP_URL },
    body: new URLSearchParams(form),
  });
  return action({ request, context: { ...context }, params: {} } as never).then(
    (value) => value as Answer,
    (thrown: unknown) => thrown as Answer,
  );
}
const statusOf = (answer: Answer) =>
  answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
const errorsOf = (answer: Answer) => (answer instanceof Response ? undefined : answer.data.error);

const openIds = async () => (await openPage()).unmatched.rows.map((row) => row.id);
const notificationRow = async (id: string) =>
  (await database.db.select().from(bankNotifications).where(eq(bankNotifications.id, id)))[0]!;
const paymentsOf = (enrollmentId: string) =>
  database.db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId));
const paymentStatusOf = async (id: string) =>
  (await database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.paymentStatus;
const receiptsTo = (to: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "payment-receipt")));
const auditOf = (entityId: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "bank_notifications"), eq(auditLog.entityId, entityId)));
async function written() {
  const [p] = await database.db.select({ n: count() }).from(payments);
  const [m] = await database.db.select({ n: count() }).from(emailOutbox);
  const [a] = await database.db.select({ n: count() }).from(auditLog);
  return { payments: p!.n, mails: m!.n, audit: a!.n };
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The feed is on: SePay by the environment's key, for the school's payment account.
  courseId = await schoolTakingTransfers(database.db, FEE);
  const fixture = createSessionFixture(database.db, APP_URL);
  context = { ...fixture.context, config: { ...fixture.context.config, SEPAY_API_KEY } };
  cookies.consultant = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
  cookies.teacher = await fixture.cookieFor("giao.vien@lernhaus.test", "Giáo Viên", "teacher");
  cookies.editor = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
  consultantId = (await findUserByEmail(database.db, "tu.van@lernhaus.test"))!.id;
});

describe("the unmatched transfers on /admin/payments", () => {
  it("lists every transfer the webhook could not record, newest first, with its reason and enrolment", async () => {
    const a = await enrol("Erste Person");
    const b = await enrol("Zweite Person");
    const over = await enrol("Zu Viel");
    const paid = await enrol("Schon Bezahlt", { paymentStatus: "paid" });
    const cancelled = await enrol("Ab Gesagt", { status: "cancelled" });
    const expected: [string, string, string | null][] = [];
    const add = async (content: string, amount: number, reason: string, reference: string | null = null) =>
      expected.unshift([await notify(content, amount), reason, reference]);
    await add("CHUYEN TIEN HOC PHI", 500_000, "no-reference");
    await add("HOCPHI LHZZZZZZ", 500_000, "unknown-reference");
    await add(`HOCPHI ${a.reference} ${b.reference}`, 500_000, "several-references");
    await add(`HOCPHI ${over.reference}`, FEE + 1, "overpaid", over.reference);
    await add(`HOCPHI ${paid.reference}`, FEE, "already-paid", paid.reference);
    await add(`HOCPHI ${cancelled.reference}`, FEE, "not-owed", cancelled.reference);

    const page = await openPage();
    expect(page.unmatched.total).toBe(6);
    expect(page.unmatched.rows.map((row) => [row.id, row.reason, row.reference])).toEqual(expected);
    const overRow = page.unmatched.rows.find((row) => row.reason === "overpaid")!;
    expect(overRow).toMatchObject({
      amount: FEE + 1,
      fullName: "Zu Viel",
      content: `HOCPHI ${over.reference}`,
    });
    expect(page.transferDialog).toBeUndefined();

    // A row's dialog opens by its URL; an unknown transfer's is a stale link: no dialog.
    const opened = await openPage("consultant", `?dialog=edit&kind=assign-transfer&id=${overRow.id}`);
    expect(opened.transferDialog).toMatchObject({ kind: "assign-transfer", transfer: { id: overRow.id } });
    expect(
      (await openPage("consultant", `?dialog=edit&kind=handle-transfer&id=${NO_ID}`)).transferDialog,
    ).toBe(undefined);
  });

  it("pages the list: more than a page of transfers, the rest on the next", async () => {
    const before = (await openPage()).unmatched.total;
    const ids: string[] = [];
    for (let i = 0; i < UNMATCHED_PAGE_SIZE; i++) ids.push(await notify(`KHONG MA ${i}`, 100_000 + i));
    const first = await openPage();
    expect(first.unmatched.total).toBe(before + UNMATCHED_PAGE_SIZE);
    expect(first.unmatched.rows.map((row) => row.id)).toEqual([...ids].reverse());
    const second = await openPage("consultant", "?transfers=2");
    expect(second.unmatched.page).toBe(2);
    expect(second.unmatched.rows).toHaveLength(before);
    // Out of the way: the tests below look for their transfer on the first page.
    for (const id of ids)
      expect(
        statusOf(await post("consultant", { intent: "handle-transfer", id, note: "Thử" }, "handle-transfer")),
      ).toBe(302);
  });

  it("assigns a transfer by the enrolment's reference as typed: one payment, paid, the receipt in the learner's language, audited", async () => {
    const learner = await enrol("Nach Zuordnung");
    const id = await notify("CK tien hoc thang 12", FEE);
    const typed = `${learner.reference.slice(0, 4).toLowerCase()} ${learner.reference.slice(4, 6)}-${learner.reference.slice(6)}`;
    const done = await post("consultant", { intent: "assign-transfer", id, reference: typed });
    expect(statusOf(done)).toBe(302);
    expect((done as Response).headers.get("Location")).toBe(
      `/admin/payments?done=assigned&reference=${learner.reference}`,
    );

    const [payment, ...more] = await paymentsOf(learner.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      amount: FEE,
      method: "transfer",
      bankNotificationId: id,
      recordedById: consultantId,
    });
    expect(await paymentStatusOf(learner.id)).toBe("paid");
    const [receipt, ...moreMails] = await receiptsTo(learner.email);
    expect(moreMails).toEqual([]);
    expect(receipt!.subject).toBe(`Zahlungsquittung – ${learner.reference}`);
    expect(await notificationRow(id)).toMatchObject({
      outcome: "unmatched",
      resolution: "assigned",
      enrollmentId: learner.id,
      resolvedById: consultantId,
    });
    expect(await openIds()).not.toContain(id);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: consultantId,
      actorEmail: "tu.van@lernhaus.test",
      action: "update",
    });
    expect(audit[0]!.changedFields).toEqual(
      expect.arrayContaining(["enrollment_id", "resolution", "resolved_at", "resolved_by_id"]),
    );

    // Assigned once: again is a 409 and writes nothing.
    const before = await written();
    const again = await post("consultant", { intent: "assign-transfer", id, reference: learner.reference });
    expect(statusOf(again)).toBe(409);
    expect(errorsOf(again)?.[""]).toEqual(["admin-payments:unmatched.errors.resolvedAlready"]);
    expect(await written()).toEqual(before);
  });

  it("refuses an unknown reference (400, on the field), a malformed one by the schema, and an amount too large, writing nothing", async () => {
    const id = await notify("tien hoc", 1_500_000);
    const before = await written();
    const unknown = await post("consultant", { intent: "assign-transfer", id, reference: "LHZZZZZZ" });
    expect(statusOf(unknown)).toBe(400);
    expect(errorsOf(unknown)?.reference).toEqual(["admin-payments:unmatched.errors.unknownReference"]);
    const malformed = await post("consultant", { intent: "assign-transfer", id, reference: "HOCPHI 123" });
    expect(statusOf(malformed)).toBe(400);
    expect(errorsOf(malformed)?.reference).toEqual(["admin-payments:unmatched.validation.reference"]);
    const empty = await post("consultant", { intent: "assign-transfer", id, reference: "  " });
    expect(errorsOf(empty)?.reference).toEqual(["validation.required"]);
    expect(
      statusOf(await post("consultant", { intent: "assign-transfer", id: "x", reference: "LHZZZZZZ" })),
    ).toBe(400);
    expect(await written()).toEqual(before);
    expect(await notificationRow(id)).toMatchObject({ resolution: null, enrollmentId: null });
    expect(await openIds()).toContain(id);

    // An amount no payment row holds: on the reference too, whatever the enrolment.
    const learner = await enrol("Zu Gross");
    const huge = await notify("tien hoc", 2_000_000_001);
    const tooLarge = await post("consultant", {
      intent: "assign-transfer",
      id: huge,
      reference: learner.reference,
    });
    expect(statusOf(tooLarge)).toBe(400);
    expect(errorsOf(tooLarge)?.reference).toEqual(["admin-payments:unmatched.errors.tooLarge"]);
    expect(await paymentsOf(learner.id)).toEqual([]);
  });

  it("refuses a paid enrolment with 409 and what to do instead, and a transfer that does not exist with 404", async () => {
    const paid = await enrol("Voll Bezahlt", { paymentStatus: "paid" });
    const refunded = await enrol("Schon Erstattet", { paymentStatus: "refunded" });
    const id = await notify(`HOCPHI ${paid.reference}`, FEE);
    const before = await written();
    const twice = await post("consultant", { intent: "assign-transfer", id, reference: paid.reference });
    expect(statusOf(twice)).toBe(409);
    expect(errorsOf(twice)?.[""]).toEqual(["admin-payments:unmatched.errors.alreadyPaid"]);
    const back = await post("consultant", { intent: "assign-transfer", id, reference: refunded.reference });
    expect(statusOf(back)).toBe(409);
    expect(errorsOf(back)?.[""]).toEqual(["admin-payments:unmatched.errors.refunded"]);
    const gone = await post("consultant", {
      intent: "assign-transfer",
      id: NO_ID,
      reference: paid.reference,
    });
    expect(statusOf(gone)).toBe(404);
    expect(errorsOf(gone)?.[""]).toEqual(["admin-payments:unmatched.errors.notFound"]);
    expect(await written()).toEqual(before);
    expect(await openIds()).toContain(id);
  });

  it("marks a transfer handled with its note: it leaves the list, audited; the note is required", async () => {
    const id = await notify("chuyen nham", 200_000);
    const handle = (note: string) =>
      post("consultant", { intent: "handle-transfer", id, note }, "handle-transfer");
    const missing = await handle("   ");
    expect(statusOf(missing)).toBe(400);
    expect(errorsOf(missing)?.note).toEqual(["validation.required"]);
    expect(statusOf(await handle("x".repeat(501)))).toBe(400);
    expect(await auditOf(id)).toEqual([]);

    const done = await handle("  Đã hoàn tiền cho người chuyển  ");
    expect(statusOf(done)).toBe(302);
    expect((done as Response).headers.get("Location")).toBe("/admin/payments?done=handled");
    expect(await notificationRow(id)).toMatchObject({
      resolution: "handled",
      resolutionNote: "Đã hoàn tiền cho người chuyển",
      resolvedById: consultantId,
      enrollmentId: null,
    });
    expect(await openIds()).not.toContain(id);
    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.actorId, entry.action])).toEqual([[consultantId, "update"]]);

    // Handled once: again, or assigning it now, is a 409.
    expect(statusOf(await handle("noch einmal"))).toBe(409);
    const learner = await enrol("Zu Spaet");
    expect(
      statusOf(await post("consultant", { intent: "assign-transfer", id, reference: learner.reference })),
    ).toBe(409);
    expect(await paymentsOf(learner.id)).toEqual([]);
  });

  it("refuses both to a teacher and an editor with 403, writing nothing", async () => {
    const learner = await enrol("Nicht Erlaubt");
    const id = await notify("khong co ma", FEE);
    const before = await written();
    for (const who of ["teacher", "editor"] as const) {
      const assign = await post(who, { intent: "assign-transfer", id, reference: learner.reference });
      expect(statusOf(assign), `${who} assigning`).toBe(403);
      const handle = await post(who, { intent: "handle-transfer", id, note: "x" }, "handle-transfer");
      expect(statusOf(handle), `${who} handling`).toBe(403);
    }
    expect(await written()).toEqual(before);
    expect(await notificationRow(id)).toMatchObject({ resolution: null });
  });
});
