// Classes in the admin (ADR 026) through the real /admin/classes and /admin/courses route modules:
// add and edit with the form's rules, the database's own checks, a delete that a class with
// enrolments refuses (and a course with classes), and a cancellation that queues one mail per
// learner of the class, in their language, once, delivered to a real SMTP server.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { courseClasses, courses, emailOutbox, enrollments, teamMembers } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { listClassFillRates } from "~/models/course-class.server";
import { listEnrollmentsForAdmin } from "~/models/enrollment-admin.server";
import { setUserRole } from "~/models/user.server";
import { action, loader } from "~/routes/admin/classes";
import { action as rosterAction, loader as rosterLoader } from "~/routes/admin/classes.roster";
import { loader as rosterCsv } from "~/routes/admin/classes.roster-csv";
import { action as coursesAction } from "~/routes/admin/courses";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let sink: SmtpSink;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];
let adminCookie: string;
let userCookie: string;
let courseId: string;
let teacherId: string;

async function signUp(email: string, name: string, role: "admin" | "user") {
  const auth = authFor(context);
  const headers = new Headers({ origin: APP_URL });
  const { user } = await auth.api.signUpEmail({ body: { email, password: "Lernen-2025!", name }, headers });
  if (role === "admin") await setUserRole(database.db, user.id, "admin");
  const response = await auth.api.signInEmail({
    body: { email, password: "Lernen-2025!" },
    headers,
    asResponse: true,
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
  const config = { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" };
  context = {
    db: database.db,
    config,
    clientIp: "127.0.0.1",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
  adminCookie = await signUp("co.lan@lernhaus.test", "Cô Lan", "admin");
  userCookie = await signUp("hoc.vien@lernhaus.test", "Học Viên", "user");
  const [course] = await database.db
    .insert(courses)
    .values({
      level: "B1",
      title: "Tiếng Đức trung cấp B1",
      description: "B1",
      duration: "12 tuần",
      lessons: "36 buổi",
      price: 3_500_000,
      color: "purple",
    })
    .returning();
  courseId = course!.id;
  const [teacher] = await database.db
    .insert(teamMembers)
    .values({ name: "Cô Nguyễn Thu Hà", role: "Giáo viên", experience: "8 năm" })
    .returning();
  teacherId = teacher!.id;
});

afterAll(async () => {
  await bus.close();
  await sink.close();
});

beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(enrollments);
  await database.db.delete(courseClasses);
  topics.length = 0;
});

const form = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  courseId,
  startsOn: "2055-01-05",
  sessionCount: "24",
  endsOn: "",
  weekdays: ["1", "3", "5"],
  startTime: "19:00",
  endTime: "20:30",
  teacherId,
  capacity: "8",
  meetingUrl: "https://meet.example/b1-tối",
  note: "",
  status: "open",
  ...overrides,
});

type Action = (args: never) => Promise<unknown>;

