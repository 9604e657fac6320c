// A 400 reply echoes the form's own fields only, each within its schema's limit (ADR 011).
import { describe, expect, it } from "vitest";
import { echoableFormData, maxLengthOf } from "~/lib/form-echo.server";
import { contactMessageSchema } from "~/schemas/contact-message";
import { enrollmentSchema } from "~/schemas/enrollment";
import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/fields";

describe("maxLengthOf", () => {
  it("finds the limit through trims, refinements, optional, transforms and pipes", () => {
    const shape = enrollmentSchema([]).shape;
    expect(maxLengthOf(shape.fullName)).toBe(NAME_MAX_LENGTH);
    expect(maxLengthOf(shape.phone)).toBe(PHONE_MAX_LENGTH);
    expect(maxLengthOf(shape.email)).toBe(254);
    expect(maxLengthOf(shape.goals)).toBe(LONG_TEXT_MAX_LENGTH);
    expect(maxLengthOf(contactMessageSchema.shape.message)).toBe(LONG_TEXT_MAX_LENGTH);
  });
});

describe("echoableFormData", () => {
  it("cuts each field to its limit and drops fields the form does not have", () => {
    const submitted = new FormData();
    submitted.set("name", "A".repeat(1_000_000));
    submitted.set("message", "B".repeat(1_000_000));
    submitted.set("email", "lan@example.com");
    submitted.set("padding", "C".repeat(1_000_000));
    submitted.set("photo", new Blob(["x"]), "x.png");
    const echo = echoableFormData(submitted, contactMessageSchema);
    expect(echo.get("name")).toBe("A".repeat(NAME_MAX_LENGTH));
    expect(echo.get("message")).toBe("B".repeat(LONG_TEXT_MAX_LENGTH));
    expect(echo.get("email")).toBe("lan@example.com");
    expect(echo.has("padding")).toBe(false);
    expect(echo.has("photo")).toBe(false);
  });
});
