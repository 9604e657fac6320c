// Settings › Thanh toán (ADR 028) through the real /admin/settings route module: who may save,
// what the form refuses and how it stores what it takes; then the fee an enrolment owes (the
// first-course discount, decided by the address's earlier enrolments), and the transfer details
// in the JSON API's answer and in the confirmation mail, whose QR code decodes to the payload.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLearnerCourses } from "~/auth/learner-profile.server";
import type { SessionUser } from "~/auth/session.server";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { getPaymentSettings, paymentEnabled, updatePaymentSettings } from "~/models/payment-settings.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { createSessionFixture } from "../support/admin-session";
import { formTicketCookie } from "../support/form-ticket";
import { decodeQrPng } from "../support/qr-decode";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];
let adminCookie: string;
let userCookie: string;
let b1: { id: string; price: number };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
  const fixture = createSessionFixture(database.db, APP_URL);
  context = fixture.context;
  adminCookie = await fixture.cookieFor("thu.quy@lernhaus.test", "Thủ Quỹ", "admin");
  userCookie = await fixture.cookieFor("hoc.vien@lernhaus.test", "Học Viên", "user");
  const [course] = await database.db
    .select({ id: courses.id, price: courses.price })
    .from(courses)
    .where(eq(courses.level, "B1"))
    .limit(1);
  b1 = course!;
});

afterAll(async () => {
  await bus?.close();
});