function post(path: string, run: Action, cookie: string, fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of ([] as string[]).concat(value)) body.append(key, one);
  const request = new Request(`${APP_URL}${path}`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return run({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
}

const save = (fields: Record<string, string | string[]>, cookie = adminCookie) =>
  post("/admin/classes?dialog=new", action, cookie, fields);

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const errorsOf = (result: unknown) => (result as { data?: { error?: Record<string, string[]> } }).data?.error;

async function list(search = "") {
  const request = new Request(`${APP_URL}/admin/classes${search}`, { headers: { cookie: adminCookie } });
  return loader({ request, context, params: {} } as Parameters<typeof loader>[0]);
}

async function addClass(overrides: Partial<typeof courseClasses.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(courseClasses)
    .values({
      courseId,
      startsOn: "2055-02-01",
      sessionCount: 20,
      weekdays: [2, 4],
      startTime: "18:00",
      endTime: "19:30",
      capacity: 3,
      ...overrides,
    })
    .returning();
  return row!;
}

async function enrol(classId: string | null, values: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enrollments)
    .values({
      fullName: "Trần Minh Anh",
      phone: "0912 345 678",
      email: "minh.anh@example.com",
      course: "b1",
      courseId,
      schedule: "evening",
      classId,
      ...values,
    })
    .returning();
  return row!;
}

describe("adding and editing a class", () => {
  it("saves a class from the dialog, lists it with its seats, and announces topic classes", async () => {
    const result = await save(form());
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/admin/classes?done=saved");
    const [stored] = await database.db.select().from(courseClasses);
    expect(stored).toMatchObject({
      courseId,
      startsOn: "2055-01-05",
      sessionCount: 24,
      endsOn: null,
      weekdays: [1, 3, 5],
      startTime: "19:00:00",
      endTime: "20:30:00",
      teacherId,
      capacity: 8,
      meetingUrl: "https://meet.example/b1-tối",
      status: "open",
    });
    await expect.poll(() => topics.includes("classes"), { timeout: 5_000 }).toBe(true);

    await enrol(stored!.id);
    await enrol(stored!.id, { email: "lan@example.com", waitlistRank: 1 });
    await enrol(stored!.id, { email: "huy@example.com", status: "cancelled" });
    const { classes } = await list();
    expect(classes).toMatchObject([
      {
        id: stored!.id,
        courseLevel: "B1",
        teacherName: "Cô Nguyễn Thu Hà",
        seatsTaken: 1,
        waitlistLength: 1,
        capacity: 8,
      },
    ]);
  });

  it("edits a class; without a teacher, link or note they are stored empty", async () => {
    const existing = await addClass();
    const result = await post(`/admin/classes?dialog=edit&id=${existing.id}`, action, adminCookie, {
      ...form({
        id: existing.id,
        teacherId: "",
        meetingUrl: "",
        capacity: "6",
        sessionCount: "",
        endsOn: "2055-03-30",
      }),
    });
    expect(statusOf(result)).toBe(302);
    const [stored] = await database.db.select().from(courseClasses).where(eq(courseClasses.id, existing.id));
    expect(stored).toMatchObject({
      teacherId: null,
      meetingUrl: "",
      capacity: 6,
      sessionCount: null,
      endsOn: "2055-03-30",
    });
  });

  it("keeps open and full in step with the capacity, and refuses fewer seats than are held", async () => {
    const existing = await addClass({ capacity: 3 });
    await enrol(existing.id, { email: "a@example.com" });
    await enrol(existing.id, { email: "b@example.com" });
    const edit = (fields: Record<string, string>) =>
      post("/admin/classes", action, adminCookie, {
        ...form({
          id: existing.id,
          startsOn: "2055-02-01",
          weekdays: ["2", "4"],
          startTime: "18:00",
          endTime: "19:30",
        }),
        ...fields,
      });
    const statusNow = async () =>
      (await database.db.select().from(courseClasses).where(eq(courseClasses.id, existing.id)))[0]!.status;

    const refused = await edit({ capacity: "1", status: "open" });
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused)).toEqual({ capacity: ["admin-classes:validation.capacityBelowSeats"] });
    // Two seats of two: full, whatever was chosen between open and full.
    expect(statusOf(await edit({ capacity: "2", status: "open" }))).toBe(302);
    expect(await statusNow()).toBe("full");
    // A seat left and nobody waiting: open again.
    expect(statusOf(await edit({ capacity: "4", status: "full" }))).toBe(302);
    expect(await statusNow()).toBe("open");
    // Running, finished, cancelled are the admin's to say.
    expect(statusOf(await edit({ capacity: "2", status: "running" }))).toBe(302);
    expect(await statusNow()).toBe("running");
  });

  it("refuses what breaks the rules with the fields' messages, and stores nothing", async () => {
    const cases: [Record<string, string | string[]>, Record<string, string[]>][] = [
      [{ capacity: "9" }, { capacity: ["admin-classes:validation.capacity"] }],
      [{ capacity: "0" }, { capacity: ["admin-classes:validation.capacity"] }],
      [{ weekdays: [] }, { weekdays: ["admin-classes:validation.weekdays"] }],
      [{ endTime: "18:00" }, { endTime: ["admin-classes:validation.endsBeforeStartTime"] }],
      [{ sessionCount: "", endsOn: "" }, { sessionCount: ["admin-classes:validation.length"] }],
      [{ endsOn: "2055-01-01" }, { endsOn: ["admin-classes:validation.endsBeforeStart"] }],
    ];
    for (const [fields, errors] of cases) {
      const result = await save(form(fields));
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(errorsOf(result)).toEqual(errors);
    }
    expect(await database.db.select().from(courseClasses)).toHaveLength(0);
  });

  it("has the database check the same rules whatever writes", async () => {
    await expect(addClass({ capacity: 9 })).rejects.toThrow();
    await expect(addClass({ weekdays: [0] })).rejects.toThrow();
    await expect(addClass({ startTime: "20:00", endTime: "19:00" })).rejects.toThrow();
    await expect(addClass({ sessionCount: null, endsOn: null })).rejects.toThrow();
  });

  it("answers 409 when the edited class is gone, and 403 to a non-admin", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    expect(statusOf(await post("/admin/classes", action, adminCookie, form({ id: gone })))).toBe(409);
    expect(statusOf(await save(form(), userCookie))).toBe(403);
  });
});

