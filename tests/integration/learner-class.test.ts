// What a learner sees of their class on /profile (issue 30), through the real /profile loader
// against PostgreSQL: the meeting link only from 24 h before the first session (a class starting
// in three days says when it will show; one starting tomorrow shows it), the sessions held with
// what was covered and the homework (newest first, numbered in the schedule, none ahead of
// today), only the learner's OWN marks (another learner's absent mark in the same class never
// reaches the loader's data) and their rate, the class's materials linking to /materials/:id
// (which opens them for the learner); a waitlisted enrolment carries nothing of its class, and
// an unproven address nothing at all.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classAttendance, classLessons, classMaterials, courses, enrollments, user } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { isoWeekday } from "~/lib/class-dates";
import { vietnamInstant } from "~/lib/trial-lesson";
import { learnerAttendanceSummary } from "~/models/learner-class.server";
import { loader as materialLoader } from "~/routes/site/material";
import { loader as profileLoader } from "~/routes/site/profile";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
const LEARNER = "hoc.vien.lop@lernhaus.test";
const SOON_LINK = "https://meet.example.com/lop-ngay-mai";
const LATER_LINK = "https://meet.example.com/lop-ba-ngay-nua";
const RUNNING_LINK = "https://meet.example.com/lop-dang-hoc";
const WAITLIST_LINK = "https://meet.example.com/lop-cho";
const WAITLIST_NOTE = "Nội dung của lớp đang chờ";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let cookie: string;
let learnerId: string;
const seat = { soon: "", later: "", running: "", waiting: "" };
let runningClass: string;
let otherLearner: string;
const material = { file: "", link: "", waitlisted: "" };

interface LoadedClass {
  meetingUrl: string | null;
  meetingVisibleFrom: Date | null;
  sessions: {
    day: string;
    number: number | null;
    covered: string;
    homework: string;
    attendance: string | null;
  }[];
  attendance: { counted: number; attended: number; excused: number; rate: number | null };
  materials: { id: string; title: string; kind: string; fileName: string | null; href: string }[];
}
interface Loaded {
  learner: { enrollments: { id: string; myClass: LoadedClass | null }[] };
}

async function loadProfile(): Promise<Loaded> {
  return (profileLoader as (args: unknown) => Promise<Loaded>)({
    request: new Request(`${APP_URL}/profile`, { headers: { cookie } }),
    context: { ...fixture.context },
    params: {},
  });
}

async function classOf(enrollmentId: string) {
  const loaded = await loadProfile();
  const course = loaded.learner.enrollments.find((row) => row.id === enrollmentId);
  expect(course, "the enrolment is listed").toBeDefined();
  return course!.myClass;
}

/** A class whose first session is `days` from today at `startTime` (Vietnam), meeting on that weekday. */
async function classStartingIn(courseId: string, days: number, startTime: string, meetingUrl: string) {
  const startsOn = addDays(days);
  return {
    startsOn,
    id: await createClass(database.db, {
      courseId,
      startsOn,
      startTime,
      weekdays: [isoWeekday(startsOn)],
      meetingUrl,
    }),
  };
}

async function ownedSeat(classId: string, values: { waitlistRank?: number } = {}) {
  const id = await enrolDirectly(database.db, classId, values);
  await database.db.update(enrollments).set({ userId: learnerId }).where(eq(enrollments.id, id));
  return id;
}

