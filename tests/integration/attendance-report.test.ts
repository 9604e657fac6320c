// The school sees its classes (issue 30, ADR 048), through the real route modules against
// PostgreSQL: each learner's and each class's attendance rate (excused sessions left out), the
// flag after two absences in a row (not after absent, present, absent; not when the last is
// excused) on the roster and in analytics' "Cần gọi điện", and the certificates of a finished
// class: only for the learners at or over 80 % of the sessions held, in vi, en and de; none
// before the class is over; refused to a teacher and an editor.
import { beforeAll, describe, expect, it } from "vitest";
import { classAttendance, courses } from "~/db/schema";
import type { AttendanceStatus } from "~/lib/attendance";
import { formatDateVi } from "~/lib/format";
import { classMeetingDays } from "~/lib/trial-lesson";
import { loader as analyticsLoader } from "~/routes/admin/analytics";
import { loader as certificatesLoader } from "~/routes/admin/classes.certificates";
import { loader as rosterLoader } from "~/routes/admin/classes.roster";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
type Who = "admin" | "consultant" | "teacher" | "editor";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
const cookies: Record<Who, string> = { admin: "", consultant: "", teacher: "", editor: "" };
let finishedClass: string;
let runningClass: string;
const learner: Record<string, string> = {};

/** Every day of the week, so that a class meets on each of the days counted back from today. */
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

async function mark(
  classId: string,
  enrollmentId: string,
  days: readonly string[],
  statuses: AttendanceStatus[],
) {
  await database.db
    .insert(classAttendance)
    .values(statuses.map((status, index) => ({ classId, enrollmentId, day: days[index]!, status })));
}

const times = (n: number, status: AttendanceStatus): AttendanceStatus[] => Array(n).fill(status);

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  for (const who of Object.keys(cookies) as Who[])
    cookies[who] = await fixture.cookieFor(`${who}@lernhaus.test`, who, who);
  const [course] = await database.db
    .insert(courses)
    .values({
      level: "B1",
      title: "B1 buổi tối",
      description: "x",
      duration: "x",
      lessons: "x",
      color: "blue",
      price: 3_500_000,
      translations: { en: { title: "B1 evening course" }, de: { title: "B1 Abendkurs" } },
    })
    .returning({ id: courses.id });

  // Finished: 24 daily sessions from 60 days ago; attendance taken on the first ten.
  finishedClass = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-60),
    weekdays: EVERY_DAY,
    status: "finished",
  });
  const held = classMeetingDays(
    { startsOn: addDays(-60), weekdays: EVERY_DAY, sessionCount: 24, endsOn: null },
    addDays(-60),
    addDays(0),
  ).slice(0, 10);
  const enrolFinished = async (name: string, statuses: AttendanceStatus[], status?: string) => {
    learner[name] = await enrolDirectly(database.db, finishedClass, { fullName: name, status });
    await mark(finishedClass, learner[name]!, held, statuses);
  };
  // 8 of 10 attended (a late one among them): exactly 80 %.
  await enrolFinished("An", [...times(7, "present"), "late", ...times(2, "absent")]);
  // 7 of 10: just below.
  await enrolFinished("Bình", [...times(7, "present"), ...times(3, "absent")]);
  // 8 present and 2 excused: a rate of 100 %, and 8 of 10 held: a certificate.
  await enrolFinished("Chi", [...times(8, "present"), ...times(2, "excused")]);
  // 7 present and 3 excused: a rate of 100 %, but 7 of 10 held: no certificate.
  await enrolFinished("Dũng", [...times(7, "present"), ...times(3, "excused")]);
  // Every session, but the enrolment was cancelled: not a learner of the class.
  await enrolFinished("Em", times(10, "present"), "cancelled");

  // Running: daily from a week ago, 24 sessions; three sessions marked.
  runningClass = await createClass(database.db, {
    courseId: course!.id,
    startsOn: addDays(-7),
    weekdays: EVERY_DAY,
    status: "running",
  });
  const days = [addDays(-3), addDays(-2), addDays(-1)];
  const enrolRunning = async (name: string, statuses: AttendanceStatus[]) => {
    learner[name] = await enrolDirectly(database.db, runningClass, { fullName: name });
    await mark(runningClass, learner[name]!, days, statuses);
  };
  await enrolRunning("Giang", ["present", "absent", "absent"]);
  await enrolRunning("Hà", ["absent", "present", "absent"]);
  await enrolRunning("Khoa", ["absent", "absent", "excused"]);
  await enrolRunning("Lan", ["present", "late", "present"]);
}, 120_000);

