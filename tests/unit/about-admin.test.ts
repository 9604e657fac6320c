import { describe, expect, it } from "vitest";
import { aboutEntrySchemas, aboutListKinds, statsSchema, teamMemberSchema } from "~/schemas/about";

const member = { name: "Lena", role: "Giáo viên", experience: "5 năm", order: "1" };

describe("admin about forms", () => {
  it("read certifications and specialties one per line, dropping blank lines", () => {
    const parsed = teamMemberSchema.parse({
      ...member,
      certifications: "Goethe-Prüfer\r\n\n  DaF-Zertifikat  \n",
      specialties: "",
    });
    expect(parsed.certifications).toEqual(["Goethe-Prüfer", "DaF-Zertifikat"]);
    expect(parsed.specialties).toEqual([]);
  });

  it("leave an empty statistic out, so the page shows its default", () => {
    expect(statsSchema.parse({ yearsActive: " 10+ ", totalStudents: "" })).toEqual({ yearsActive: "10+" });
    expect(statsSchema.safeParse({ yearsActive: "x".repeat(21) }).error?.issues[0]?.message).toBe(
      "validation.tooLong",
    );
  });

  it("have a schema for each of the four lists, each refusing order 0", () => {
    expect(Object.keys(aboutEntrySchemas)).toEqual([...aboutListKinds]);
    for (const schema of Object.values(aboutEntrySchemas)) {
      const issues = schema.safeParse({ order: "0" }).error?.issues ?? [];
      expect(issues.find((issue) => issue.path[0] === "order")?.message).toBe("validation.orderMin");
    }
  });
});
