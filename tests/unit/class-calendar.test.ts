import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { classEndDay, firstSessionDay, isoWeekday, lastSessionDay } from "~/lib/class-dates";
import { buildClassCalendar, type ClassEvent, escapeText, foldLine } from "~/lib/icalendar";

function classEvent(extra: Partial<ClassEvent> = {}): ClassEvent {
  return {
    uid: "class-1@lernhaus.test",
    stamp: new Date("2025-12-01T08:30:00Z"),
    startsOn: "2026-01-05",
    weekdays: [1, 3, 5],
    startTime: "19:00:00",
    endTime: "20:30:00",
    sessionCount: 24,
    endsOn: null,
    summary: "Tiếng Đức cơ bản A1",
    description: "Lớp học trực tuyến",
    ...extra,
  };
}

/** Parses with ical.js (a maintained RFC 5545 parser), its zone taken from the file itself. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (!zone) throw new Error("no VTIMEZONE");
  ICAL.TimezoneService.reset();
  ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

function occurrences(event: InstanceType<typeof ICAL.Event>, limit = 100) {
  const iterator = event.iterator();
  const instants: string[] = [];
  for (let next = iterator.next(); next && instants.length < limit; next = iterator.next()) {
    instants.push(next.toJSDate().toISOString());
  }
  return instants;
}

describe("class days", () => {
  it("reads ISO weekdays of calendar days", () => {
    expect(isoWeekday("2026-01-05")).toBe(1);
    expect(isoWeekday("2026-01-04")).toBe(7);
    expect(isoWeekday("1969-12-31")).toBe(3);
  });

  it("finds the first session on or after the start date", () => {
    expect(firstSessionDay("2026-01-05", [1, 3, 5])).toBe("2026-01-05");
    // A Tuesday start with Mon/Wed classes first meets on the Wednesday.
    expect(firstSessionDay("2026-01-06", [1, 3])).toBe("2026-01-07");
    expect(firstSessionDay("2026-01-06", [1])).toBe("2026-01-12");
  });

  it("counts sessions to the last day, or takes the end date", () => {
    expect(lastSessionDay("2026-01-05", [1, 3, 5], 1)).toBe("2026-01-05");
    expect(lastSessionDay("2026-01-05", [1, 3, 5], 6)).toBe("2026-01-16");
    const base = { startsOn: "2026-01-05", weekdays: [1, 3, 5] };
    expect(classEndDay({ ...base, sessionCount: 6, endsOn: null })).toBe("2026-01-16");
    expect(classEndDay({ ...base, sessionCount: null, endsOn: "2026-03-30" })).toBe("2026-03-30");
  });
});

describe("iCalendar text", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"Đức ".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(parts.map((part, index) => (index ? part.slice(1) : part)).join("")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
  });
});

describe("a class's calendar file", () => {
  it("is RFC 5545 with CRLF lines, a Vietnam VTIMEZONE and a weekly rule by count", () => {
    const text = buildClassCalendar(classEvent());
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const { calendar, vevent } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toMatch(/Lernhaus/);
    const zone = calendar.getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe("Asia/Ho_Chi_Minh");
    const standard = zone.getFirstSubcomponent("standard")!;
    expect(standard.getFirstProperty("tzoffsetfrom")!.toICALString()).toBe("TZOFFSETFROM:+0700");
    expect(standard.getFirstProperty("tzoffsetto")!.toICALString()).toBe("TZOFFSETTO:+0700");
    expect(vevent.getFirstPropertyValue("uid")).toBe("class-1@lernhaus.test");
    expect(String(vevent.getFirstPropertyValue("dtstamp"))).toBe("2025-12-01T08:30:00Z");
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Asia/Ho_Chi_Minh");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=24\r\n");
  });

  it("starts Monday 05/01/2026 at 19:00 in Vietnam, 12:00 UTC, and meets 24 times", () => {
    const { event } = parse(buildClassCalendar(classEvent()));
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-01-05T12:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-01-05T13:30:00.000Z");
    const all = occurrences(event);
    expect(all).toHaveLength(24);
    expect(all.slice(0, 4)).toEqual([
      "2026-01-05T12:00:00.000Z",
      "2026-01-07T12:00:00.000Z",
      "2026-01-09T12:00:00.000Z",
      "2026-01-12T12:00:00.000Z",
    ]);
  });

  it("first meets on the Wednesday when a Mon/Wed class starts on a Tuesday", () => {
    const { event } = parse(buildClassCalendar(classEvent({ startsOn: "2026-01-06", weekdays: [3, 1] })));
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-01-07T12:00:00.000Z");
    expect(occurrences(event, 3)).toEqual([
      "2026-01-07T12:00:00.000Z",
      "2026-01-12T12:00:00.000Z",
      "2026-01-14T12:00:00.000Z",
    ]);
  });

  it("runs until the end date (in UTC form) when the class has no session count", () => {
    const text = buildClassCalendar(classEvent({ sessionCount: null, endsOn: "2026-01-16" }));
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260116T165959Z\r\n");
    const all = occurrences(parse(text).event);
    expect(all).toHaveLength(6);
    expect(all.at(-1)).toBe("2026-01-16T12:00:00.000Z");
  });

  it("keeps texts intact through escaping and folding", () => {
    const summary = "Tiếng Đức B1; luyện thi, Goethe\\ÖSD";
    const description = `Giáo viên: Nguyễn Thị Hương\n${"Lớp học trực tuyến, tối đa 8 học viên. ".repeat(5)}`;
    const text = buildClassCalendar(classEvent({ summary, description, location: "Trực tuyến" }));
    const { event, vevent } = parse(text);
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
    expect(event.location).toBe("Trực tuyến");
    expect(vevent.getFirstPropertyValue("url")).toBeNull();
  });
});
