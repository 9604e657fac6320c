// A class enrolment in "Khóa học của tôi", in each language: the class's first day, its weekdays
// as /schedule names them, its time (Vietnam time, as stored), the waitlist position, where the
// payment stands, and the class's calendar file in the page's language. (Which enrolments are
// listed, and the waitlist position itself, are the query's: tests/integration/learner-account.)
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { classCalendarHref } from "~/components/site/schedule/schedule-links";
import type { Language } from "~/i18n/language";
import type { LearnerEnrollment } from "~/models/learner-enrollment.server";
import type { PaymentSettings } from "~/models/payment-settings.server";
import { renderMyCourse } from "./my-courses";
import { rawKeysIn } from "./render";

const CLASS_ID = "8b0c5f8e-7a51-4d7e-9d55-3c2f7f4b2a10";

const waitlisted: LearnerEnrollment = {
  id: "enrolment-1",
  level: "A2",
  courseTitle: "Lớp riêng A2",
  status: "new",
  paymentStatus: "paid",
  paymentReference: "LH3M9X",
  paymentAmount: 3_000_000,
  coursePrice: 3_000_000,
  waitlistRank: 10,
  seatOfferedAt: null,
  received: 3_000_000,
  createdAt: new Date("2025-12-01T02:00:00Z"),
  classId: CLASS_ID,
  classStartsOn: "2026-01-06",
  classWeekdays: [4, 2], // ISO: Thursday and Tuesday, shown in week order
  classStartTime: "19:00:00",
  classEndTime: "20:30:00",
  classStatus: "finished",
  waitlistPosition: 2,
};

const noTransfers: PaymentSettings = {
  bankBin: "",
  accountNumber: "",
  accountHolder: "",
  transferPrefix: "",
  firstCourseDiscount: false,
};

const expected: Record<Language, string[]> = {
  vi: ["Khai giảng 06/01/2026 · Thứ 3, Thứ 5 · 19:00–20:30", "Danh sách chờ: vị trí 2", "Đã thanh toán"],
  en: ["Starts 06/01/2026 · Tue, Thu · 19:00–20:30", "Waiting list: position 2", "Paid"],
  de: ["Beginn 06/01/2026 · Di, Do · 19:00–20:30", "Warteliste: Platz 2", "Bezahlt"],
};

describe("a class enrolment in 'Khóa học của tôi'", () => {
  for (const language of ["vi", "en", "de"] as const) {
    it(`in ${language}: the class's start, weekdays and time, the waitlist position, the payment, the calendar file`, async () => {
      const item = await renderMyCourse(waitlisted, noTransfers, language);
      for (const text of expected[language]) expect(item.textContent).toContain(text);
      const calendar = within(item)
        .getAllByRole("link")
        .find((link) => link.getAttribute("href")?.endsWith(".ics"));
      expect(calendar?.getAttribute("href")).toBe(classCalendarHref(CLASS_ID, language));
      expect(rawKeysIn(item.textContent ?? "")).toEqual([]);
    });
  }
});
