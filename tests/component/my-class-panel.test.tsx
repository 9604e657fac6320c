// What a learner sees of their class inside its enrolment's card in "Khóa học của tôi" (issue 30),
// as the profile's loader sends it (listLearnerClasses): the online classroom's link once it may
// show, else when it will; their own attendance in words, each session's number, what was covered
// and the homework; the materials, each a link to /materials/:id; in Vietnamese and German. An
// enrolment without a seat gets no panel. (Which data reaches the page is the model's and the
// loader's: tests/integration/learner-class.)
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MyClass } from "~/components/account/my-class-panel";
import { type MyCourse, MyCoursesSection } from "~/components/account/my-courses-section";
import type { Language } from "~/i18n/language";
import { rawKeysIn, renderOnPage } from "./render";

const MEETING = "https://meet.example.com/lop-a1";

const running: MyClass = {
  status: "running",
  meetingUrl: MEETING,
  meetingVisibleFrom: null,
  sessions: [
    { day: "2026-03-12", number: 8, covered: "", homework: "", attendance: "absent" },
    {
      day: "2026-03-10",
      number: 7,
      covered: "Perfekt mit haben",
      homework: "Bài 4, trang 32",
      attendance: "late",
    },
    { day: "2026-03-05", number: 6, covered: "Modalverben", homework: "", attendance: "present" },
    { day: "2026-03-03", number: 5, covered: "Wiederholung", homework: "", attendance: null },
  ],
  attendance: { counted: 3, attended: 2, excused: 1, rate: 2 / 3 },
  materials: [
    {
      id: "5b0e7d0a-1111-4c3b-9a55-0f3a8e9b1a01",
      title: "Từ vựng bài 4",
      kind: "file",
      fileName: "tu-vung-4.pdf",
      byteSize: 2_411_724,
      href: "/materials/5b0e7d0a-1111-4c3b-9a55-0f3a8e9b1a01",
    },
    {
      id: "5b0e7d0a-2222-4c3b-9a55-0f3a8e9b1a02",
      title: "Hörübung",
      kind: "link",
      fileName: null,
      byteSize: null,
      href: "/materials/5b0e7d0a-2222-4c3b-9a55-0f3a8e9b1a02",
    },
  ],
};

/** A class starting in three days: its link shows 24 h before, at 19:00 Vietnam time. */
const coming: MyClass = {
  status: "open",
  meetingUrl: null,
  meetingVisibleFrom: new Date("2026-03-09T12:00:00Z"),
  sessions: [],
  attendance: { counted: 0, attended: 0, excused: 0, rate: null },
  materials: [],
};

const course = (id: string, myClass: MyClass | null, extra: Partial<MyCourse> = {}): MyCourse => ({
  id,
  level: "a1",
  courseTitle: "Tiếng Đức A1",
  status: "enrolled",
  paymentStatus: "paid",
  createdAt: "2026-02-01T03:00:00Z",
  classId: "9c1d2e3f-0000-4c3b-9a55-0f3a8e9b1a00",
  classStartsOn: "2026-02-02",
  classWeekdays: [2, 4],
  classStartTime: "19:00:00",
  classEndTime: "20:30:00",
  waitlistPosition: null,
  myClass,
  ...extra,
});

const RUNNING_ID = "7d1c0a3e-0001-4c51-8a6b-2b8f0c7e9a10";
const COMING_ID = "7d1c0a3e-0002-4c51-8a6b-2b8f0c7e9a10";
const WAITING_ID = "7d1c0a3e-0003-4c51-8a6b-2b8f0c7e9a10";

async function renderCourses(courses: MyCourse[], language: Language = "vi") {
  const { page } = await renderOnPage(
    <MyCoursesSection
      email="hoc-vien@example.com"
      data={{
        emailVerified: true,
        enrollments: courses,
        justCancelled: false,
        confirmCancel: undefined,
        trials: [],
        justCancelledTrial: false,
        confirmCancelTrial: undefined,
      }}
      actionData={undefined}
    />,
    { language, path: "/profile" },
  );
  return page;
}

const panelOf = (page: HTMLElement, enrollmentId: string) =>
  page.querySelector<HTMLElement>(`section[aria-labelledby="my-class-${enrollmentId}"]`);

const expected = {
  vi: {
    heading: "Lớp học của tôi",
    join: "Vào phòng học trực tuyến (mở trong thẻ mới)",
    later: "Đường dẫn phòng học trực tuyến sẽ hiện ở đây từ 19:00 ngày 09/03/2026 (giờ Việt Nam)",
    summary: "Bạn đã đi học 2 trên 3 buổi (67%). Buổi nghỉ có phép không tính vào tỉ lệ: 1 buổi.",
    marks: ["Vắng", "Đi muộn", "Có mặt", "Chưa điểm danh"],
    session: "Buổi 7 · 10/03/2026",
    covered: "Nội dung đã học",
    homework: "Bài tập về nhà",
    file: "Tệp tu-vung-4.pdf · 2,3 MB",
    link: "Đường dẫn",
    none: "Chưa có buổi học nào được điểm danh.",
  },
  de: {
    heading: "Mein Kurs",
    join: "Online-Klassenzimmer betreten (öffnet in einem neuen Tab)",
    later: "Der Link zum Online-Klassenzimmer erscheint hier ab 09/03/2026, 19:00 Uhr (vietnamesische Zeit)",
    summary: "Sie waren bei 2 von 3 Stunden dabei (67\u00a0%). 1 entschuldigte Abwesenheit zählt nicht mit.",
    marks: ["Abwesend", "Verspätet", "Anwesend", "Nicht erfasst"],
    session: "Stunde 7 · 10/03/2026",
    covered: "Behandelter Stoff",
    homework: "Hausaufgaben",
    file: "Datei tu-vung-4.pdf · 2,3 MB",
    link: "Externer Link",
    none: "Es wurde noch keine Anwesenheit erfasst.",
  },
} as const;

