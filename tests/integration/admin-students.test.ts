import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/auth/auth.server";
import { parseConfig } from "~/config.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import {
  changeEnrollmentPayment,
  changeEnrollmentStatus,
  countNewEnrollments,
  exportEnrollments,
  listEnrollmentsForAdmin,
} from "~/models/enrollment.server";
import { addEnrollmentNote, listEnrollmentNotes } from "~/models/enrollment-note.server";
import { markEnrollmentPaid } from "~/models/payment.server";
import { findUserByEmail, setUserRole } from "~/models/user.server";
import { action as studentsAction } from "~/routes/admin/students";
import { loader as exportLoader } from "~/routes/admin/students.export";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { createTestDatabase } from "../support/test-database";

type Row = typeof enrollments.$inferInsert;
const APP_URL = "http://localhost:3998";

const base = (n: number, extra: Partial<Row> = {}): Row => ({
  fullName: `Học viên ${String(n).padStart(3, "0")}`,
  phone: `09000${String(n).padStart(5, "0")}`,
  email: `hv${n}@example.com`,
  course: "a1",
  schedule: "morning",
  hearAbout: "google",
  // One a day from 1 March 2026, 10:00 in Vietnam (03:00 UTC).
  createdAt: new Date(Date.UTC(2026, 2, 1 + n, 3)),
  ...extra,
});

