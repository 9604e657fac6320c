import { describe, expect, it } from "vitest";
import { defaultValueIcon, valueIcon } from "~/components/site/about/value-icon";
import { gradientClass } from "~/components/site/color-gradients";
import { defaultStats, statsWithDefaults } from "~/lib/about-page";
import { starRating } from "~/lib/star-rating";
import { teamMemberSchema, testimonialSchema } from "~/schemas/about";
import { colors, valueIcons } from "~/schemas/domain";

describe("about statistics (spec §2, §9 defaults 3+, 800+, 95%, 4.9/5)", () => {
  it("are the defaults when the stats document is missing", () => {
    expect(statsWithDefaults(undefined)).toEqual({
      yearsActive: "3+",
      totalStudents: "800+",
      successRate: "95%",
      averageRating: "4.9/5",
    });
  });

  it("fill each missing or blank field with its own default", () => {
    expect(
      statsWithDefaults({ yearsActive: "5+", totalStudents: null, successRate: "  ", averageRating: "5/5" }),
    ).toEqual({ ...defaultStats, yearsActive: "5+", averageRating: "5/5" });
  });
});

describe("testimonial stars", () => {
  it("default to 5 and stay between 1 and 5", () => {
    expect(starRating(undefined)).toBe(5);
    expect(starRating(null)).toBe(5);
    expect(starRating(4)).toBe(4);
    expect(starRating(9)).toBe(5);
    expect(starRating(0)).toBe(1);
  });
});

describe("value icons (spec §3: both readings)", () => {
  it("give every icon name of both readings its own icon", () => {
    const icons = valueIcons.map((name) => valueIcon(name));
    expect(icons).not.toContain(defaultValueIcon);
    expect(new Set(icons).size).toBe(valueIcons.length);
  });

  it("fall back to a default icon for an unknown name", () => {
    expect(valueIcon("rocket")).toBe(defaultValueIcon);
    expect(valueIcon("")).toBe(defaultValueIcon);
  });
});

describe("colour gradients", () => {
  it("give each of the six colours its own pair and unknown colours the first", () => {
    const classes = colors.map((color) => gradientClass(color));
    expect(new Set(classes).size).toBe(6);
    expect(gradientClass("pink")).toBe(gradientClass("blue"));
  });
});

describe("admin about forms (spec §5)", () => {
  it("require name, role and experience of a team member, with order at least 1", () => {
    const result = teamMemberSchema.safeParse({ order: "0" });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toEqual({
      name: "validation.required",
      role: "validation.required",
      experience: "validation.required",
      order: "validation.orderMin",
    });
    const member = teamMemberSchema.parse({
      name: "Lena",
      role: "Giáo viên",
      experience: "5 năm",
      certifications: ["DaF", ""],
      order: "2",
    });
    expect(member).toMatchObject({ certifications: ["DaF"], specialties: [], order: 2, color: "blue" });
  });

  it("keep a testimonial's rating between 1 and 5, 5 when not given", () => {
    const base = { name: "An", role: "Học viên", content: "Tuyệt vời", order: "1" };
    expect(testimonialSchema.parse(base).rating).toBe(5);
    expect(testimonialSchema.parse({ ...base, rating: "4" }).rating).toBe(4);
    expect(testimonialSchema.safeParse({ ...base, rating: "6" }).error?.issues[0]?.message).toBe(
      "about:validation.rating",
    );
  });
});