describe("deleting", () => {
  it("deletes a class nobody enrolled into", async () => {
    const existing = await addClass();
    const result = await post("/admin/classes", action, adminCookie, { intent: "delete", id: existing.id });
    expect(statusOf(result)).toBe(302);
    expect(await database.db.select().from(courseClasses)).toHaveLength(0);
  });

  it("refuses to delete a class with enrolments, even cancelled ones (409: only cancel it)", async () => {
    const existing = await addClass();
    await enrol(existing.id, { status: "cancelled" });
    const result = await post("/admin/classes", action, adminCookie, { intent: "delete", id: existing.id });
    expect(statusOf(result)).toBe(409);
    expect(errorsOf(result)).toEqual({ "": ["admin-classes:errors.hasEnrolments"] });
    expect(await database.db.select().from(courseClasses)).toHaveLength(1);
    // The database restricts it too.
    await expect(
      database.db.delete(courseClasses).where(eq(courseClasses.id, existing.id)),
    ).rejects.toThrow();
  });

  it("refuses to delete a course that has classes (409 with the reason, not a database error)", async () => {
    await addClass();
    const result = await post("/admin/courses", coursesAction, adminCookie, {
      intent: "delete",
      id: courseId,
    });
    expect(statusOf(result)).toBe(409);
    expect(errorsOf(result)).toEqual({ "": ["admin-classes:errors.courseHasClasses"] });
    expect(await database.db.select().from(courses).where(eq(courses.id, courseId))).toHaveLength(1);
  });
});

describe("cancelling a class", () => {
  it("queues one mail per learner (seat holders and waitlisted, not cancelled) in their language, once", async () => {
    const existing = await addClass();
    await enrol(existing.id, { fullName: "Trần Minh Anh", email: "minh.anh@example.com", language: "vi" });
    await enrol(existing.id, {
      fullName: "Lena Schmidt",
      email: "lena@example.com",
      language: "de",
      waitlistRank: 1,
    });
    await enrol(existing.id, { fullName: "Huy", email: "huy@example.com", status: "cancelled" });
    // Another class's learner hears nothing.
    const other = await addClass({ startsOn: "2055-05-03" });
    await enrol(other.id, { email: "khac@example.com" });

    const cancel = form({
      id: existing.id,
      startsOn: "2055-02-01",
      weekdays: ["2", "4"],
      startTime: "18:00",
      endTime: "19:30",
      capacity: "3",
      status: "cancelled",
    });
    expect(statusOf(await post("/admin/classes", action, adminCookie, cancel))).toBe(302);
    const queued = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "class-cancelled"));
    expect(queued.map((mail) => mail.to).sort()).toEqual(["lena@example.com", "minh.anh@example.com"]);
    const [stored] = await database.db.select().from(courseClasses).where(eq(courseClasses.id, existing.id));
    expect(stored!.status).toBe("cancelled");

    // Saved again as cancelled (a note added): nobody is told twice.
    expect(
      statusOf(await post("/admin/classes", action, adminCookie, { ...cancel, note: "Giáo viên ốm" })),
    ).toBe(302);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(2);

    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
    transport.close();
    const vi = await sink.waitFor((mail) => mail.to.includes("minh.anh@example.com"));
    expect(vi.subject).toBe("Lớp Tiếng Đức trung cấp B1 khai giảng ngày 01/02/2055 đã bị hủy");
    expect(vi.text).toContain("Chào Trần Minh Anh,");
    expect(vi.text).toContain("Thứ 3, Thứ 5 · 18:00–19:30");
    const de = await sink.waitFor((mail) => mail.to.includes("lena@example.com"));
    expect(de.subject).toBe("Ihre Klasse Tiếng Đức trung cấp B1 mit Beginn am 01/02/2055 wurde abgesagt");
    expect(de.text).toContain("Di, Do · 18:00–19:30");
    // The meeting link is not in a cancellation.
    expect(de.text).not.toContain("meet.example");
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "class-cancelled"), eq(emailOutbox.status, "sent")));
    expect(rows).toHaveLength(2);
  });
});