describe("students against PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let context: AppLoadContext;
  let adminCookie: string;
  let userCookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    // 60 ordinary rows and five with something to find.
    const rows: Row[] = Array.from({ length: 60 }, (_, i) => base(i));
    rows.push(
      base(100, {
        fullName: "Đặng Thị Ánh",
        phone: "+84 912 345 678",
        email: "Anh.Dang@Example.com",
        course: "b1",
        schedule: "evening",
        hearAbout: "friend",
        status: "trial",
        isProcessed: true,
        goals: 'Thi B1, rồi học "Ausbildung"\nở Đức',
        createdAt: new Date("2026-06-14T18:30:00Z"), // 15/06 01:30 in Vietnam
      }),
      base(101, {
        fullName: "Nguyễn Văn Bình",
        course: "b1",
        status: "trial",
        createdAt: new Date("2026-06-15T16:59:00Z"),
      }),
      base(102, {
        fullName: '=HYPERLINK("http://x")',
        course: "b1",
        status: "trial",
        createdAt: new Date("2026-06-15T17:00:00Z"),
      }),
      base(103, { fullName: "Trần 100% Đúng", status: "contacted", isProcessed: true }),
      base(104, { fullName: "Lê Thu_Hà", status: "cancelled", isProcessed: true, paymentStatus: "refunded" }),
    );
    const inserted = await database.db.insert(enrollments).values(rows).returning();
    for (const row of inserted) ids[row.fullName] = row.id;

    const config = { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" };
    const auth = createAuth(database.db, config, async () => {});
    context = {
      db: database.db,
      config,
      clientIp: "127.0.0.1",
      cspNonce: "",
      requestId: "test",
      changeBus: { subscribe: () => () => {}, close: async () => {} },
      shutdownSignal: new AbortController().signal,
    };
    const cookieFor = async (email: string, name: string, role: "admin" | "user") => {
      const headers = new Headers({ origin: APP_URL });
      await auth.api.signUpEmail({ body: { email, password: "Lernen-2025!", name }, headers });
      if (role === "admin")
        await setUserRole(database.db, (await findUserByEmail(database.db, email))!.id, "admin");
      const response = await auth.api.signInEmail({
        body: { email, password: "Lernen-2025!" },
        headers,
        asResponse: true,
      });
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    adminCookie = await cookieFor("co.hanh@lernhaus.test", "Cô Hạnh", "admin");
    userCookie = await cookieFor("mai@lernhaus.test", "Mai", "user");
  });

  const list = (search: string) => listEnrollmentsForAdmin(database.db, readStudentListQuery(search));
  const names = async (search: string) => (await list(search)).rows.map((row) => row.fullName);

  it("lists newest first, 25 a page, with the total; a page past the end shows the last", async () => {
    const first = await list("");
    expect(first.total).toBe(65);
    expect(first.pageCount).toBe(3);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.fullName).toBe('=HYPERLINK("http://x")');
    const third = await list("page=3");
    expect(third.rows).toHaveLength(15);
    expect((await list("page=99")).page).toBe(3);
    // The pages together hold every row once.
    const pages = [first, await list("page=2"), third].flatMap((page) => page.rows.map((row) => row.id));
    expect(new Set(pages).size).toBe(65);
  });

  it("sorts by date, name and pipeline status", async () => {
    expect((await names("sort=oldest"))[0]).toBe("Học viên 000");
    const byName = await names("sort=name&q=Học viên 05");
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    expect((await names("sort=name-desc&q=Học viên 05"))[0]).toBe("Học viên 059");
    const byStatus = (await list("sort=status&page=3")).rows.map((row) => row.status);
    expect(byStatus.slice(-5)).toEqual(["contacted", "trial", "trial", "trial", "cancelled"]);
  });

  it("searches names without caring for accents or case, emails, and phones by their digits", async () => {
    expect(await names("q=dang thi anh")).toEqual(["Đặng Thị Ánh"]);
    expect(await names("q=ĐẶNG")).toEqual(["Đặng Thị Ánh"]);
    // The same name typed with decomposed accents (as some keyboards send it).
    expect(await names(`q=${encodeURIComponent("Ánh".normalize("NFD"))}`)).toEqual(["Đặng Thị Ánh"]);
    expect(await names("q=anh.dang@example")).toEqual(["Đặng Thị Ánh"]);
    expect(await names("q=0912 345")).toEqual(["Đặng Thị Ánh"]);
    expect(await names("q=%2B84912345678")).toEqual(["Đặng Thị Ánh"]);
    // % and _ are letters, not wildcards.
    expect(await names("q=100%25")).toEqual(["Trần 100% Đúng"]);
    expect(await names("q=u_h")).toEqual(["Lê Thu_Hà"]);
    expect(await names("q=nobody")).toEqual([]);
  });

  it("filters by status, course, schedule, source and days in Vietnam's time zone, combined", async () => {
    expect((await list("status=trial")).total).toBe(3);
    expect((await list("status=trial&course=b1&q=binh")).rows.map((r) => r.fullName)).toEqual([
      "Nguyễn Văn Bình",
    ]);
    expect(await names("schedule=evening")).toEqual(["Đặng Thị Ánh"]);
    expect(await names("hearAbout=friend")).toEqual(["Đặng Thị Ánh"]);
    // 15/06 in Vietnam runs from 14/06 17:00 to 15/06 17:00 UTC.
    expect(await names("from=2026-06-15&to=2026-06-15")).toEqual(["Nguyễn Văn Bình", "Đặng Thị Ánh"]);
    expect(await names("from=2026-06-16")).toEqual(['=HYPERLINK("http://x")']);
    expect((await list("to=2026-03-01")).total).toBe(1);
    expect((await list("status=archived&course=zz")).total).toBe(65); // unknown values are ignored
  });

  it("moves along the pipeline only by allowed steps, marking the enrolment processed", async () => {
    const id = ids["Học viên 001"]!;
    const read = async () => (await database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
    expect(await changeEnrollmentStatus(database.db, id, "enrolled")).toBe("not-allowed");
    expect(await changeEnrollmentStatus(database.db, id, "trial")).toBe("not-allowed");
    expect(await read()).toMatchObject({ status: "new", isProcessed: false });
    const before = await countNewEnrollments(database.db);

    expect(await changeEnrollmentStatus(database.db, id, "contacted")).toBe("changed");
    expect(await read()).toMatchObject({ status: "contacted", isProcessed: true });
    expect(await countNewEnrollments(database.db)).toBe(before - 1);
    expect(await changeEnrollmentStatus(database.db, id, "new")).toBe("not-allowed");
    expect(await changeEnrollmentStatus(database.db, id, "trial")).toBe("changed");
    expect(await changeEnrollmentStatus(database.db, id, "enrolled")).toBe("changed");
    // Pending becomes paid only by recording the payment (what was received, a receipt).
    expect(await changeEnrollmentPayment(database.db, id, "refunded")).toBe("not-allowed");
    expect(await changeEnrollmentPayment(database.db, id, "paid")).toBe("not-allowed");
    expect((await read()).paymentStatus).toBe("pending");
    await markEnrollmentPaid(database.db, {
      enrollmentId: id,
      amount: 3_500_000,
      paidOn: "2026-11-20",
      method: "cash",
      recordedById: null,
    });
    expect((await read()).paymentStatus).toBe("paid");
    expect(await changeEnrollmentPayment(database.db, id, "paid")).toBe("not-allowed");
    // Cancelled after paying: the refund is the step left (ADR 033).
    expect(await changeEnrollmentStatus(database.db, id, "cancelled")).toBe("changed");
    expect(await changeEnrollmentStatus(database.db, id, "contacted")).toBe("not-allowed");
    expect((await read()).status).toBe("cancelled");
    expect(await changeEnrollmentPayment(database.db, id, "refunded")).toBe("changed");
    expect((await read()).paymentStatus).toBe("refunded");

    const gone = "00000000-0000-4000-8000-000000000000";
    expect(await changeEnrollmentStatus(database.db, gone, "contacted")).toBe("not-found");
    expect(await changeEnrollmentPayment(database.db, gone, "paid")).toBe("not-found");
  });

  it("keeps notes with their author, newest first", async () => {
    const id = ids["Học viên 002"]!;
    const author = { id: "x", name: "Cô Hạnh" };
    // No such user id: the note keeps the name; author_id is a foreign key, so use a real one or none.
    const admin = await findUserByEmail(database.db, "co.hanh@lernhaus.test");
    author.id = admin!.id;
    expect(
      await addEnrollmentNote(database.db, { enrollmentId: id, author, body: "Gọi lần 1: không nghe máy" }),
    ).toBe(true);
    expect(
      await addEnrollmentNote(database.db, { enrollmentId: id, author, body: "Gọi lần 2: hẹn thứ Bảy" }),
    ).toBe(true);
    const notes = await listEnrollmentNotes(database.db, id);
    expect(notes.map((note) => [note.authorName, note.body])).toEqual([
      ["Cô Hạnh", "Gọi lần 2: hẹn thứ Bảy"],
      ["Cô Hạnh", "Gọi lần 1: không nghe máy"],
    ]);
    expect(
      await addEnrollmentNote(database.db, {
        enrollmentId: "00000000-0000-4000-8000-000000000000",
        author,
        body: "x",
      }),
    ).toBe(false);
  });

  it("answers the page's actions: a refused step is 409 and changes nothing, a plain user gets 403", async () => {
    const id = ids["Học viên 003"]!;
    const post = (cookie: string, form: Record<string, string>) =>
      studentsAction({
        request: new Request(`${APP_URL}/admin/students?id=${id}`, {
          method: "POST",
          headers: { cookie, origin: APP_URL },
          body: new URLSearchParams(form),
        }),
        context,
        params: {},
      } as never).then(
        (value) => value,
        (thrown: unknown) => thrown,
      );
    const refused = (await post(adminCookie, { intent: "status", id, status: "enrolled" })) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.error[""]).toEqual(["admin-students:errors.notAllowed"]);
    expect(((await post(userCookie, { intent: "status", id, status: "contacted" })) as Response).status).toBe(
      403,
    );
    expect(((await post(userCookie, { intent: "note", id, body: "x" })) as Response).status).toBe(403);
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row!.status).toBe("new");
    expect(await listEnrollmentNotes(database.db, id)).toEqual([]);

    const done = (await post(adminCookie, { intent: "status", id, status: "contacted" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/students?id=${id}`);
  });

  it("exports the current filter as CSV: BOM, quoted cells, no formulas, Vietnamese intact", async () => {
    const get = (cookie: string, search: string) =>
      exportLoader({
        request: new Request(`${APP_URL}/admin/students/export.csv?${search}`, { headers: { cookie } }),
        context,
        params: {},
      } as never).then(
        (value) => value as Response,
        (thrown: unknown) => thrown as Response,
      );
    expect((await get(userCookie, "")).status).toBe(302);
    // Ánh chose a class: Mondays and Thursdays from 06/07/2026.
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "B1",
        title: "B1",
        description: "-",
        duration: "-",
        lessons: "-",
        price: 1,
        color: "blue",
      })
      .returning({ id: courses.id });
    const [klass] = await database.db
      .insert(courseClasses)
      .values({
        courseId: course!.id,
        startsOn: "2026-07-06",
        weekdays: [1, 4],
        startTime: "19:00",
        endTime: "20:30",
        sessionCount: 20,
      })
      .returning({ id: courseClasses.id });
    await database.db
      .update(enrollments)
      .set({ classId: klass!.id })
      .where(eq(enrollments.fullName, "Đặng Thị Ánh"));
    const response = await get(adminCookie, "status=trial&course=b1&sort=name");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="hoc-vien-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Ngày đăng ký,Họ và tên,Số điện thoại,Email,Khóa học,Lịch học,Lớp,Trình độ,Mục tiêu,Nguồn biết đến,Trạng thái,Đã xử lý,Thanh toán",
    );
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"")",0900000102,hv102@example.com,B1,Buổi sáng (8:00-10:00),Chưa chọn lớp,,,Google,Đã hẹn học thử,Không,Chờ thanh toán`.replace(
        /^/,
        "16/06/2026 00:00,",
      ),
    );
    expect(text).toContain(
      `15/06/2026 01:30,Đặng Thị Ánh,'+84 912 345 678,Anh.Dang@Example.com,B1,Buổi tối (19:00-21:00),"06/07/2026 · Thứ 2, Thứ 5",,"Thi B1, rồi học ""Ausbildung""\nở Đức",Bạn bè giới thiệu,Đã hẹn học thử,Có,Chờ thanh toán\r\n`,
    );
    expect(text).toContain("Nguyễn Văn Bình");
    expect(text.endsWith("\r\n")).toBe(true);
    // Header, three rows, and the empty string after the last CRLF.
    expect(lines).toHaveLength(5);
  });

  it("exports large filters batch by batch, each row once", async () => {
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of exportEnrollments(database.db, readStudentListQuery(""), 7)) {
      batches++;
      seen.push(...batch.map((row) => row.id));
    }
    expect(batches).toBe(10);
    expect(new Set(seen).size).toBe(65);
  });
});
