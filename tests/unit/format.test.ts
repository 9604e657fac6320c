import { describe, expect, it } from "vitest";
import { formatDateVi, formatPriceVnd } from "~/lib/format";

describe("formatPriceVnd (spec §9)", () => {
  it("uses dots for thousands and the suffix đ", () => {
    expect(formatPriceVnd(2_500_000)).toBe("2.500.000đ");
    expect(formatPriceVnd(4_000_000)).toBe("4.000.000đ");
    expect(formatPriceVnd(999)).toBe("999đ");
    expect(formatPriceVnd(1000)).toBe("1.000đ");
    expect(formatPriceVnd(0)).toBe("0đ");
    expect(formatPriceVnd(12_345_678)).toBe("12.345.678đ");
  });
});

describe("formatDateVi (spec §9)", () => {
  it("shows day/month/year in Vietnam's time zone", () => {
    expect(formatDateVi(new Date("2025-03-05T10:00:00Z"))).toBe("05/03/2025");
    // 20:00 UTC on the 31st is already the 1st in Hà Nội (UTC+7).
    expect(formatDateVi("2025-12-31T20:00:00Z")).toBe("01/01/2026");
  });
});
