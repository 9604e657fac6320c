import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import {
  calendarDayInVietnam,
  formatDateTimeVi,
  formatDateVi,
  formatDayMonthVi,
  formatDuration,
  formatElapsed,
  formatNumber,
  formatPriceVnd,
  formatShare,
  formatTimeVi,
  TIME_ZONE,
} from "~/lib/format";

// 07:05 UTC is 14:05 in Hà Nội (UTC+7, no daylight saving).
const afternoon = new Date("2026-11-22T07:05:00Z");
// 20:00 UTC on the 31st is already 03:00 on the 1st in Hà Nội.
const newYearInVietnam = "2025-12-31T20:00:00Z";

describe("the time zone", () => {
  it("is Vietnam's", () => {
    expect(TIME_ZONE).toBe("Asia/Ho_Chi_Minh");
  });
});

describe("formatDateVi (spec §9)", () => {
  it("shows day/month/year in Vietnam's time zone", () => {
    expect(formatDateVi(new Date("2025-03-05T10:00:00Z"))).toBe("05/03/2025");
    expect(formatDateVi(newYearInVietnam)).toBe("01/01/2026");
  });

  it("reads a bare calendar day as that day, whatever the process's zone", () => {
    expect(formatDateVi("2026-11-22")).toBe("22/11/2026");
    expect(formatDateVi("2026-01-01")).toBe("01/01/2026");
  });
});

describe("formatDayMonthVi", () => {
  it("shows day/month, for a week on a chart", () => {
    expect(formatDayMonthVi("2026-03-02")).toBe("02/03");
    expect(formatDayMonthVi(newYearInVietnam)).toBe("01/01");
  });
});

describe("formatTimeVi", () => {
  it("shows hh:mm on the 24-hour clock in Vietnam", () => {
    expect(formatTimeVi(afternoon)).toBe("14:05");
    expect(formatTimeVi("2026-11-21T17:00:00Z")).toBe("00:00");
  });
});

describe("formatDateTimeVi", () => {
  it("puts the day first, then the time: dd/mm/yyyy hh:mm", () => {
    expect(formatDateTimeVi(afternoon)).toBe("22/11/2026 14:05");
    expect(formatDateTimeVi(newYearInVietnam)).toBe("01/01/2026 03:00");
    expect(formatDateTimeVi(afternoon.toISOString())).toBe("22/11/2026 14:05");
  });
});

describe("calendarDayInVietnam", () => {
  it("is the school's day as yyyy-mm-dd", () => {
    expect(calendarDayInVietnam(new Date(newYearInVietnam))).toBe("2026-01-01");
    expect(calendarDayInVietnam(new Date("2025-12-31T16:00:00Z"))).toBe("2025-12-31");
  });
});

describe("formatNumber", () => {
  it("groups digits as each language does", () => {
    expect(formatNumber(1234567, "vi")).toBe("1.234.567");
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatNumber(1234567, "de")).toBe("1.234.567");
    for (const language of languages) expect(formatNumber(42, language)).toBe("42");
  });
});

describe("formatShare", () => {
  it("is a whole percent in each language's spelling", () => {
    expect(formatShare(2, 3, "vi")).toBe("67%");
    expect(formatShare(2, 3, "en")).toBe("67%");
    expect(formatShare(2, 3, "de")).toBe("67\u00a0%");
    expect(formatShare(1, 5, "vi")).toBe("20%");
  });

  it("is a dash when there is nothing to divide by", () => {
    for (const language of languages) expect(formatShare(0, 0, language)).toBe("—");
  });
});

describe("formatDuration", () => {
  it("gives whole minutes under an hour, at least one", () => {
    expect(formatDuration(45 * 60, "vi")).toBe("45 phút");
    expect(formatDuration(45 * 60, "en")).toBe("45 minutes");
    expect(formatDuration(45 * 60, "de")).toBe("45 Minuten");
    expect(formatDuration(10, "vi")).toBe("1 phút");
    expect(formatDuration(10, "en")).toBe("1 minute");
    expect(formatDuration(10, "de")).toBe("1 Minute");
  });

  it("gives hours with at most one decimal from an hour on", () => {
    expect(formatDuration(9000, "vi")).toBe("2,5 giờ");
    expect(formatDuration(9000, "en")).toBe("2.5 hours");
    expect(formatDuration(9000, "de")).toBe("2,5 Stunden");
    expect(formatDuration(3600, "en")).toBe("1 hour");
    expect(formatDuration(3600, "de")).toBe("1 Stunde");
    expect(formatDuration(2 * 3600, "vi")).toBe("2 giờ");
    expect(formatDuration(7400, "en")).toBe("2.1 hours");
  });
});

describe("formatElapsed", () => {
  it("gives minutes under an hour", () => {
    expect(formatElapsed(30 * 60 + 20, "vi")).toBe("30 phút");
    expect(formatElapsed(30 * 60, "en")).toBe("30 min");
    expect(formatElapsed(30 * 60, "de")).toBe("30 Min.");
  });

  it("gives hours and minutes under a day", () => {
    expect(formatElapsed(2 * 3600 + 5 * 60, "vi")).toBe("2 giờ 5 phút");
    expect(formatElapsed(2 * 3600 + 5 * 60, "en")).toBe("2 hr 5 min");
    expect(formatElapsed(2 * 3600 + 5 * 60, "de")).toBe("2 Std. 5 Min.");
  });

  it("gives days and hours from a day on", () => {
    expect(formatElapsed(86_400 + 3 * 3600 + 59, "vi")).toBe("1 ngày 3 giờ");
    expect(formatElapsed(86_400 + 3 * 3600, "en")).toBe("1 day 3 hr");
    expect(formatElapsed(2 * 86_400, "de")).toBe("2 Tg. 0 Std.");
  });
});

describe("formatPriceVnd (spec §9)", () => {
  it("uses dots for thousands and the suffix đ", () => {
    expect(formatPriceVnd(2_500_000)).toBe("2.500.000đ");
    expect(formatPriceVnd(4_000_000)).toBe("4.000.000đ");
    expect(formatPriceVnd(999)).toBe("999đ");
    expect(formatPriceVnd(1000)).toBe("1.000đ");
    expect(formatPriceVnd(0)).toBe("0đ");
    expect(formatPriceVnd(12_345_678)).toBe("12.345.678đ");
  });

  it("rounds to whole đồng", () => {
    expect(formatPriceVnd(2_499_999.6)).toBe("2.500.000đ");
  });
});