describe("the roster", () => {
  async function fullClass() {
    const existing = await addClass({ capacity: 2, meetingUrl: "https://meet.example/lop-b1" });
    await enrol(existing.id, { fullName: "Trần Minh Anh", email: "minh.anh@example.com", language: "vi" });
    await enrol(existing.id, {
      fullName: '=HYPERLINK("http://x")',
      email: "lena@example.com",
      phone: "+84 912 000 111",
      language: "de",
      paymentStatus: "paid",
    });
    await enrol(existing.id, { fullName: "Lý Văn Phúc", email: "phuc@example.com", waitlistRank: 5 });
    await enrol(existing.id, { fullName: "Đinh Thu Trang", email: "trang@example.com", waitlistRank: 2 });
    await enrol(existing.id, { fullName: "Huy", email: "huy@example.com", status: "cancelled" });
    return existing;
  }

  const params = (id: string) => ({ id });
  const mailForm = (intent: string) => ({
    intent,
    subject: "Link lớp học",
    body: "Hẹn gặp cả lớp tối thứ Ba!",
  });

  it("lists the seat holders and the waitlist in order with positions, not the cancelled", async () => {
    const existing = await fullClass();
    const request = new Request(`${APP_URL}/admin/classes/${existing.id}`, {
      headers: { cookie: adminCookie },
    });
    const result = await rosterLoader({ request, context, params: params(existing.id) } as never);
    expect(result.learners.map((row) => row.fullName)).toEqual(["Trần Minh Anh", '=HYPERLINK("http://x")']);
    expect(result.waitlist.map((row) => [row.position, row.fullName])).toEqual([
      [1, "Đinh Thu Trang"],
      [2, "Lý Văn Phúc"],
    ]);
  });

  it("exports the roster as CSV: BOM, learners then waitlist, formula-safe cells", async () => {
    const existing = await fullClass();
    const request = new Request(`${APP_URL}/admin/classes/${existing.id}/roster.csv`, {
      headers: { cookie: `${adminCookie}; lng=vi` },
    });
    const response = (await rosterCsv({
      request,
      context,
      params: params(existing.id),
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="danh-sach-lop-b1-2055-02-01.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Chỗ,Họ và tên,Email,Số điện thoại,Tình trạng,Thanh toán,Ngày đăng ký");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^Trong lớp,Trần Minh Anh,minh.anh@example.com,0912 345 678,Mới,Chờ thanh toán,\d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );
    expect(lines[2]).toContain(
      `Trong lớp,"'=HYPERLINK(""http://x"")",lena@example.com,'+84 912 000 111,Mới,Đã thanh toán`,
    );
    expect(lines[3]).toMatch(/^Chờ số 1,Đinh Thu Trang,/);
    expect(lines[4]).toMatch(/^Chờ số 2,Lý Văn Phúc,/);
  });

  it("previews the mail as the first learner gets it, and queues nothing", async () => {
    const existing = await fullClass();
    const result = await post(
      `/admin/classes/${existing.id}`,
      (args: never) => rosterAction({ ...(args as object), params: params(existing.id) } as never),
      adminCookie,
      mailForm("preview"),
    );
    const preview = (result as { preview: { to: string; subject: string; text: string; recipients: number } })
      .preview;
    expect(preview).toMatchObject({ to: "minh.anh@example.com", subject: "Link lớp học", recipients: 2 });
    expect(preview.text).toContain("Chào Trần Minh Anh,\n\nHẹn gặp cả lớp tối thứ Ba!");
    expect(preview.text).toContain("Link lớp học: https://meet.example/lop-b1");
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("sends one mail per seat holder, none to the waitlist or the cancelled, each in their language", async () => {
    const existing = await fullClass();
    const send = (fields: Record<string, string>) =>
      post(
        `/admin/classes/${existing.id}`,
        (args: never) => rosterAction({ ...(args as object), params: params(existing.id) } as never),
        adminCookie,
        fields,
      );
    expect(statusOf(await send({ intent: "send-mail", subject: "", body: "" }))).toBe(400);
    const result = await send(mailForm("send-mail"));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`/admin/classes/${existing.id}?sent=2`);
    const queued = await database.db.select().from(emailOutbox);
    expect(queued.map((mail) => [mail.kind, mail.to]).sort()).toEqual([
      ["class-message", "lena@example.com"],
      ["class-message", "minh.anh@example.com"],
    ]);
    const german = queued.find((mail) => mail.to === "lena@example.com")!;
    expect(german.text).toContain('Hallo =HYPERLINK("http://x"),');
    expect(german.text).toContain("Stundenplan: Di, Do · 18:00–19:30");
    expect(statusOf(await send(mailForm("send-mail")))).toBe(302);
    // A non-admin is refused.
    expect(
      statusOf(
        await post(
          `/admin/classes/${existing.id}`,
          (args: never) => rosterAction({ ...(args as object), params: params(existing.id) } as never),
          userCookie,
          mailForm("send-mail"),
        ),
      ),
    ).toBe(403);
  });
});

describe("the students list", () => {
  it("filters by class and shows each enrolment's class (start date and weekdays)", async () => {
    const first = await addClass();
    const second = await addClass({ startsOn: "2055-05-03", weekdays: [6] });
    await enrol(first.id, { fullName: "Trần Minh Anh" });
    await enrol(second.id, { fullName: "Lena Schmidt", waitlistRank: 1 });
    await enrol(null, { fullName: "Chưa chọn lớp" });
    const { rows } = await listEnrollmentsForAdmin(database.db, readStudentListQuery(`class=${second.id}`));
    expect(rows.map((row) => [row.fullName, row.classStartsOn, row.classWeekdays])).toEqual([
      ["Lena Schmidt", "2055-05-03", [6]],
    ]);
    const all = await listEnrollmentsForAdmin(database.db, readStudentListQuery(""));
    expect(all.rows.find((row) => row.fullName === "Chưa chọn lớp")?.classStartsOn).toBeNull();
    // An edited URL with a class that is not an id is no filter.
    expect((await listEnrollmentsForAdmin(database.db, readStudentListQuery("class=abc"))).total).toBe(3);
  });
});

describe("analytics", () => {
  it("gives each class not finished or cancelled its seats taken of capacity and its waitlist", async () => {
    const soon = await addClass({ startsOn: "2055-01-04", capacity: 2 });
    await enrol(soon.id);
    await enrol(soon.id, { email: "b@example.com" });
    await enrol(soon.id, { email: "c@example.com", waitlistRank: 1 });
    await enrol(soon.id, { email: "d@example.com", status: "cancelled" });
    const later = await addClass({ startsOn: "2055-03-01", status: "running" });
    await addClass({ startsOn: "2026-01-05", status: "finished" });
    await addClass({ startsOn: "2055-02-01", status: "cancelled" });
    expect(await listClassFillRates(database.db)).toMatchObject([
      { id: soon.id, capacity: 2, seatsTaken: 2, waitlistLength: 1 },
      { id: later.id, capacity: 3, seatsTaken: 0, waitlistLength: 0 },
    ]);
  });
});
