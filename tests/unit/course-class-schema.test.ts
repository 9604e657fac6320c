// The class form's rules (ADR 026), read from a posted form as the admin action reads it.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { courseClassSchema, readClassListQuery } from "~/schemas/course-class";

const COURSE = "4f9d0c1e-2b3a-4c5d-8e7f-0a1b2c3d4e5f";

function parse(fields: Record<string, string | string[]>) {
  const form = new FormData();
  const base: Record<string, string | string[]> = {
    courseId: COURSE,
    startsOn: "2027-01-05",
    sessionCount: "24",
    weekdays: ["1", "3", "5"],
    startTime: "19:00",
    endTime: "20:30",
    capacity: "8",
    status: "open",
  };
  for (const [key, value] of Object.entries({ ...base, ...fields }))
    for (const one of ([] as string[]).concat(value)) form.append(key, one);
  return parseWithZod(form, { schema: courseClassSchema });
}

const errorsOf = (result: ReturnType<typeof parse>) =>
  result.status === "success" ? {} : result.reply().error;

describe("the class form", () => {
  it("reads a class: weekdays sorted and unique, times as hh:mm, empty optional fields absent", () => {
    const result = parse({ weekdays: ["5", "1", "3", "1"], meetingUrl: "", note: "", teacherId: "" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      courseId: COURSE,
      startsOn: "2027-01-05",
      sessionCount: 24,
      weekdays: [1, 3, 5],
      startTime: "19:00",
      endTime: "20:30",
      capacity: 8,
      status: "open",
    });
  });

  it("reads a single weekday and the default capacity", () => {
    const result = parse({ weekdays: "6", capacity: "" });
    expect(result.status === "success" && result.value).toMatchObject({ weekdays: [6], capacity: 8 });
  });

  it("holds capacity to 1–8", () => {
    expect(errorsOf(parse({ capacity: "0" }))).toEqual({ capacity: ["admin-classes:validation.capacity"] });
    expect(errorsOf(parse({ capacity: "9" }))).toEqual({ capacity: ["admin-classes:validation.capacity"] });
    expect(parse({ capacity: "1" }).status).toBe("success");
  });

  it("needs at least one weekday, each 1–7", () => {
    expect(errorsOf(parse({ weekdays: [] }))).toMatchObject({
      weekdays: ["admin-classes:validation.weekdays"],
    });
    expect(parse({ weekdays: ["8"] }).status).toBe("error");
  });

  it("needs a length: sessions, an end date or both; the end not before the start", () => {
    expect(errorsOf(parse({ sessionCount: "" }))).toEqual({
      sessionCount: ["admin-classes:validation.length"],
    });
    expect(parse({ sessionCount: "", endsOn: "2027-03-30" }).status).toBe("success");
    expect(errorsOf(parse({ endsOn: "2027-01-04" }))).toEqual({
      endsOn: ["admin-classes:validation.endsBeforeStart"],
    });
    expect(errorsOf(parse({ sessionCount: "501" }))).toEqual({
      sessionCount: ["admin-classes:validation.sessions"],
    });
  });

  it("needs real times, the end after the start", () => {
    expect(errorsOf(parse({ endTime: "19:00" }))).toEqual({
      endTime: ["admin-classes:validation.endsBeforeStartTime"],
    });
    expect(errorsOf(parse({ startTime: "25:00" }))).toMatchObject({
      startTime: ["admin-classes:validation.time"],
    });
    expect(errorsOf(parse({ startsOn: "2027-02-30" }))).toMatchObject({
      startsOn: ["admin-classes:validation.date"],
    });
  });

  it("takes only an https meeting link", () => {
    expect(errorsOf(parse({ meetingUrl: "http://meet.example/abc" }))).toEqual({
      meetingUrl: ["admin-classes:validation.meetingUrl"],
    });
    expect(parse({ meetingUrl: "https://meet.example/abc" }).status).toBe("success");
  });

  it("reads the list's URL leniently", () => {
    expect(readClassListQuery(`course=${COURSE}&status=full&q=%20Hoa%20`)).toEqual({
      course: COURSE,
      status: "full",
      q: "Hoa",
    });
    expect(readClassListQuery("course=abc&status=nope")).toEqual({});
  });
});
