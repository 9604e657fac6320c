// The contact schema is the authority for the form, the page action and the JSON API
// (spec §5 Contact).
import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "~/schemas/contact-message";

const valid = {
  name: "Trần Minh",
  email: "minh@example.com",
  phone: "0912 345 678",
  subject: "pricing",
  message: "Khóa B1 học bao lâu?",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contact message schema", () => {
  it("accepts the required fields and contacts by email when no method is chosen (spec §5)", () => {
    expect(contactMessageSchema.parse(valid).contactMethod).toBe("email");
    expect(contactMessageSchema.parse({ ...valid, contactMethod: "" }).contactMethod).toBe("email");
    expect(contactMessageSchema.parse({ ...valid, contactMethod: "zalo" }).contactMethod).toBe("zalo");
  });

  it("requires name, phone, email, subject and message", () => {
    expect(errorsOf({})).toEqual({
      name: "validation.required",
      email: "validation.required",
      phone: "validation.required",
      subject: "validation.required",
      message: "validation.required",
    });
  });

  it("accepts every subject of spec §5 and nothing else", () => {
    for (const subject of [
      "course-info",
      "pricing",
      "schedule",
      "level-test",
      "teaching-method",
      "certificate",
      "technical",
      "other",
    ]) {
      expect(errorsOf({ ...valid, subject }), subject).toEqual({});
    }
    expect(errorsOf({ ...valid, subject: "refund" })).toEqual({ subject: "validation.invalidChoice" });
    expect(errorsOf({ ...valid, contactMethod: "fax" })).toEqual({
      contactMethod: "validation.invalidChoice",
    });
  });

  it("checks the email, the phone and the length bounds", () => {
    expect(errorsOf({ ...valid, email: "not an email" })).toEqual({ email: "validation.email" });
    expect(errorsOf({ ...valid, phone: "12-34" })).toEqual({ phone: "validation.phone" });
    expect(errorsOf({ ...valid, name: "a".repeat(101) })).toEqual({ name: "validation.tooLong" });
    expect(errorsOf({ ...valid, message: "a".repeat(5001) })).toEqual({ message: "validation.tooLong" });
  });
});
