// The teacher's workspace (issue 30, "Lớp của tôi") through its real route modules against
// PostgreSQL: a teacher sees and writes only the classes they teach (another's is a 404, and its
// rows stay untouched), an admin every class; attendance marks only the class's seated learners,
// on the class's own session days, saved again as a change of mark; the session's note; each
// write in the audit log with the teacher as its actor.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  classAttendance,
  classLessons,
  classMaterials,
  courses,
  enrollments,
  teamMembers,
  user,
} from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { attendanceStatuses } from "~/lib/attendance";
import { classMeetingDays } from "~/lib/trial-lesson";
import { action as listAction, loader as listLoader } from "~/routes/admin/my-classes";
import { action, loader } from "~/routes/admin/my-classes.class";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as uploadAction } from "~/routes/admin/uploads.material";
import { loader as materialLoader } from "~/routes/site/material";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3998";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
const cookies: Record<"teacher" | "otherTeacher" | "admin", string> = {
  teacher: "",
  otherTeacher: "",
  admin: "",
};
let ownClass: string;
let otherClass: string;
let seated: string[];
let waiting: string;
let foreign: string;
let sessionDay: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  fixture = createSessionFixture(database.db, APP_URL);
  cookies.teacher = await fixture.cookieFor("co.hanh@lernhaus.test", "Cô Hạnh", "teacher");
  cookies.otherTeacher = await fixture.cookieFor("thay.minh@lernhaus.test", "Thầy Minh", "teacher");
  cookies.admin = await fixture.cookieFor("admin@lernhaus.test", "Quản trị", "admin");
  const members = await database.db.select({ id: teamMembers.id }).from(teamMembers).limit(2);
  const accountOf = async (email: string) =>
    (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  await database.db
    .update(teamMembers)
    .set({ userId: await accountOf("co.hanh@lernhaus.test") })
    .where(eq(teamMembers.id, members[0]!.id));
  await database.db
    .update(teamMembers)
    .set({ userId: await accountOf("thay.minh@lernhaus.test") })
    .where(eq(teamMembers.id, members[1]!.id));
  const [course] = await database.db.select({ id: courses.id }).from(courses).limit(1);
  // A running class that started three weeks ago on Mondays and Thursdays.
  ownClass = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-21),
    weekdays: [1, 4],
    status: "running",
  });
  otherClass = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-21),
    weekdays: [1, 4],
    status: "running",
  });
  const { courseClasses } = await import("~/db/schema");
  await database.db
    .update(courseClasses)
    .set({ teacherId: members[0]!.id })
    .where(eq(courseClasses.id, ownClass));
  await database.db
    .update(courseClasses)
    .set({ teacherId: members[1]!.id })
    .where(eq(courseClasses.id, otherClass));
  seated = [
    await enrolDirectly(database.db, ownClass, { fullName: "An" }),
    await enrolDirectly(database.db, ownClass, { fullName: "Bình" }),
  ];
  waiting = await enrolDirectly(database.db, ownClass, { waitlistRank: 1 });
  foreign = await enrolDirectly(database.db, otherClass);
  sessionDay = classMeetingDays(
    { startsOn: addDays(-21), weekdays: [1, 4], sessionCount: 24, endsOn: null },
    addDays(-21),
    addDays(-1),
  )[0]!;
});

