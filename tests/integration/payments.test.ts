import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courses, emailOutbox, enrollments, paymentSettings, payments } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { revenueByCourseAndMonth } from "~/models/analytics.server";
import {
  importStatement,
  previewStatement,
  readStatementColumns,
  saveStatementColumns,
  signStatement,
} from "~/models/bank-statement.server";
import { listEnrollmentsForAdmin } from "~/models/enrollment.server";
import { listPaymentsForAdmin, markEnrollmentPaid } from "~/models/payment.server";
import { findUserByEmail } from "~/models/user.server";
import { action, loader } from "~/routes/admin/payments";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { markPaidSchema, readPaymentListQuery } from "~/schemas/payment-record";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
const today = calendarDayInVietnam();

describe("payments against PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fixture: ReturnType<typeof createSessionFixture>;
  let adminCookie: string;
  let userCookie: string;
  let adminId: string;
  let courseId: string;

  /** A new enrolment in the B1 course (3.000.000đ); its reference is the database's. */
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
      .returning({ id: enrollments.id, reference: enrollments.paymentReference });
    return row!;
  }
  const statusOf = async (id: string) =>
    (await database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!.paymentStatus;
  const paymentsOf = (id: string) => database.db.select().from(payments).where(eq(payments.enrollmentId, id));
  const receiptsTo = (to: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .then((rows) => rows.filter((row) => row.kind === "payment-receipt"));

  beforeAll(async () => {
    database = await createTestDatabase();
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "B1",
        title: "Tiếng Đức B1",
        description: "x",
        duration: "3 tháng",
        lessons: "36 buổi",
        price: 3_000_000,
        color: "blue",
      })
      .returning({ id: courses.id });
    courseId = course!.id;
    fixture = createSessionFixture(database.db, APP_URL);
    adminCookie = await fixture.cookieFor("thu.quy@lernhaus.test", "Thủ quỹ", "admin");
    userCookie = await fixture.cookieFor("hoc.vien@lernhaus.test", "Học viên", "user");
    adminId = (await findUserByEmail(database.db, "thu.quy@lernhaus.test"))!.id;
  });

  it("gives every enrolment a reference and finds it typed in any case, with spaces or dashes", async () => {
    const { id, reference } = await enrol("Tim Kiem");
    expect(reference).toMatch(/^LH[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    const typed = `${reference.slice(0, 4).toLowerCase()} ${reference.slice(4, 6)}-${reference.slice(6)}`;
    const found = await listPaymentsForAdmin(
      database.db,
      readPaymentListQuery(new URLSearchParams({ q: typed })),
    );
    expect(found.rows.map((row) => row.id)).toEqual([id]);
    const students = await listEnrollmentsForAdmin(
      database.db,
      readStudentListQuery(`q=${encodeURIComponent(typed)}`),
    );
    expect(students.rows.map((row) => row.id)).toEqual([id]);
    expect(students.rows[0]!.paymentReference).toBe(reference);
  });

  it("marks paid in one go: a payment row, the status, a receipt in the learner's language", async () => {
    const { id, reference } = await enrol("Voll Bezahlt");
    const outcome = await markEnrollmentPaid(database.db, {
      enrollmentId: id,
      amount: 3_000_000,
      paidOn: today,
      method: "cash",
      recordedById: adminId,
    });
    expect(outcome).toBe("paid");
    expect(await statusOf(id)).toBe("paid");
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({
      amount: 3_000_000,
      paidOn: today,
      method: "cash",
      recordedById: adminId,
    });
    const [receipt] = await receiptsTo("vollbezahlt@example.com");
    expect(receipt!.subject).toBe(`Zahlungsquittung – ${reference}`);
    expect(receipt!.text).toContain("3.000.000đ");
    expect(receipt!.text).toContain("Bar");
    expect(receipt!.text).toContain("Tiếng Đức B1");

    // A second time is refused and writes nothing.
    const again = {
      enrollmentId: id,
      amount: 1,
      paidOn: today,
      method: "cash" as const,
      recordedById: adminId,
    };
    expect(await markEnrollmentPaid(database.db, again)).toBe("already-paid");
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await receiptsTo("vollbezahlt@example.com")).toHaveLength(1);
  });

  it("keeps a partial payment pending and shows paid X of Y; the rest makes it paid", async () => {
    const { id } = await enrol("Teil Zahler");
    const part = {
      enrollmentId: id,
      amount: 1_000_000,
      paidOn: today,
      method: "transfer" as const,
      recordedById: adminId,
    };
    expect(await markEnrollmentPaid(database.db, part)).toBe("partial");
    expect(await statusOf(id)).toBe("pending");
    const [row] = (await listPaymentsForAdmin(database.db, readPaymentListQuery("q=Teil Zahler"))).rows;
    expect(row).toMatchObject({ due: 3_000_000, paid: 1_000_000 });
    const [receipt] = await receiptsTo("teilzahler@example.com");
    expect(receipt!.text).toContain("2.000.000đ");
    expect(await markEnrollmentPaid(database.db, { ...part, amount: 2_000_000 })).toBe("paid");
    expect(await statusOf(id)).toBe("paid");
  });

  it("refuses a refunded enrolment, a gone one, and (in the form's schema) bad amounts and days", async () => {
    const { id } = await enrol("Zurueck Erstattet", { paymentStatus: "refunded" });
    const payment = {
      enrollmentId: id,
      amount: 5,
      paidOn: today,
      method: "card" as const,
      recordedById: adminId,
    };
    expect(await markEnrollmentPaid(database.db, payment)).toBe("refunded");
    expect(
      await markEnrollmentPaid(database.db, {
        ...payment,
        enrollmentId: "00000000-0000-4000-8000-000000000000",
      }),
    ).toBe("not-found");
    expect(await paymentsOf(id)).toHaveLength(0);
    const parse = (fields: Record<string, string>) =>
      markPaidSchema.safeParse({ id, amount: "1.500.000", paidOn: today, method: "cash", ...fields });
    expect(parse({}).data?.amount).toBe(1_500_000);
    expect(parse({ amount: "0" }).success).toBe(false);
    expect(parse({ amount: "-5" }).success).toBe(false);
    expect(parse({ amount: "1.5" }).success).toBe(false);
    expect(parse({ amount: "900.000.000" }).success).toBe(false);
    expect(parse({ paidOn: "2999-01-01" }).success).toBe(false);
    expect(parse({ method: "bitcoin" }).success).toBe(false);
  });

  it("answers the page: 403 for a non-admin, 409 with the message when already paid, else back to the list", async () => {
    const { id } = await enrol("Per Formular");
    const post = (cookie: string, form: Record<string, string>) =>
      action({
        request: new Request(`${APP_URL}/admin/payments?dialog=edit&kind=pay&id=${id}`, {
          method: "POST",
          headers: { cookie, origin: APP_URL },
          body: new URLSearchParams(form),
        }),
        context: fixture.context,
        params: {},
      } as never).then(
        (value) => value,
        (thrown: unknown) => thrown,
      );
    const form = { intent: "save", id, amount: "3.000.000", paidOn: today, method: "transfer" };
    expect(((await post(userCookie, form)) as Response).status).toBe(403);
    expect(await paymentsOf(id)).toHaveLength(0);
    const done = (await post(adminCookie, form)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/payments?done=paid");
    const refused = (await post(adminCookie, form)) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.error[""]).toEqual(["admin-payments:errors.alreadyPaid"]);
    const future = (await post(adminCookie, { ...form, paidOn: "2999-01-01" })) as { init: ResponseInit };
    expect(future.init.status).toBe(400);

    const get = (cookie: string) =>
      loader({
        request: new Request(`${APP_URL}/admin/payments`, { headers: { cookie } }),
        context: fixture.context,
        params: {},
      } as never).then(
        (value) => value,
        (thrown: unknown) => thrown as Response,
      );
    expect(((await get(userCookie)) as Response).status).toBe(302);
  });

  it("remembers the statement's columns in the settings row, touching nothing else", async () => {
    await database.db
      .insert(paymentSettings)
      .values({ id: 1, accountNumber: "0071000123456" })
      .onConflictDoNothing();
    const columns = { date: "Ngày giao dịch", amount: "Số tiền ghi có", description: "Mô tả" };
    await saveStatementColumns(database.db, columns);
    expect(await readStatementColumns(database.db)).toEqual(columns);
    const [settings] = await database.db.select().from(paymentSettings);
    expect(settings!.accountNumber).toBe("0071000123456");
  });

  it("matches a statement's lines, records the confirmed ones once, and never twice", async () => {
    const first = await enrol("Nguyen Van A");
    const second = await enrol("Tran Thi B");
    const paid = await enrol("Le Van C", { paymentStatus: "paid" });
    const columns = { date: "Ngày giao dịch", amount: "Số tiền ghi có", description: "Mô tả" };
    const spaced = (ref: string) => `${ref.slice(0, 4)} ${ref.slice(4)}`.toLowerCase();
    const text = [
      "\uFEFFNGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM",
      "STT;Ngày giao dịch;Số tiền ghi nợ;Số tiền ghi có;Mô tả",
      `1;03/11/2026 09:15:02;;"3.000.000";"MBVCB.1.NGUYEN VAN A; HOCPHI ${first.reference.slice(0, 5)}-${first.reference.slice(5)}"`,
      `2;04/11/2026;;1.000.000;"TRAN THI B ${spaced(second.reference)}"`,
      `3;04/11/2026;;3.000.000;"LE VAN C ${paid.reference}"`,
      '4;05/11/2026;;500.000;"Chuyen tien khong ghi ma"',
      '5;05/11/2026;"200.000";;"Phi dich vu"',
    ].join("\r\n");
    const preview = await previewStatement(database.db, text, columns);
    if (preview.stage !== "preview") throw new Error(preview.stage);
    expect(preview.matched.map((line) => [line.line, line.enrollment.id, line.amount, line.date])).toEqual([
      [3, first.id, 3_000_000, "2026-11-03"],
      [4, second.id, 1_000_000, "2026-11-04"],
    ]);
    expect(preview.settled.map((line) => line.enrollment.id)).toEqual([paid.id]);
    expect(preview.unmatched.map((line) => [line.line, line.reason])).toEqual([[6, "noReference"]]);
    expect(preview.skipped).toBe(1);

    // Without columns, the headers to choose from.
    expect(await previewStatement(database.db, text, undefined)).toMatchObject({
      stage: "columns",
      headers: ["STT", "Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Mô tả"],
    });

    const outcome = await importStatement(database.db, {
      text,
      columns,
      lines: [3, 4],
      recordedById: adminId,
    });
    expect(outcome).toEqual({ paid: 1, partial: 1, skipped: 0 });
    expect(await statusOf(first.id)).toBe("paid");
    expect(await statusOf(second.id)).toBe("pending");
    const [line] = await paymentsOf(first.id);
    expect(line).toMatchObject({ method: "transfer", amount: 3_000_000, paidOn: "2026-11-03" });
    expect(line!.statementLine).toContain("HOCPHI");
    expect(await receiptsTo("nguyenvana@example.com")).toHaveLength(1);

    // The same file again pays nothing: one enrolment is paid, the other's line is recorded.
    const again = await previewStatement(database.db, text, columns);
    if (again.stage !== "preview") throw new Error(again.stage);
    expect(again.matched).toEqual([]);
    expect(again.settled.map((l) => l.line)).toEqual([3, 4, 5]);
    expect(
      await importStatement(database.db, { text, columns, lines: [3, 4], recordedById: adminId }),
    ).toEqual({
      paid: 0,
      partial: 0,
      skipped: 0,
    });
    expect(await paymentsOf(second.id)).toHaveLength(1);
  });

  it("imports through the page's action only with the server's signature", async () => {
    const { id, reference } = await enrol("Qua Trang");
    const columns = { date: "Ngày", amount: "Có", description: "Nội dung" };
    const text = `Ngày;Có;Nội dung\n20/11/2026;3.000.000;HP ${reference}\n`;
    const post = (form: Record<string, string | string[]>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(form))
        for (const item of [value].flat()) body.append(key, item);
      return action({
        request: new Request(`${APP_URL}/admin/payments`, {
          method: "POST",
          headers: { cookie: adminCookie, origin: APP_URL },
          body,
        }),
        context: fixture.context,
        params: {},
      } as never).then(
        (value) => value,
        (thrown: unknown) => thrown,
      );
    };
    const secret = fixture.context.config.authSecret;
    const confirm = {
      intent: "statement-confirm",
      text,
      fileSignature: signStatement(secret, text),
      ...columns,
      line: ["2"],
    };
    const forged = (await post({ ...confirm, signature: "0".repeat(64) })) as {
      data: { statement: unknown };
    };
    expect(forged.data.statement).toEqual({ error: "admin-payments:statement.errors.expired" });
    expect(await paymentsOf(id)).toHaveLength(0);
    const done = (await post({ ...confirm, signature: signStatement(secret, text, columns) })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/payments?done=imported&paid=1&partial=0&skipped=0");
    expect(await statusOf(id)).toBe("paid");
  });

  it("sums revenue per course and month from the payments", async () => {
    const rows = await revenueByCourseAndMonth(database.db, today);
    const b1 = rows.filter((row) => row.courseTitle === "Tiếng Đức B1");
    const total = b1.reduce((sum, row) => sum + row.amount, 0);
    const recorded = await database.db.select().from(payments);
    expect(total).toBe(recorded.reduce((sum, p) => sum + p.amount, 0));
    expect(b1.every((row) => /^\d{4}-\d{2}$/.test(row.month))).toBe(true);
  });
});
