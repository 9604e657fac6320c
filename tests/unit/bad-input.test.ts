// Bad input at the parsing level: URL values that used to reach PostgreSQL and come back as a
// 500 are refused (a NUL byte, broken percent-encoding) or ignored (an impossible date).
import { describe, expect, it } from "vitest";
import { parseAnalyticsRange } from "~/schemas/analytics";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { isCalendarDay } from "~/schemas/fields";
import { isMalformedUrl } from "../../server/malformed-url";

describe("calendar days", () => {
  it("are real dates only", () => {
    for (const day of ["2024-02-29", "2026-12-31", "2000-01-01"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      "2024-02-30",
      "2023-02-29",
      "2024-04-31",
      "2024-13-01",
      "0000-00-00",
      "2024-1-01",
      "x",
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("an impossible day in the admin filters is ignored, not sent to the database", () => {
    expect(readStudentListQuery("from=2024-02-30&to=2023-02-29&q=Lan")).toMatchObject({
      from: undefined,
      to: undefined,
      q: "Lan",
    });
    const now = new Date("2026-11-25T05:00:00Z");
    expect(parseAnalyticsRange(new URLSearchParams("from=2024-02-30&to=2024-02-30"), now).to).toBe(
      "2026-11-25",
    );
  });
});

describe("malformed URLs", () => {
  it("are those with a NUL byte or a path that does not decode", () => {
    for (const url of [
      "/blog?q=%00",
      "/blog/a%00b",
      "/reset-password?token=%00",
      "/blog/%FF",
      "/courses/%",
      "/blog/%E0%A4%A",
      // No URL at all: the parser throws on these.
      "//",
      "//[",
      "http://[::1",
    ]) {
      expect(isMalformedUrl(url), url).toBe(true);
    }
    for (const url of [
      "/blog?q=h%E1%BB%8Dc",
      "/blog/hoc-tieng-duc",
      "/blog?q=%25",
      "/?q=%FF",
      "/courses/%2F",
    ]) {
      expect(isMalformedUrl(url), url).toBe(false);
    }
  });
});
