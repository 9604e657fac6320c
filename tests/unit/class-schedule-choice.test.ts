// A class chosen is its schedule (issue 26): the enrolment form asks "Lịch học mong muốn" only
// without a class, and the record takes the class's time slot.
import { describe, expect, it } from "vitest";
import { scheduleOfClass } from "~/lib/class-dates";
import { enrollmentSchema } from "~/schemas/enrollment";

const course = { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a03", level: "B1" };
const klass = { id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4b01", courseId: course.id };
const schema = enrollmentSchema([course], [klass]);
const person = {
  fullName: "Nguyễn Thị Lan",
  phone: "0912 345 678",
  email: "lan@example.com",
  course: course.id,
};

describe("the schedule of an enrolment", () => {
  it("is not asked with a class chosen", () => {
    expect(schema.safeParse({ ...person, classId: klass.id }).success).toBe(true);
  });

  it("is required without a class", () => {
    const result = schema.safeParse({ ...person, classId: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["schedule", "validation.required"],
    ]);
  });

  it.each([
    [{ weekdays: [1, 3, 5], startTime: "19:00:00" }, "evening"],
    [{ weekdays: [2, 4], startTime: "08:30" }, "morning"],
    [{ weekdays: [2, 4], startTime: "12:00" }, "afternoon"],
    [{ weekdays: [1], startTime: "16:59" }, "afternoon"],
    [{ weekdays: [1], startTime: "17:00" }, "evening"],
    [{ weekdays: [6, 7], startTime: "09:00" }, "weekend"],
    [{ weekdays: [5, 6], startTime: "09:00" }, "morning"],
  ])("of a class meeting %o is %s", (when, schedule) => {
    expect(scheduleOfClass(when)).toBe(schedule);
  });
});
