// The learner's trial lessons in "Khóa học của tôi" (issue 29), as the profile's loader sends them
// (myTrialOf): when, in Vietnam time; the class's course when it is a session of a real class;
// where each stands, in words, in each language; "Hủy buổi học thử" only on one still booked and
// ahead, its confirmation as a plain form; and the line with the link to /trial when there is
// none. (Which bookings are the learner's, and the cancellation itself, are the model's and the
// action's: tests/integration/learner-trials.)
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { myTrialOf } from "~/auth/learner-profile.server";
import { MyCoursesSection } from "~/components/account/my-courses-section";
import type { Language } from "~/i18n/language";
import type { LearnerTrial } from "~/models/trial-lesson.server";
import { rawKeysIn, renderOnPage } from "./render";

const NOW = new Date("2026-03-05T03:00:00Z");

/** A class session ahead, still booked: the only one that may be cancelled. */
const ahead: LearnerTrial = {
  id: "0b6f1c1e-1d1f-4c3b-9a55-0f3a8e9b1a01",
  // 19:00–20:30 in Vietnam.
  startsAt: new Date("2026-03-10T12:00:00Z"),
  endsAt: new Date("2026-03-10T13:30:00Z"),
  status: "booked",
  courseTitle: "Tiếng Đức A1 buổi tối",
  enrollmentId: null,
};
const trialSession = (id: string, status: LearnerTrial["status"], startsAt: string): LearnerTrial => ({
  id,
  startsAt: new Date(startsAt),
  endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
  status,
  courseTitle: null,
  enrollmentId: null,
});
// Booked, but its time has passed (the school has not marked it yet).
const bookedPast = trialSession("0b6f1c1e-1d1f-4c3b-9a55-0f3a8e9b1a02", "booked", "2026-03-01T02:00:00Z");
const attended = {
  ...trialSession("0b6f1c1e-1d1f-4c3b-9a55-0f3a8e9b1a03", "attended", "2026-02-20T02:00:00Z"),
  enrollmentId: "7d1c0a3e-54a4-4c51-8a6b-2b8f0c7e9a10",
};
const missed = trialSession("0b6f1c1e-1d1f-4c3b-9a55-0f3a8e9b1a04", "no-show", "2026-02-10T02:00:00Z");
const cancelledAhead = trialSession(
  "0b6f1c1e-1d1f-4c3b-9a55-0f3a8e9b1a05",
  "cancelled",
  "2026-03-20T02:00:00Z",
);

async function renderTrials(
  trials: LearnerTrial[],
  { language = "vi", confirm }: { language?: Language; confirm?: string } = {},
) {
  const { page } = await renderOnPage(
    <MyCoursesSection
      email="hoc-vien@example.com"
      data={{
        emailVerified: true,
        enrollments: [],
        justCancelled: false,
        confirmCancel: undefined,
        trials: trials.map((row) => myTrialOf(row, NOW)),
        justCancelledTrial: false,
        confirmCancelTrial: confirm,
      }}
      actionData={undefined}
    />,
    { language, path: "/profile" },
  );
  return within(page).getByRole("region", {
    name: { vi: "Buổi học thử", en: "Trial lessons", de: "Probestunden" }[language],
  });
}

const itemOf = (section: HTMLElement, id: string) => section.querySelector<HTMLElement>(`li#my-trial-${id}`)!;

const expected: Record<Language, { when: string; course: string; session: string; statuses: string[] }> = {
  vi: {
    when: "10/03/2026, 19:00–20:30 (giờ Việt Nam)",
    course: "Học thử cùng lớp Tiếng Đức A1 buổi tối",
    session: "Buổi học thử",
    statuses: ["Đã đặt", "Đã đặt", "Đã tham gia", "Vắng mặt", "Đã hủy"],
  },
  en: {
    when: "10/03/2026, 19:00–20:30 (Vietnam time)",
    course: "Trial lesson in the Tiếng Đức A1 buổi tối class",
    session: "Trial lesson",
    statuses: ["Booked", "Booked", "Attended", "Missed", "Cancelled"],
  },
  de: {
    when: "10/03/2026, 19:00–20:30 (vietnamesische Zeit)",
    course: "Probestunde in der Klasse Tiếng Đức A1 buổi tối",
    session: "Probestunde",
    statuses: ["Gebucht", "Gebucht", "Teilgenommen", "Nicht erschienen", "Storniert"],
  },
};

describe("the trial lessons in 'Khóa học của tôi'", () => {
  for (const language of ["vi", "en", "de"] as const) {
    it(`in ${language}: the time in Vietnam, the class's course, each status in words`, async () => {
      const section = await renderTrials([ahead, bookedPast, attended, missed, cancelledAhead], { language });
      const items = within(section).getAllByRole("listitem");
      expect(items).toHaveLength(5);
      const first = items[0]!;
      expect(first.textContent).toContain(expected[language].when);
      expect(first.textContent).toContain(expected[language].course);
      expect(itemOf(section, missed.id).textContent).toContain(expected[language].session);
      expect(items.map((item) => within(item).getByRole("definition").textContent)).toEqual(
        expected[language].statuses,
      );
      expect(rawKeysIn(section.textContent ?? "")).toEqual([]);
    });
  }

  it("offers 'Hủy buổi học thử' only on the one still booked and ahead", async () => {
    const section = await renderTrials([ahead, bookedPast, attended, missed, cancelledAhead]);
    const cancelLinks = within(section).queryAllByRole("link", { name: "Hủy buổi học thử" });
    expect(cancelLinks).toHaveLength(1);
    expect(itemOf(section, ahead.id).contains(cancelLinks[0]!)).toBe(true);
    expect(cancelLinks[0]!.getAttribute("href")).toBe(
      `/profile?cancelTrial=${ahead.id}#my-trial-${ahead.id}`,
    );
    expect(itemOf(section, attended.id).textContent).toContain("Đã chuyển thành đăng ký khóa học.");
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("asks for confirmation with a plain form posting the intent and the booking", async () => {
    const section = await renderTrials([ahead, cancelledAhead], { confirm: ahead.id });
    const item = itemOf(section, ahead.id);
    expect(item.textContent).toContain("Hủy buổi học thử ngày 10/03/2026 lúc 19:00?");
    const form = item.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/profile");
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: "cancel-trial", bookingId: ahead.id });
    expect(within(form).getByRole("button", { name: "Xác nhận hủy" })).toBeTruthy();
    expect(within(item).queryByRole("link", { name: "Hủy buổi học thử" })).toBeNull();
  });

  it("shows no form for a confirmation asked in the URL of a trial that cannot be cancelled", async () => {
    const section = await renderTrials([cancelledAhead, bookedPast], { confirm: cancelledAhead.id });
    expect(section.querySelector("form")).toBeNull();
  });

  it("says there is none yet, with the way to book one", async () => {
    const section = await renderTrials([]);
    expect(within(section).queryByRole("list")).toBeNull();
    expect(section.textContent).toContain("Bạn chưa đặt buổi học thử nào.");
    expect(
      within(section).getByRole("link", { name: "Đặt buổi học thử miễn phí" }).getAttribute("href"),
    ).toBe("/trial");
  });
});