describe("the learner's class in 'Khóa học của tôi'", () => {
  for (const language of ["vi", "de"] as const) {
    const words = expected[language];

    it(`in ${language}: the meeting link, the own attendance in words, the sessions and the materials`, async () => {
      const page = await renderCourses([course(RUNNING_ID, running)], language);
      const panel = panelOf(page, RUNNING_ID)!;
      expect(panel).not.toBeNull();
      expect(within(page).getByRole("region", { name: words.heading })).toBe(panel);
      const join = within(panel).getByRole("link", { name: words.join });
      expect(join.getAttribute("href")).toBe(MEETING);
      expect(join.getAttribute("target")).toBe("_blank");
      expect(join.getAttribute("rel")).toContain("noopener");
      expect(panel.textContent).toContain(words.summary);

      const sessions = [...panel.querySelectorAll("ol > li")] as HTMLElement[];
      expect(sessions).toHaveLength(4);
      expect(sessions.map((item) => item.querySelector(".rounded-full")?.textContent)).toEqual(words.marks);
      expect(sessions[1]!.textContent).toContain(words.session);
      expect(within(sessions[1]!).getByText(words.covered).nextElementSibling?.textContent).toBe(
        "Perfekt mit haben",
      );
      expect(within(sessions[1]!).getByText(words.homework).nextElementSibling?.textContent).toBe(
        "Bài 4, trang 32",
      );
      // A session without homework says nothing of it.
      expect(sessions[2]!.textContent).not.toContain(words.homework);

      const file = within(panel).getByRole("link", { name: "Từ vựng bài 4" });
      expect(file.getAttribute("href")).toBe(`/materials/${running.materials[0]!.id}`);
      expect(file.closest("li")!.textContent).toContain(words.file);
      const link = within(panel).getByRole("link", { name: "Hörübung" });
      expect(link.getAttribute("href")).toBe(`/materials/${running.materials[1]!.id}`);
      expect(link.closest("li")!.textContent).toContain(words.link);
      expect(rawKeysIn(panel.textContent ?? "")).toEqual([]);
    });

    it(`in ${language}: no meeting link before its time, but when it will show`, async () => {
      const page = await renderCourses([course(COMING_ID, coming)], language);
      const panel = panelOf(page, COMING_ID)!;
      expect(within(panel).queryByRole("link", { name: words.join })).toBeNull();
      expect(panel.querySelector('a[href^="https://"]')).toBeNull();
      expect(panel.textContent).toContain(words.later);
      expect(panel.textContent).toContain(words.none);
      expect(rawKeysIn(panel.textContent ?? "")).toEqual([]);
    });
  }

  it("gives no rate when every session held was excused, only how many were", async () => {
    const page = await renderCourses([
      course(COMING_ID, { ...coming, attendance: { counted: 0, attended: 0, excused: 2, rate: null } }),
    ]);
    const text = panelOf(page, COMING_ID)!.textContent ?? "";
    expect(text).toContain("Buổi nghỉ có phép không tính vào tỉ lệ: 2 buổi.");
    expect(text).not.toContain("Bạn đã đi học");
    expect(text).not.toContain(expected.vi.none);
  });

  it("shows no panel for an enrolment without a seat in its class", async () => {
    const page = await renderCourses([
      course(WAITING_ID, null, { waitlistPosition: 2 }),
      course(COMING_ID, coming),
    ]);
    expect(panelOf(page, WAITING_ID)).toBeNull();
    expect(panelOf(page, COMING_ID)).not.toBeNull();
    expect(within(page).getAllByRole("region", { name: "Lớp học của tôi" })).toHaveLength(1);
  });

  it("says when the school has not shared a link yet, and nothing of it once the class is over", async () => {
    const waitingForLink = { ...coming, meetingVisibleFrom: null };
    const page = await renderCourses([
      course(COMING_ID, waitingForLink),
      course(RUNNING_ID, { ...running, status: "finished", meetingUrl: null }),
    ]);
    expect(panelOf(page, COMING_ID)!.textContent).toContain(
      "Trung tâm chưa gửi đường dẫn phòng học trực tuyến.",
    );
    expect(panelOf(page, RUNNING_ID)!.textContent).not.toContain("đường dẫn phòng học");
  });
});