let laterStartsOn: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  fixture = createSessionFixture(database.db, APP_URL);
  cookie = await fixture.cookieFor(LEARNER, "Học Viên", "user");
  learnerId = (await database.db.select({ id: user.id }).from(user).where(eq(user.email, LEARNER)))[0]!.id;
  const [course] = await database.db.select({ id: courses.id }).from(courses).limit(1);

  // Tomorrow at 00:00: its link has shown since today 00:00 (Vietnam), whatever the hour now.
  const soon = await classStartingIn(course!.id, 1, "00:00", SOON_LINK);
  // In three days at 23:59: its link shows only two days from now, 23:59.
  const later = await classStartingIn(course!.id, 3, "23:59", LATER_LINK);
  laterStartsOn = later.startsOn;
  // Running for ten days, meeting every day: day -10 is session 1.
  runningClass = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-10),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    status: "running",
    meetingUrl: RUNNING_LINK,
  });
  const waitlisted = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-10),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    status: "running",
    meetingUrl: WAITLIST_LINK,
    capacity: 1,
  });

  seat.soon = await ownedSeat(soon.id);
  seat.later = await ownedSeat(later.id);
  seat.running = await ownedSeat(runningClass);
  await enrolDirectly(database.db, waitlisted, { fullName: "Người giữ chỗ" });
  seat.waiting = await ownedSeat(waitlisted, { waitlistRank: 1 });
  otherLearner = await enrolDirectly(database.db, runningClass, { fullName: "Người học khác" });

  await database.db.insert(classLessons).values([
    { classId: runningClass, day: addDays(-3), covered: "Perfekt mit haben", homework: "Bài 4, trang 32" },
    { classId: runningClass, day: addDays(-5), covered: "Modalverben", homework: "" },
    // Written ahead: not a session held yet.
    { classId: runningClass, day: addDays(2), covered: "Nội dung buổi sau", homework: "Chuẩn bị trước" },
    { classId: waitlisted, day: addDays(-3), covered: WAITLIST_NOTE, homework: WAITLIST_NOTE },
  ]);
  await database.db.insert(classAttendance).values([
    { classId: runningClass, enrollmentId: seat.running, day: addDays(-3), status: "present" },
    { classId: runningClass, enrollmentId: seat.running, day: addDays(-2), status: "late" },
    { classId: runningClass, enrollmentId: seat.running, day: addDays(-1), status: "absent" },
    { classId: runningClass, enrollmentId: seat.running, day: addDays(-6), status: "excused" },
    // Another learner of the same class: never the learner's to see.
    { classId: runningClass, enrollmentId: otherLearner, day: addDays(-3), status: "absent" },
    { classId: runningClass, enrollmentId: otherLearner, day: addDays(-4), status: "excused" },
  ]);
  // One at a time: the list is in the order they were added.
  const add = async (values: typeof classMaterials.$inferInsert) =>
    (await database.db.insert(classMaterials).values(values).returning({ id: classMaterials.id }))[0]!.id;
  material.file = await add({
    classId: runningClass,
    title: "Từ vựng bài 4",
    fileName: "tu-vung-4.pdf",
    contentType: "application/pdf",
    byteSize: 5,
    data: Buffer.from("%PDF-"),
  });
  material.link = await add({
    classId: runningClass,
    title: "Hörübung",
    url: "https://audio.example.com/bai-4",
  });
  material.waitlisted = await add({
    classId: waitlisted,
    title: "Tài liệu của lớp chờ",
    url: "https://audio.example.com/lop-cho",
  });
});

async function openMaterial(id: string) {
  return (materialLoader as (args: unknown) => Promise<Response>)({
    request: new Request(`${APP_URL}/materials/${id}`, { headers: { cookie } }),
    context: { ...fixture.context },
    params: { id },
  }).catch((thrown: Response) => thrown);
}