async function load<T>(fn: (args: never) => Promise<T>, who: Who, path: string, params = {}, lng?: string) {
  const cookie = lng ? `${cookies[who]}; lng=${lng}` : cookies[who];
  const request = new Request(`${APP_URL}${path}`, { headers: new Headers({ cookie }) });
  try {
    return {
      value: await (fn as (args: unknown) => Promise<T>)({
        request,
        context: { ...fixture.context },
        params,
      }),
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}

const nameOf = (id: string) => Object.entries(learner).find(([, value]) => value === id)?.[0];

describe("the roster", () => {
  it("shows each learner's rate, excused sessions left out, and the class's", async () => {
    const { value } = await load(rosterLoader, "consultant", `/admin/classes/${finishedClass}`, {
      id: finishedClass,
    });
    const { attendance } = value!;
    expect(attendance.sessionsHeld).toBe(10);
    expect(attendance.learners[learner.An!]).toMatchObject({ attended: 8, counted: 10, rate: 0.8 });
    expect(attendance.learners[learner.Bình!]).toMatchObject({ attended: 7, counted: 10, rate: 0.7 });
    expect(attendance.learners[learner.Chi!]).toMatchObject({ attended: 8, counted: 8, rate: 1 });
    expect(attendance.learners[learner.Dũng!]).toMatchObject({ attended: 7, counted: 7, rate: 1 });
    // The cancelled enrolment is not on the roster, nor in the rates.
    expect(attendance.learners[learner.Em!]).toBeUndefined();
    // Pooled: 30 attended of 35 counted.
    expect(attendance.rate).toBeCloseTo(30 / 35, 10);
  });

  it("flags a learner absent from the last two sessions, not absent-present-absent nor a last excused", async () => {
    const { value } = await load(rosterLoader, "admin", `/admin/classes/${runningClass}`, {
      id: runningClass,
    });
    const flagged = Object.entries(value!.attendance.learners)
      .filter(([, row]) => row.flagged)
      .map(([id]) => nameOf(id));
    expect(flagged).toEqual(["Giang"]);
    expect(value!.attendance.learners[learner.Giang!]).toMatchObject({ attended: 1, counted: 3 });
    expect(value!.attendance.learners[learner.Khoa!]).toMatchObject({ attended: 0, counted: 2, rate: 0 });
    expect(value!.attendance.learners[learner.Giang!]!.last.map((m) => m.status)).toEqual([
      "present",
      "absent",
      "absent",
    ]);
  });
});

describe("analytics", () => {
  it("lists the running and finished classes' rates and the learners to call", async () => {
    const { value } = await load(analyticsLoader, "consultant", "/admin/analytics");
    const rates = Object.fromEntries(value!.attendance.map((row) => [row.id, row]));
    expect(rates[finishedClass]).toMatchObject({ status: "finished", sessionsHeld: 10 });
    expect(rates[finishedClass]!.rate).toBeCloseTo(30 / 35, 10);
    expect(rates[runningClass]).toMatchObject({ status: "running", sessionsHeld: 3 });
    // Giang 1/3, Hà 1/3, Khoa 0/2, Lan 3/3.
    expect(rates[runningClass]!.rate).toBeCloseTo(5 / 11, 10);
    // Running first.
    expect(value!.attendance.findIndex((row) => row.id === runningClass)).toBeLessThan(
      value!.attendance.findIndex((row) => row.id === finishedClass),
    );
    expect(value!.toCall).toEqual([
      expect.objectContaining({
        enrollmentId: learner.Giang,
        fullName: "Giang",
        phone: expect.stringMatching(/^\+84/),
        classId: runningClass,
        courseTitle: "B1 buổi tối",
        lastAbsentOn: addDays(-1),
      }),
    ]);
  });

  it("is refused to a teacher and an editor", async () => {
    for (const who of ["teacher", "editor"] as const) {
      const { thrown } = await load(analyticsLoader, who, "/admin/analytics");
      expect(thrown?.status, who).toBe(302);
    }
  });
});

describe("certificates", () => {
  const titles = {
    vi: "Giấy chứng nhận tham dự",
    en: "Certificate of Attendance",
    de: "Teilnahmebescheinigung",
  };
  const courseOf = { vi: "B1 buổi tối", en: "B1 evening course", de: "B1 Abendkurs" };

  for (const language of ["vi", "en", "de"] as const) {
    it(`are only for the learners at or over 80 % of the sessions held, in ${language}`, async () => {
      const path = `/admin/classes/${finishedClass}/certificates?lang=${language}`;
      const { value } = await load(certificatesLoader, "consultant", path, { id: finishedClass });
      expect(value!.over).toBe(true);
      expect(value!.language).toBe(language);
      expect(value!.sessionsHeld).toBe(10);
      expect(value!.learners).toBe(4);
      // An at exactly 80 %, Chi at 8 of 10 with two excused; not Bình (70 %), not Dũng (7 of 10
      // with three excused), not the cancelled Em.
      expect(value!.certificates.map((certificate) => certificate.name)).toEqual(["An", "Chi"]);
      for (const certificate of value!.certificates) {
        expect(certificate.title).toBe(titles[language]);
        expect(certificate.course).toContain(courseOf[language]);
        expect(certificate.course).toContain("B1");
        expect(certificate.sessions).toMatch(/\b8\b.*\b10\b/);
        expect(certificate.certifies).toContain("Lernhaus");
        // The class's first and last (24th) daily session.
        expect(certificate.dates).toContain(formatDateVi(addDays(-60)));
        expect(certificate.dates).toContain(formatDateVi(addDays(-37)));
      }
    });
  }

  it("are in the admin's own language without ?lang", async () => {
    const path = `/admin/classes/${finishedClass}/certificates`;
    const german = await load(certificatesLoader, "admin", path, { id: finishedClass }, "de");
    expect(german.value!.language).toBe("de");
    expect(german.value!.certificates[0]!.title).toBe(titles.de);
    const vietnamese = await load(certificatesLoader, "admin", path, { id: finishedClass });
    expect(vietnamese.value!.language).toBe("vi");
  });

  it("are not given before the class is over", async () => {
    const path = `/admin/classes/${runningClass}/certificates`;
    const { value } = await load(certificatesLoader, "admin", path, { id: runningClass });
    expect(value!.over).toBe(false);
    expect(value!.certificates).toEqual([]);
  });

  it("cannot be opened by a teacher or an editor; an unknown class is a 404", async () => {
    for (const who of ["teacher", "editor"] as const) {
      const path = `/admin/classes/${finishedClass}/certificates`;
      const { thrown } = await load(certificatesLoader, who, path, { id: finishedClass });
      expect(thrown?.status, who).toBe(302);
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    const { thrown } = await load(certificatesLoader, "admin", `/admin/classes/${missing}/certificates`, {
      id: missing,
    });
    expect(thrown?.status).toBe(404);
  });
});