function request(who: keyof typeof cookies, path: string, form?: Record<string, string>) {
  const headers = new Headers({ cookie: cookies[who], origin: APP_URL });
  return form
    ? new Request(`${APP_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(form) })
    : new Request(`${APP_URL}${path}`, { headers });
}

async function run<T>(
  fn: (args: never) => Promise<T>,
  who: keyof typeof cookies,
  id: string,
  form?: Record<string, string>,
  query = "",
) {
  try {
    return {
      value: await (fn as (args: unknown) => Promise<T>)({
        request: request(who, `/admin/my-classes/${id}${query}`, form),
        context: { ...fixture.context },
        params: { id },
      }),
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}

const marksOf = async (classId: string) =>
  database.db
    .select({
      enrollmentId: classAttendance.enrollmentId,
      status: classAttendance.status,
      day: classAttendance.day,
    })
    .from(classAttendance)
    .where(eq(classAttendance.classId, classId));

describe("a teacher", () => {
  it("sees the classes they teach and no other; an admin sees every class", async () => {
    const listOf = async (who: keyof typeof cookies) => {
      const result = await (
        listLoader as (args: unknown) => Promise<{ classes: { id: string }[]; linked: boolean }>
      )({
        request: request(who, "/admin/my-classes"),
        context: { ...fixture.context },
        params: {},
      });
      return result.classes.map((row) => row.id);
    };
    // The demo content's classes have teachers too: each teacher's list holds theirs only.
    const own = await listOf("teacher");
    const others = await listOf("otherTeacher");
    expect(own).toContain(ownClass);
    expect(own).not.toContain(otherClass);
    expect(others).toContain(otherClass);
    expect(others.filter((id) => own.includes(id))).toEqual([]);
    expect(await listOf("admin")).toEqual(expect.arrayContaining([ownClass, otherClass]));
  });

  it("opens their class on a session, with its seated learners and their contact details", async () => {
    const page = await run(loader, "teacher", ownClass, undefined, `?day=${sessionDay}`);
    const value = page.value as { day: string; learners: { id: string; phone: string }[]; days: string[] };
    expect(value.day).toBe(sessionDay);
    expect(value.learners.map((row) => row.id).sort()).toEqual([...seated].sort());
    expect(value.learners.every((row) => row.phone.length > 0)).toBe(true);
    expect(value.days.length).toBe(24);
  });

  it("gets a 404 for another teacher's class, reading or writing, and changes nothing there", async () => {
    expect((await run(loader, "teacher", otherClass)).thrown?.status).toBe(404);
    const write = await run(action, "teacher", otherClass, {
      intent: "attendance",
      day: sessionDay,
      [`mark.${foreign}`]: "absent",
    });
    expect(write.thrown?.status).toBe(404);
    expect(await marksOf(otherClass)).toEqual([]);
  });

  it("takes attendance in every mark, only of the class's seated learners, and changes a mark by saving again", async () => {
    for (const status of attendanceStatuses) {
      const saved = await run(action, "teacher", ownClass, {
        intent: "attendance",
        day: sessionDay,
        [`mark.${seated[0]}`]: status,
        [`mark.${seated[1]}`]: "present",
        // Neither a waitlisted learner nor another class's one gets a mark.
        [`mark.${waiting}`]: "present",
        [`mark.${foreign}`]: "present",
      });
      expect(saved.thrown?.status).toBe(302);
      expect(saved.thrown?.headers.get("Location")).toBe(
        `/admin/my-classes/${ownClass}?day=${sessionDay}&saved=attendance`,
      );
      const marks = await marksOf(ownClass);
      expect(marks).toHaveLength(2);
      expect(marks.find((row) => row.enrollmentId === seated[0])?.status).toBe(status);
    }
    const page = (await run(loader, "teacher", ownClass, undefined, `?day=${sessionDay}`)).value as {
      record: { marks: Record<string, string> };
      taken: string[];
    };
    expect(page.record.marks[seated[0]!]).toBe("excused");
    expect(page.taken).toEqual([sessionDay]);
  });

  it("refuses a mark that is not one of the four (400) and a day the class does not meet (409)", async () => {
    const bad = await run(action, "teacher", ownClass, {
      intent: "attendance",
      day: sessionDay,
      [`mark.${seated[0]}`]: "sick",
    });
    expect((bad.value as { init?: { status?: number } })?.init?.status ?? bad.thrown?.status).toBe(400);
    const tuesday = classMeetingDays(
      { startsOn: addDays(-21), weekdays: [2], sessionCount: 3, endsOn: null },
      addDays(-21),
      addDays(-1),
    )[0]!;
    const offDay = await run(action, "teacher", ownClass, {
      intent: "attendance",
      day: tuesday,
      [`mark.${seated[0]}`]: "present",
    });
    expect((offDay.value as { init?: { status?: number } })?.init?.status).toBe(409);
    expect((await marksOf(ownClass)).every((row) => row.day === sessionDay)).toBe(true);
  });

  it("writes what the session covered and the homework, shown again on the session", async () => {
    const saved = await run(action, "teacher", ownClass, {
      intent: "lesson-note",
      day: sessionDay,
      covered: "Lektion 3: das Perfekt",
      homework: "Arbeitsbuch S. 12",
    });
    expect(saved.thrown?.status).toBe(302);
    const [note] = await database.db
      .select()
      .from(classLessons)
      .where(and(eq(classLessons.classId, ownClass), eq(classLessons.day, sessionDay)));
    expect(note).toMatchObject({ covered: "Lektion 3: das Perfekt", homework: "Arbeitsbuch S. 12" });
    const tooLong = await run(action, "teacher", ownClass, {
      intent: "lesson-note",
      day: sessionDay,
      covered: "x".repeat(2001),
    });
    expect((tooLong.value as { init?: { status?: number } })?.init?.status).toBe(400);
  });

  it("is the actor of their writes in the audit log", async () => {
    const rows = await database.db
      .select({ actor: auditLog.actorEmail, entity: auditLog.entity })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, "co.hanh@lernhaus.test"));
    expect(rows.map((row) => row.entity)).toEqual(
      expect.arrayContaining(["class_attendance", "class_lessons"]),
    );
  });
});

describe("the class's materials", () => {
  let learnerCookie = "";
  let strangerCookie = "";
  let consultantCookie = "";

  beforeAll(async () => {
    learnerCookie = await fixture.cookieFor("hoc.vien@lernhaus.test", "Học Viên", "user");
    strangerCookie = await fixture.cookieFor("lop.khac@lernhaus.test", "Lớp Khác", "user");
    consultantCookie = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
    const accountOf = async (email: string) =>
      (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    // The learner enrolled while signed in: their seat in the teacher's class is their own; the
    // stranger's is in the other class.
    await database.db
      .update(enrollments)
      .set({ userId: await accountOf("hoc.vien@lernhaus.test") })
      .where(eq(enrollments.id, seated[0]!));
    await database.db
      .update(enrollments)
      .set({ userId: await accountOf("lop.khac@lernhaus.test") })
      .where(eq(enrollments.id, foreign));
  });

  async function upload(
    who: keyof typeof cookies,
    classId: string,
    file: File,
    title = "Wortschatz Lektion 3",
  ) {
    const body = new FormData();
    body.set("classId", classId);
    body.set("title", title);
    body.set("day", sessionDay);
    body.set("file", file);
    const request = new Request(`${APP_URL}/admin/uploads/material`, {
      method: "POST",
      headers: { cookie: cookies[who], origin: APP_URL },
      body,
    });
    try {
      return (await (uploadAction as (args: unknown) => Promise<Response>)({
        request,
        context: { ...fixture.context },
        params: {},
      })) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  }

  async function open(cookie: string, id: string) {
    return (materialLoader as (args: unknown) => Promise<Response>)({
      request: new Request(`${APP_URL}/materials/${id}`, { headers: { cookie } }),
      context: { ...fixture.context },
      params: { id },
    }).catch((thrown: Response) => thrown);
  }

  const materialsOf = (classId: string) =>
    database.db.select().from(classMaterials).where(eq(classMaterials.classId, classId));

  it("are uploaded by the class's teacher and opened by its learner, its teacher and a consultant only", async () => {
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "Wortschatz Lektion 3.pdf", {
      type: "application/pdf",
    });
    const uploaded = await upload("teacher", ownClass, pdf);
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(
      `/admin/my-classes/${ownClass}?day=${sessionDay}&saved=material`,
    );
    const [stored] = await materialsOf(ownClass);
    expect(stored).toMatchObject({
      title: "Wortschatz Lektion 3",
      fileName: "Wortschatz Lektion 3.pdf",
      byteSize: 5,
    });

    for (const cookie of [learnerCookie, cookies.teacher, cookies.admin, consultantCookie]) {
      const answer = await open(cookie, stored!.id);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/pdf");
      expect(answer.headers.get("Cache-Control")).toContain("no-store");
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(
        new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]),
      );
    }
    // Another class's learner and another class's teacher are told it does not exist.
    for (const cookie of [strangerCookie, cookies.otherTeacher])
      expect((await open(cookie, stored!.id)).status).toBe(404);
    // A visitor who is not signed in is sent to sign in, and gets no byte of it.
    const anonymous = await open("", stored!.id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/materials/${stored!.id}`)}`,
    );
  });

  it("serves a file that could run script only as a download", async () => {
    const html = new File(["<script>alert(1)</script>"], "bai-tap.html", { type: "text/html" });
    expect((await upload("teacher", ownClass, html, "Bài tập")).status).toBe(303);
    const stored = (await materialsOf(ownClass)).find((row) => row.fileName === "bai-tap.html")!;
    const answer = await open(learnerCookie, stored.id);
    expect(answer.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bai-tap.html"/);
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("refuses an upload to another teacher's class (404), without a file or a title, and a file over 10 MB", async () => {
    const small = new File(["x"], "x.txt", { type: "text/plain" });
    expect((await upload("teacher", otherClass, small)).status).toBe(404);
    expect(await materialsOf(otherClass)).toEqual([]);
    const before = (await materialsOf(ownClass)).length;
    const empty = await upload("teacher", ownClass, new File([], "leer.txt"));
    expect(empty.headers.get("Location")).toContain("materialError=missing");
    const untitled = await upload("teacher", ownClass, small, "");
    expect(untitled.headers.get("Location")).toContain("materialError=title");
    const big = await upload(
      "teacher",
      ownClass,
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], "gross.bin"),
    );
    expect(big.headers.get("Location")).toContain("materialError=tooLarge");
    expect((await materialsOf(ownClass)).length).toBe(before);
  });

  it("take a link, opened through the same check, and are deleted by the teacher", async () => {
    const added = await run(action, "teacher", ownClass, {
      intent: "add-link",
      day: sessionDay,
      title: "Hörübung",
      url: "https://www.dw.com/de/deutsch-lernen/s-2055",
    });
    expect(added.thrown?.status).toBe(302);
    const link = (await materialsOf(ownClass)).find((row) => row.title === "Hörübung")!;
    const opened = await open(learnerCookie, link.id);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("https://www.dw.com/de/deutsch-lernen/s-2055");
    expect((await open(strangerCookie, link.id)).status).toBe(404);
    const badLink = await run(action, "teacher", ownClass, {
      intent: "add-link",
      title: "X",
      url: "javascript:alert(1)",
    });
    expect((badLink.value as { init?: { status?: number } })?.init?.status).toBe(400);
    // Another teacher cannot delete it; its own teacher can.
    const foreignDelete = await run(action, "otherTeacher", ownClass, {
      intent: "delete-material",
      materialId: link.id,
    });
    expect(foreignDelete.thrown?.status).toBe(404);
    const deleted = await run(action, "teacher", ownClass, {
      intent: "delete-material",
      materialId: link.id,
    });
    expect(deleted.thrown?.status).toBe(302);
    expect((await materialsOf(ownClass)).some((row) => row.id === link.id)).toBe(false);
  });
});

describe("linking a teacher's account to the team (Settings › Users)", () => {
  async function link(userEmail: string, teamMemberId: string) {
    const [account] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, userEmail));
    const request = new Request(`${APP_URL}/admin/settings?tab=users`, {
      method: "POST",
      headers: { cookie: cookies.admin, origin: APP_URL },
      body: new URLSearchParams({ intent: "link-teacher", userId: account!.id, teamMemberId }),
    });
    try {
      const value = await (settingsAction as (args: unknown) => Promise<unknown>)({
        request,
        context: { ...fixture.context },
        params: {},
      });
      return (value as { init?: { status?: number } })?.init?.status ?? 200;
    } catch (thrown) {
      return (thrown as Response).status;
    }
  }

  it("gives a new teacher the classes of the member they are, and refuses a member taken or an account that teaches not", async () => {
    await fixture.cookieFor("co.moi@lernhaus.test", "Cô Mới", "teacher");
    const [free] = await database.db
      .insert(teamMembers)
      .values({ name: "Cô Mới", role: "Giáo viên", experience: "2 năm" })
      .returning({ id: teamMembers.id });
    const { courseClasses } = await import("~/db/schema");
    await database.db
      .update(courseClasses)
      .set({ teacherId: free!.id })
      .where(eq(courseClasses.id, otherClass));
    expect(await link("co.moi@lernhaus.test", free!.id)).toBe(302);
    const [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.id, free!.id));
    const [account] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "co.moi@lernhaus.test"));
    expect(member!.userId).toBe(account!.id);
    // A member already linked to another teacher's account stays theirs.
    expect(await link("co.moi@lernhaus.test", (await teamMemberIdOf("co.hanh@lernhaus.test"))!)).toBe(409);
    // An account that is not a teacher's is not linked.
    expect(await link("admin@lernhaus.test", free!.id)).toBe(409);
    // Unlinked: the member has no account again.
    expect(await link("co.moi@lernhaus.test", "")).toBe(302);
    const [after] = await database.db.select().from(teamMembers).where(eq(teamMembers.id, free!.id));
    expect(after!.userId).toBeNull();
  });

  async function teamMemberIdOf(email: string) {
    const [row] = await database.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(user.email, email));
    return row?.id;
  }
});

describe("a teacher's own trial lessons", () => {
  it("lists the bookings of their trial sessions and their classes only, and marks them after the lesson", async () => {
    const { trialBookings, trialSessions } = await import("~/db/schema");
    const hanh = (
      await database.db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .innerJoin(user, eq(user.id, teamMembers.userId))
        .where(eq(user.email, "co.hanh@lernhaus.test"))
    )[0]!.id;
    const minh = (
      await database.db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .innerJoin(user, eq(user.id, teamMembers.userId))
        .where(eq(user.email, "thay.minh@lernhaus.test"))
    )[0]!.id;
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [ownSession, otherSession] = await database.db
      .insert(trialSessions)
      .values([
        { startsAt: hourAgo, teacherId: hanh, capacity: 4 },
        { startsAt: hourAgo, teacherId: minh, capacity: 4 },
      ])
      .returning({ id: trialSessions.id });
    const booking = (values: Partial<typeof trialBookings.$inferInsert>) => ({
      startsAt: hourAgo,
      endsAt: new Date(hourAgo.getTime() + 3_600_000),
      fullName: "Khách Học Thử",
      phone: "0903 000 111",
      email: `thu-${Math.random()}@example.com`,
      level: "a1",
      ...values,
    });
    const [inOwnSession, inOwnClass, inOtherSession] = await database.db
      .insert(trialBookings)
      .values([
        booking({ trialSessionId: ownSession!.id, fullName: "Học Thử Một" }),
        booking({ classId: ownClass, fullName: "Học Thử Hai" }),
        booking({ trialSessionId: otherSession!.id, fullName: "Học Thử Khác" }),
      ])
      .returning({ id: trialBookings.id });
    const page = await (listLoader as (args: unknown) => Promise<{ trials: { id: string }[] }>)({
      request: request("teacher", "/admin/my-classes"),
      context: { ...fixture.context },
      params: {},
    });
    const shown = page.trials.map((trial) => trial.id);
    expect(shown).toEqual(expect.arrayContaining([inOwnSession!.id, inOwnClass!.id]));
    expect(shown).not.toContain(inOtherSession!.id);

    const mark = async (who: keyof typeof cookies, id: string, status: string) => {
      try {
        const value = await (listAction as (args: unknown) => Promise<unknown>)({
          request: request(who, "/admin/my-classes", { intent: "mark-trial", id, status }),
          context: { ...fixture.context },
          params: {},
        });
        return (value as { init?: { status?: number } })?.init?.status ?? 200;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    expect(await mark("teacher", inOwnSession!.id, "attended")).toBe(302);
    expect(await mark("teacher", inOwnClass!.id, "no-show")).toBe(302);
    expect(await mark("teacher", inOtherSession!.id, "attended")).toBe(404);
    expect(await mark("teacher", inOwnSession!.id, "maybe")).toBe(400);
    const statuses = await database.db
      .select({ id: trialBookings.id, status: trialBookings.status })
      .from(trialBookings)
      .where(inArray(trialBookings.id, [inOwnSession!.id, inOwnClass!.id, inOtherSession!.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [inOwnSession!.id]: "attended",
      [inOwnClass!.id]: "no-show",
      [inOtherSession!.id]: "booked",
    });
  });
});

describe("a teacher's mail to their class", () => {
  it("previews and sends it to the class's seated learners, never to another teacher's class", async () => {
    const { emailOutbox } = await import("~/db/schema");
    const message = { subject: "Buổi học thứ Năm", body: "Các bạn nhớ mang Arbeitsbuch nhé." };
    const preview = await run(action, "teacher", ownClass, { intent: "preview", ...message });
    expect((preview.value as { preview?: { recipients: number } }).preview?.recipients).toBe(seated.length);
    const sent = await run(action, "teacher", ownClass, { intent: "send-mail", ...message });
    expect(sent.thrown?.status).toBe(302);
    expect(sent.thrown?.headers.get("Location")).toBe(`/admin/my-classes/${ownClass}?sent=${seated.length}`);
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, message.subject));
    expect(mails).toHaveLength(seated.length);
    const foreignMail = await run(action, "teacher", otherClass, {
      intent: "send-mail",
      ...message,
      subject: "Lớp khác",
    });
    expect(foreignMail.thrown?.status).toBe(404);
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Lớp khác"))).toEqual(
      [],
    );
  });
});
