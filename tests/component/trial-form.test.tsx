// The /trial form and its success screen, in each language: the lessons grouped by their Vietnam
// day with the weekday, their time and seats left, a full lesson that cannot be chosen, a class
// session named by its course, the level the placement test found chosen, the link's source
// carried in the form; the success screen's time in Vietnam time. (Which lessons are offered and
// the seats themselves are the model's: tests/integration/trial-booking.)
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TrialForm, type TrialSlotView, TrialSuccess } from "~/components/site/trial/trial-form";
import type { Language } from "~/i18n/language";
import { rawKeysIn, renderOnPage } from "./render";

// Thursday 10 December 2026, 19:00 and 21:00 in Vietnam (12:00 and 14:00 UTC); Saturday 12th 9:30.
const slots: TrialSlotView[] = [
  {
    key: "session:11111111-1111-4111-8111-111111111111",
    kind: "session",
    startsAt: "2026-12-10T12:00:00.000Z",
    endsAt: "2026-12-10T13:00:00.000Z",
    seatsLeft: 3,
    teacher: "Cô Mai",
    courseTitle: null,
  },
  {
    key: "class:22222222-2222-4222-8222-222222222222:2026-12-10",
    kind: "class",
    startsAt: "2026-12-10T14:00:00.000Z",
    endsAt: "2026-12-10T15:30:00.000Z",
    seatsLeft: 0,
    teacher: null,
    courseTitle: "Tiếng Đức B1",
  },
  {
    key: "session:33333333-3333-4333-8333-333333333333",
    kind: "session",
    startsAt: "2026-12-12T02:30:00.000Z",
    endsAt: "2026-12-12T03:30:00.000Z",
    seatsLeft: 1,
    teacher: null,
    courseTitle: null,
  },
];

const expected: Record<Language, { days: string[]; texts: string[]; level: string }> = {
  vi: {
    days: ["Thứ 5, 10/12/2026", "Thứ 7, 12/12/2026"],
    texts: [
      "19:00–20:00 (giờ Việt Nam)",
      "Còn 3 chỗ",
      "Giáo viên: Cô Mai",
      "Học cùng lớp Tiếng Đức B1",
      "Đã đủ chỗ",
      "Còn 1 chỗ",
    ],
    level: "Trình độ hiện tại",
  },
  en: {
    days: ["Thu, 10/12/2026", "Sat, 12/12/2026"],
    texts: [
      "19:00–20:00 (Vietnam time)",
      "3 seats left",
      "Teacher: Cô Mai",
      "Join the class Tiếng Đức B1",
      "Full",
      "1 seat left",
    ],
    level: "Current level",
  },
  de: {
    days: ["Do, 10/12/2026", "Sa, 12/12/2026"],
    texts: [
      "19:00–20:00 (vietnamesische Zeit)",
      "Noch 3 Plätze frei",
      "Lehrkraft: Cô Mai",
      "Im Kurs Tiếng Đức B1 mitlernen",
      "Ausgebucht",
      "Noch 1 Platz frei",
    ],
    level: "Aktuelles Niveau",
  },
};

const ticket = { minimumFillMs: 3_000 };

describe("the trial lesson's form", () => {
  for (const language of ["vi", "en", "de"] as const) {
    it(`in ${language}: lessons by day, seats, a full one disabled, the level chosen, the source carried`, async () => {
      const { page } = await renderOnPage(
        <TrialForm
          slots={slots}
          level="b1"
          source="placement-test"
          lastResult={undefined}
          ticket={ticket}
          onSent={() => {}}
        />,
        { language },
      );
      const text = page.textContent ?? "";
      for (const day of expected[language].days) expect(text).toContain(day);
      for (const shown of expected[language].texts) expect(text).toContain(shown);
      const radios = within(page).getAllByRole("radio");
      expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(slots.map((slot) => slot.key));
      expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([false, true, false]);
      expect((screen.getByLabelText(new RegExp(expected[language].level)) as HTMLSelectElement).value).toBe(
        "b1",
      );
      const source = page.querySelector<HTMLInputElement>('input[type="hidden"][name="source"]');
      expect(source?.value).toBe("placement-test");
      expect(rawKeysIn(text)).toEqual([]);
    });
  }
});

describe("the trial lesson's success screen", () => {
  it("says when in Vietnam time, where the confirmation went, and links to enrol", async () => {
    const { page } = await renderOnPage(
      <TrialSuccess
        sent={{ email: "lan@example.com", startsAt: slots[0]!.startsAt, endsAt: slots[0]!.endsAt }}
        reminderHours={2}
        enrollHref="/en/enroll"
        againHref="/en/trial"
      />,
      { language: "en" },
    );
    const text = page.textContent ?? "";
    expect(text).toContain("When: 10/12/2026 · 19:00–20:00 (Vietnam time)");
    expect(text).toContain("lan@example.com");
    expect(text).toContain("2 hours before the lesson");
    expect(within(page).getByRole("link", { name: "Enrol in a course" }).getAttribute("href")).toBe(
      "/en/enroll",
    );
    expect(rawKeysIn(text)).toEqual([]);
  });
});
