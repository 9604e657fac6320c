// Every image a form takes (a team member's and a testimonial's avatar, a post's thumbnail, a
// profile's picture) is an https address or an upload of ours: one field schema, checked here
// on each form that uses it.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { teamMemberSchema, testimonialSchema } from "~/schemas/about";
import { profileSchema } from "~/schemas/auth";
import { postSchema } from "~/schemas/post";
import { bodyOf } from "../support/rich-text";

const forms: { name: string; schema: z.ZodType; field: string; valid: Record<string, string> }[] = [
  {
    name: "team member",
    schema: teamMemberSchema,
    field: "avatar",
    valid: { name: "Lan", role: "Giáo viên", experience: "5 năm", order: "1" },
  },
  {
    name: "testimonial",
    schema: testimonialSchema,
    field: "avatar",
    valid: { name: "Minh", role: "Học viên", content: "Rất tốt.", order: "1" },
  },
  {
    name: "post",
    schema: postSchema,
    field: "thumbnail",
    valid: { title: "Bí quyết B1", category: "b1-b2", excerpt: "Kinh nghiệm.", content: bodyOf("Nội dung.") },
  },
  { name: "profile", schema: profileSchema, field: "image", valid: { intent: "update-profile", name: "An" } },
];

const accepted = [
  "https://images.example.com/lan.jpg",
  "HTTPS://images.example.com/lan.jpg?size=200",
  `/uploads/${"a1".repeat(16)}-400.webp`,
];
const refused = [
  "http://images.example.com/lan.jpg",
  "HTTP://images.example.com/lan.jpg",
  "//images.example.com/lan.jpg",
  "https:///lan.jpg",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "ftp://images.example.com/lan.jpg",
  "lan.jpg",
  "/uploads/../../etc/passwd",
  "https://images.example.com/lan jpg",
];

function parse(schema: z.ZodType, fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return parseWithZod(data, { schema });
}

describe.each(forms)("the $name form's image", ({ schema, field, valid }) => {
  it("takes an https address or an upload of ours, or nothing", () => {
    for (const address of [...accepted, ""]) {
      expect(parse(schema, { ...valid, [field]: address }).status, address).toBe("success");
    }
  });

  it("refuses http:// and anything else, saying an https link or an upload is needed", () => {
    for (const address of refused) {
      const result = parse(schema, { ...valid, [field]: address });
      expect(result.status === "error" && result.error?.[field], address).toEqual(["validation.imageUrl"]);
    }
  });
});
