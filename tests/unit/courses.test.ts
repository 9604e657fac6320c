import { describe, expect, it } from "vitest";
import { courseJsonLd, courseListJsonLd } from "~/components/site/courses/course-json-ld";
import { courseHref, enrollHref } from "~/components/site/courses/course-links";
import { jsonForScript } from "~/lib/script-json";
import { courseLevelRank, courseSchema, isUuid, sortCoursesByLevel } from "~/schemas/course";
import { bodyOf } from "../support/rich-text";

describe("course sorting (spec §9: A1 < A2 < B1 < B2)", () => {
  it("orders by level, then price, whatever order the rows come in", () => {
    const rows = [
      { title: "B2", level: "B2", price: 4_000_000 },
      { title: "C1", level: "C1", price: 5_000_000 },
      { title: "A2", level: "A2", price: 3_000_000 },
      { title: "B1", level: "B1", price: 3_500_000 },
      { title: "A1 intensive", level: "A1", price: 3_000_000 },
      { title: "A1", level: "A1", price: 2_500_000 },
    ];
    expect(sortCoursesByLevel(rows).map((row) => row.title)).toEqual([
      "A1",
      "A1 intensive",
      "A2",
      "B1",
      "B2",
      "C1",
    ]);
    // The input is left as it was.
    expect(rows[0]?.title).toBe("B2");
  });

  it("keeps the given order between courses of one level and price (oldest first from the model)", () => {
    const rows = [
      { title: "first", level: "B1", price: 1 },
      { title: "second", level: "B1", price: 1 },
      { title: "third", level: "B1", price: 1 },
    ];
    expect(sortCoursesByLevel(rows).map((row) => row.title)).toEqual(["first", "second", "third"]);
  });

  it("puts C1 and C2 after B2, and a level outside A1–C2 last", () => {
    expect(["C2", "X9", "B2", "C1"].sort((a, b) => courseLevelRank(a) - courseLevelRank(b))).toEqual([
      "B2",
      "C1",
      "C2",
      "X9",
    ]);
  });
});

describe("course links", () => {
  it("preselect the very course on the enrolment form by its id", () => {
    expect(enrollHref("0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(
      "/enroll?course=0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
    );
  });

  it("open a course by its readable address (ADR 052)", () => {
    expect(courseHref("tieng-duc-trung-cap-b1")).toBe("/courses/tieng-duc-trung-cap-b1");
  });

  it("accept only uuids as course ids", () => {
    expect(isUuid("0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(true);
    expect(isUuid("0B6F7A8E-1C2D-4E5F-8A9B-0C1D2E3F4A5B")).toBe(true);
    for (const bad of [
      "abc",
      "",
      "0b6f7a8e1c2d4e5f8a9b0c1d2e3f4a5b",
      "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'--",
    ]) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });
});

describe("course structured data", () => {
  const course = {
    id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
    slug: "tieng-duc-trung-cap-b1",
    level: "B1",
    title: "Tiếng Đức trung cấp B1",
    description: "Luyện thi B1",
    price: 3_500_000,
  };
  const site = { url: "https://lernhaus.example", name: "Lernhaus" };

  it("describes a course with its price in VND", () => {
    const data = courseJsonLd(course, site);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Tiếng Đức trung cấp B1",
      url: "https://lernhaus.example/courses/tieng-duc-trung-cap-b1",
      provider: { name: "Lernhaus" },
      offers: {
        "@type": "Offer",
        price: 3_500_000,
        priceCurrency: "VND",
        url: "https://lernhaus.example/enroll?course=0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      },
    });
  });

  it("lists the open courses in their order", () => {
    const data = courseListJsonLd([course, { ...course, id: "x", level: "B2", title: "B2" }], site);
    expect(data.itemListElement.map((item) => [item.position, item.item.name])).toEqual([
      [1, "Tiếng Đức trung cấp B1"],
      [2, "B2"],
    ]);
  });

  it("cannot be broken out of its script element by a course text", () => {
    const json = jsonForScript({ description: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ description: "</script><script>alert(1)</script>" });
  });
});

describe("admin course form rules (spec §5)", () => {
  const valid = {
    level: "C1",
    title: "Tiếng Đức nâng cao C1",
    description: bodyOf("Mô tả"),
    duration: "16 tuần",
    lessons: "48 buổi",
    price: "5.500.000",
    features: ["Luyện đề C1", "", "  "],
    color: "teal",
  };

  it("parses the price as a whole number and drops empty features", () => {
    const parsed = courseSchema.parse(valid);
    expect(parsed.price).toBe(5_500_000);
    expect(parsed.features).toEqual(["Luyện đề C1"]);
    expect(parsed.active).toBe(false);
    expect(courseSchema.parse({ ...valid, price: "4000000" }).price).toBe(4_000_000);
    expect(courseSchema.parse({ ...valid, price: "2 500 000" }).price).toBe(2_500_000);
  });

  it("requires level, price, title, description, duration and lessons", () => {
    const result = courseSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(fields).toMatchObject({
      level: "validation.required",
      price: "validation.required",
      title: "validation.required",
      description: "validation.required",
      duration: "validation.required",
      lessons: "validation.required",
    });
  });

  it("takes the description as the visual editor's document (ADR 056), not as a plain text", () => {
    expect(courseSchema.parse(valid).description).toBe(bodyOf("Mô tả"));
    expect(courseSchema.safeParse({ ...valid, description: "Mô tả" }).error?.issues[0]?.message).toBe(
      "validation.invalidDocument",
    );
    // A document of empty paragraphs says nothing: the description is required.
    expect(courseSchema.safeParse({ ...valid, description: bodyOf("  ") }).error?.issues[0]?.message).toBe(
      "validation.required",
    );
  });

  it("refuses a price that is not a whole number and a level outside A1–C2", () => {
    for (const price of ["2,5 triệu", "-100", "2500000.5", "2.50.000", "abc"]) {
      const result = courseSchema.safeParse({ ...valid, price });
      expect(result.error?.issues[0]?.message, price).toBe("courses:validation.price");
    }
    expect(courseSchema.safeParse({ ...valid, level: "D1" }).error?.issues[0]?.message).toBe(
      "validation.invalidChoice",
    );
  });
});
