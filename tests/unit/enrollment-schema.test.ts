// The enrolment schema is the authority for the form, the page action and the JSON API
// (spec §5 Enrolment): these are the answers a person or an API client gets for each input.
import { describe, expect, it } from "vitest";
import { acceptedLanguage } from "~/i18n/language";
import { findChosenCourse } from "~/lib/chosen-course";
import { enrollmentSchema } from "~/schemas/enrollment";

// Two open B1 courses, as an admin may create them, in the form's order.
const courses = [
  { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a01", level: "A1" },
  { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a02", level: "A2" },
  { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a03", level: "B1" },
  { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a04", level: "B1" },
  { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a05", level: "B2" },
];
const schema = enrollmentSchema(courses);
const valid = {
  fullName: "Nguyễn Thị Lan",
  phone: "+84 912.345-678",
  email: "lan@example.com",
  course: "b1",
  schedule: "evening",
};

function errorsOf(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("enrolment schema", () => {
  it("accepts the spec's required fields alone, with the optional ones left out", () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      experience: undefined,
      goals: undefined,
      hearAbout: undefined,
    });
  });

  it("treats empty optional choices from the form as not given", () => {
    const value = schema.parse({ ...valid, experience: "", goals: "  ", hearAbout: "" });
    expect(value.experience).toBeUndefined();
    expect(value.goals).toBeUndefined();
    expect(value.hearAbout).toBeUndefined();
  });

  it("accepts an open course by its id, a level code (spec §7) and the consultation choice", () => {
    expect(schema.parse({ ...valid, course: courses[3]!.id }).course).toBe(courses[3]!.id);
    expect(schema.parse({ ...valid, course: "B1" }).course).toBe("B1");
    expect(schema.parse({ ...valid, course: "consultation" }).course).toBe("consultation");
  });

  it("resolves an id to that course and a level code to the first course of the level", () => {
    expect(findChosenCourse(courses, courses[3]!.id)).toBe(courses[3]);
    expect(findChosenCourse(courses, courses[3]!.id.toUpperCase())).toBe(courses[3]);
    expect(findChosenCourse(courses, "b1")).toBe(courses[2]);
    expect(findChosenCourse(courses, " A1 ")).toBe(courses[0]);
    expect(findChosenCourse(courses, "c1")).toBeUndefined();
    expect(findChosenCourse(courses, "consultation")).toBeUndefined();
  });

  it("names each missing required field with the required message", () => {
    expect(errorsOf({})).toEqual({
      fullName: "validation.required",
      phone: "validation.required",
      email: "validation.required",
      course: "validation.required",
      schedule: "validation.required",
    });
    expect(errorsOf({ ...valid, fullName: "   " })).toEqual({ fullName: "validation.required" });
  });

  it("refuses choices outside the spec's lists and courses that are not open", () => {
    expect(errorsOf({ ...valid, schedule: "midnight" })).toEqual({ schedule: "validation.invalidChoice" });
    expect(errorsOf({ ...valid, experience: "expert" })).toEqual({ experience: "validation.invalidChoice" });
    expect(errorsOf({ ...valid, hearAbout: "tv" })).toEqual({ hearAbout: "validation.invalidChoice" });
    expect(errorsOf({ ...valid, course: "c1" })).toEqual({ course: "validation.courseUnavailable" });
    const closed = "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a99";
    expect(errorsOf({ ...valid, course: closed })).toEqual({ course: "validation.courseUnavailable" });
    const onlyA1 = enrollmentSchema(courses.slice(0, 1));
    expect(onlyA1.safeParse({ ...valid, course: "b1" }).success).toBe(false);
    expect(onlyA1.safeParse({ ...valid, course: courses[3]!.id }).success).toBe(false);
  });

  it("checks the email address and a phone number of 8–15 digits", () => {
    expect(errorsOf({ ...valid, email: "lan@example" })).toEqual({ email: "validation.email" });
    expect(errorsOf({ ...valid, phone: "1234567" })).toEqual({ phone: "validation.phone" });
    expect(errorsOf({ ...valid, phone: "1234567890123456" })).toEqual({ phone: "validation.phone" });
    expect(errorsOf({ ...valid, phone: "0912 abc 678" })).toEqual({ phone: "validation.phone" });
    expect(errorsOf({ ...valid, phone: "12345678" })).toEqual({});
  });

  it("bounds names at 100 and goals at 5,000 characters", () => {
    expect(errorsOf({ ...valid, fullName: "a".repeat(100) })).toEqual({});
    expect(errorsOf({ ...valid, fullName: "a".repeat(101) })).toEqual({ fullName: "validation.tooLong" });
    expect(errorsOf({ ...valid, goals: "a".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...valid, goals: "a".repeat(5001) })).toEqual({ goals: "validation.tooLong" });
  });

  it("refuses values of the wrong JSON type", () => {
    expect(errorsOf({ ...valid, fullName: 42, course: ["b1"] })).toEqual({
      fullName: "validation.required",
      course: "validation.required",
    });
  });

  it("keeps markup as plain text", () => {
    expect(schema.parse({ ...valid, fullName: "<b>Lan</b>" }).fullName).toBe("<b>Lan</b>");
  });
});

describe("an API request's language from Accept-Language", () => {
  it("takes the supported language the client ranks highest", () => {
    expect(acceptedLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(acceptedLanguage("fr-FR, en;q=0.5, vi;q=0.7")).toBe("vi");
    expect(acceptedLanguage("en-US")).toBe("en");
  });

  it("has none when the client names no supported language", () => {
    expect(acceptedLanguage("fr, ja;q=0.5")).toBeUndefined();
    expect(acceptedLanguage(null)).toBeUndefined();
    expect(acceptedLanguage("en;q=0")).toBeUndefined();
  });
});