describe("a learner's class on /profile", () => {
  it("shows nothing of a class while the address is unproven", async () => {
    const loaded = await loadProfile();
    expect(loaded.learner.enrollments).toEqual([]);
    expect(JSON.stringify(loaded)).not.toContain(RUNNING_LINK);
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learnerId));
  });

  it("hides the meeting link until 24 h before the first session, and says when it shows", async () => {
    const later = await classOf(seat.later);
    expect(later!.meetingUrl).toBeNull();
    expect(later!.meetingVisibleFrom).toEqual(
      new Date(vietnamInstant(laterStartsOn, "23:59").getTime() - 24 * 3_600_000),
    );
    expect(JSON.stringify(await loadProfile())).not.toContain(LATER_LINK);

    const soon = await classOf(seat.soon);
    expect(soon!.meetingUrl).toBe(SOON_LINK);
    expect(soon!.meetingVisibleFrom).toBeNull();
    expect(soon!.sessions).toEqual([]);
    expect(soon!.attendance).toEqual({ counted: 0, attended: 0, excused: 0, rate: null });
  });

  it("lists the sessions held with what was covered and the homework, newest first, and the learner's own marks", async () => {
    const running = await classOf(seat.running);
    expect(running!.meetingUrl).toBe(RUNNING_LINK);
    expect(running!.sessions).toEqual([
      { day: addDays(-1), number: 10, covered: "", homework: "", attendance: "absent" },
      { day: addDays(-2), number: 9, covered: "", homework: "", attendance: "late" },
      {
        day: addDays(-3),
        number: 8,
        covered: "Perfekt mit haben",
        homework: "Bài 4, trang 32",
        attendance: "present",
      },
      // A note without the learner's mark: listed, unmarked (the other learner's "excused" of
      // day -4 lists no session, and day -4 has no note).
      { day: addDays(-5), number: 6, covered: "Modalverben", homework: "", attendance: null },
      { day: addDays(-6), number: 5, covered: "", homework: "", attendance: "excused" },
    ]);
    // Present and late attended, absent not: 2 of 3; the excused session is left out (ADR 048).
    expect(running!.attendance).toEqual({ counted: 3, attended: 2, excused: 1, rate: 2 / 3 });
    const data = JSON.stringify(await loadProfile());
    expect(data).not.toContain("Nội dung buổi sau");
    expect(data).not.toContain(otherLearner);
  });

  it("never carries another learner's mark in the same class", async () => {
    const running = await classOf(seat.running);
    const dayMinus3 = running!.sessions.find((session) => session.day === addDays(-3));
    // The other learner was absent that day; the learner sees their own "present".
    expect(dayMinus3!.attendance).toBe("present");
    // The other learner's "excused" of day -4 (no note that day) lists no session.
    expect(running!.sessions.some((session) => session.day === addDays(-4))).toBe(false);
  });

  it("lists the class's materials, each linking to /materials/:id, which opens it for the learner", async () => {
    const running = await classOf(seat.running);
    expect(running!.materials).toEqual([
      {
        id: material.file,
        title: "Từ vựng bài 4",
        kind: "file",
        fileName: "tu-vung-4.pdf",
        byteSize: 5,
        href: `/materials/${material.file}`,
      },
      {
        id: material.link,
        title: "Hörübung",
        kind: "link",
        fileName: null,
        byteSize: null,
        href: `/materials/${material.link}`,
      },
    ]);
    expect((await openMaterial(material.file)).status).toBe(200);
    expect((await openMaterial(material.link)).headers.get("Location")).toBe(
      "https://audio.example.com/bai-4",
    );
  });

  it("gives a waitlisted enrolment nothing of its class", async () => {
    const loaded = await loadProfile();
    const waiting = loaded.learner.enrollments.find((row) => row.id === seat.waiting);
    expect(waiting).toBeDefined();
    expect(waiting!.myClass).toBeNull();
    const data = JSON.stringify(loaded);
    expect(data).not.toContain(WAITLIST_LINK);
    expect(data).not.toContain(WAITLIST_NOTE);
    expect(data).not.toContain(material.waitlisted);
    expect((await openMaterial(material.waitlisted)).status).toBe(404);
  });

  it("counts the rate as the school does: attended ÷ marked, excused left out, sessions ahead not held", () => {
    expect(learnerAttendanceSummary([], "2026-03-10")).toEqual({
      counted: 0,
      attended: 0,
      excused: 0,
      rate: null,
    });
    expect(
      learnerAttendanceSummary(
        [
          { day: "2026-03-02", status: "present" },
          { day: "2026-03-03", status: "late" },
          { day: "2026-03-04", status: "absent" },
          { day: "2026-03-05", status: "excused" },
          { day: "2026-03-12", status: "absent" },
        ],
        "2026-03-10",
      ),
    ).toEqual({ counted: 3, attended: 2, excused: 1, rate: 2 / 3 });
  });
});