async function save(form: Record<string, string>, cookie = adminCookie) {
  const body = new FormData();
  body.append("intent", "save-payment");
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/settings?tab=payment`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  const result = await settingsAction({ request, context: { ...context }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
  const status =
    result instanceof Response ? result.status : (result as { init?: { status?: number } })?.init?.status;
  const errors = (result as { data?: { error?: Record<string, string[]> } })?.data?.error;
  return { status, errors };
}

const valid = {
  bankBin: "970436",
  accountNumber: "0011 0012.34567",
  accountHolder: "  Trường Đức Ngữ   Lernhaus ",
  transferPrefix: "học phí",
  firstCourseDiscount: "on",
};

describe("payment settings", () => {
  it("are refused to a signed-in learner and to nobody at all", async () => {
    expect((await save(valid, userCookie)).status).toBe(403);
    expect((await save(valid, "")).status).toBe(403);
    expect(paymentEnabled(await getPaymentSettings(database.db))).toBe(false);
  });

  it("refuse an unknown bank, an account with letters, a holder or prefix banks cannot carry", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ bankBin: "123456" }, "bankBin", "validation.invalidChoice"],
      [{ accountNumber: "12AB5678" }, "accountNumber", "payment:settings.errors.account"],
      [{ accountNumber: "12345" }, "accountNumber", "payment:settings.errors.account"],
      [{ accountNumber: "1".repeat(20) }, "accountNumber", "payment:settings.errors.account"],
      [{ accountHolder: "LERNHAUS & CO" }, "accountHolder", "payment:settings.errors.holder"],
      [{ accountHolder: "A".repeat(51) }, "accountHolder", "validation.tooLong"],
      [{ transferPrefix: "HP/2026" }, "transferPrefix", "payment:settings.errors.prefix"],
      [{ transferPrefix: "A".repeat(17) }, "transferPrefix", "validation.tooLong"],
      [{ accountHolder: "" }, "accountHolder", "validation.required"],
      [{ bankBin: "" }, "bankBin", "validation.required"],
    ];
    for (const [change, field, message] of cases) {
      const { status, errors } = await save({ ...valid, ...change });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(errors?.[field], JSON.stringify(change)).toContain(message);
    }
    expect(paymentEnabled(await getPaymentSettings(database.db))).toBe(false);
  });

  it("store the account's digits and the holder and prefix as banks write them, and tell the public pages", async () => {
    topics.length = 0;
    const { status } = await save(valid);
    expect(status).toBe(302);
    expect(await getPaymentSettings(database.db)).toEqual({
      bankBin: "970436",
      accountNumber: "0011001234567",
      accountHolder: "TRUONG DUC NGU LERNHAUS",
      transferPrefix: "HOC PHI",
      firstCourseDiscount: true,
    });
    await expect.poll(() => topics).toContain("contacts");
    const request = new Request(`${APP_URL}/admin/settings?tab=payment`, {
      headers: { cookie: adminCookie },
    });
    const page = (await settingsLoader({ request, context, params: {} } as never)) as unknown as {
      payment: unknown;
      banks: { bin: string; shortName: string }[];
    };
    expect(page.payment).toMatchObject({ accountNumber: "0011001234567" });
    expect(page.banks).toContainEqual(expect.objectContaining({ bin: "970436", shortName: "Vietcombank" }));
    expect(new Set(page.banks.map((bank) => bank.bin)).size).toBe(page.banks.length);
  });
});

let ipCounter = 0;
async function enrol(email: string, course: string, phone?: string) {
  const request = new Request(`${APP_URL}/api/email/enrollment`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Accept-Language": "de",
      Cookie: formTicketCookie(context.config.authSecret),
    },
    body: JSON.stringify({
      fullName: "Nguyễn Thị Lan",
      phone: phone ?? `+84 91 ${String(++ipCounter).padStart(7, "0")}`,
      email,
      course,
      schedule: "evening",
    }),
  });
  const response = await apiAction({
    request,
    context: { ...context, clientIp: `10.1.0.${ipCounter}` },
    params: {},
  } as never);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, string>;
  const [row] = await database.db
    .select({ reference: enrollments.paymentReference, amount: enrollments.paymentAmount })
    .from(enrollments)
    .where(eq(enrollments.id, body.id!));
  return { body, row: row! };
}

describe("the fee of an enrolment", () => {
  it("is the course's price less 10 % for an address's first course, the full price after that", async () => {
    const first = await enrol("Minh.Anh@Example.com", b1.id);
    expect(first.row.amount).toBe(Math.round(b1.price * 0.9));
    // The same address in other letters is the same learner.
    const second = await enrol("minh.anh@example.com", b1.id);
    expect(second.row.amount).toBe(b1.price);
  });

  it("is null for a request for advice, which does not use up the discount", async () => {
    const advice = await enrol("tu.van@example.com", "consultation");
    expect(advice.row.amount).toBeNull();
    expect(advice.body).toEqual({ ok: true, id: expect.any(String) });
    expect((await enrol("tu.van@example.com", b1.id)).row.amount).toBe(Math.round(b1.price * 0.9));
  });

  it("is the full price for a learner's second course under another address with the same phone (ADR 033)", async () => {
    expect((await enrol("so.dien.thoai@example.com", b1.id, "0912 777 001")).row.amount).toBe(
      Math.round(b1.price * 0.9),
    );
    expect((await enrol("dia.chi.khac@example.com", b1.id, "+84 912 777 001")).row.amount).toBe(b1.price);
  });

  it("keeps the discount for an address whose only earlier enrolment was cancelled", async () => {
    const cancelled = await enrol("doi.lich@example.com", b1.id);
    await database.db
      .update(enrollments)
      .set({ status: "cancelled" })
      .where(eq(enrollments.paymentReference, cancelled.row.reference));
    expect((await enrol("doi.lich@example.com", b1.id)).row.amount).toBe(Math.round(b1.price * 0.9));
  });

  it("is the full price when the discount is off", async () => {
    await updatePaymentSettings(database.db, {
      ...(await getPaymentSettings(database.db)),
      firstCourseDiscount: false,
    });
    expect((await enrol("khong.giam@example.com", b1.id)).row.amount).toBe(b1.price);
  });
});

describe("the transfer details", () => {
  it("come back in the API's answer and in the confirmation, whose QR code decodes to the payload", async () => {
    const { body, row } = await enrol("qr.mail@example.com", b1.id);
    expect(row.reference).toMatch(/^LH[2-9A-HJKMNP-Z]{6}$/);
    expect(body).toMatchObject({
      paymentAmount: row.amount,
      paymentBank: "Vietcombank",
      paymentAccount: "0011001234567",
      paymentHolder: "TRUONG DUC NGU LERNHAUS",
      paymentReference: row.reference,
      paymentNote: `HOC PHI ${row.reference}`,
    });
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "enrollment-confirmation"))
      .then((rows) => rows.filter((m) => m.to === "qr.mail@example.com"));
    // In the learner's language (German here), the QR code inline and the details as text.
    expect(mail!.text).toContain("Kursgebühr bezahlen");
    expect(mail!.text).toContain(`Verwendungszweck: HOC PHI ${row.reference}`);
    expect(mail!.text).toContain("Kontonummer: 0011001234567");
    expect(mail!.html).toContain('src="cid:vietqr@lernhaus"');
    const [attachment] = mail!.attachments ?? [];
    expect(attachment).toMatchObject({ contentType: "image/png", cid: "vietqr@lernhaus" });
    const payload = decodeQrPng(Buffer.from(attachment!.contentBase64, "base64"));
    expect(payload).toContain(`0006970436011300110012345670208QRIBFTTA`);
    expect(payload).toContain(`54${String(row.amount).length.toString().padStart(2, "0")}${row.amount}`);
    expect(payload).toContain(`08${`HOC PHI ${row.reference}`.length}HOC PHI ${row.reference}`);
  });

  it("show in the learner's own list while the payment is pending, not once paid", async () => {
    const learner = { id: "no-account", email: "QR.Mail@example.com", emailVerified: true } as SessionUser;
    const listed = async () =>
      (await loadLearnerCourses(context, learner, new URL(`${APP_URL}/profile`))).enrollments;
    const [pending] = await listed();
    expect(pending!.payment).toMatchObject({
      accountNumber: "0011001234567",
      note: expect.stringMatching(/^HOC PHI LH/),
      qr: { size: expect.any(Number), path: expect.stringMatching(/^M/) },
    });
    expect(pending!.payment).not.toHaveProperty("payload");
    await database.db
      .update(enrollments)
      .set({ paymentStatus: "paid" })
      .where(eq(enrollments.email, "qr.mail@example.com"));
    const [paid] = await listed();
    expect(paid!.payment).toBeUndefined();
  });

  it("are nowhere once the settings are cleared", async () => {
    const { status } = await save({ bankBin: "", accountNumber: "", accountHolder: "", transferPrefix: "" });
    expect(status).toBe(302);
    const { body, row } = await enrol("khong.tt@example.com", b1.id);
    // The fee is still fixed (the reconciliation needs it); only the transfer details go.
    expect(row.amount).toBe(b1.price);
    expect(body).toEqual({ ok: true, id: expect.any(String) });
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "khong.tt@example.com"));
    expect(mail!.attachments).toBeNull();
    expect(mail!.text).not.toContain("Kontonummer");
  });
});
