// A 400 reply echoes the form's own fields only, each within its schema's limit (ADR 011, 036).
import { describe, expect, it } from "vitest";
import { echoableFormData, formShapeOf, maxLengthOf, parseFormSubmission } from "~/requests/form-echo.server";
import { loginSchema } from "~/schemas/auth";
import { waitlistOperationSchema } from "~/schemas/class-seat";
import { contactMessageSchema } from "~/schemas/contact-message";
import { enrollmentSchema } from "~/schemas/enrollment";
import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/field-limits";
import { postSchema } from "~/schemas/post";

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

describe("parseFormSubmission", () => {
  it("answers a refused sign-in without the fields the form does not have, its own cut to their limit", () => {
    const submitted = new FormData();
    submitted.set("email", "x".repeat(60_000));
    submitted.set("password", "");
    submitted.set("unknownField", "U".repeat(60_000));
    const submission = parseFormSubmission(submitted, loginSchema);
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.initialValue).toHaveProperty("email");
    expect(JSON.stringify(reply)).not.toContain("unknownField");
    // The login schema states no length for its email: the echo's fallback.
    expect(String(reply.initialValue?.email).length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(reply).length).toBeLessThan(2_000);
  });

  it("looks through an admin form's refinements and transforms for its fields", () => {
    const submitted = new FormData();
    submitted.set("title", "T".repeat(10_000));
    submitted.set("padding", "P".repeat(10_000));
    const reply = parseFormSubmission(submitted, postSchema).reply();
    expect(reply.initialValue).not.toHaveProperty("padding");
    expect(String(reply.initialValue?.title).length).toBe(maxLengthOf(formShapeOf(postSchema)!.title!));
  });

  it("echoes the fields of every form of a union (one per intent)", () => {
    const submitted = new FormData();
    submitted.set("intent", "promote");
    submitted.set("enrollmentId", "not-an-id");
    submitted.set("padding", "P".repeat(1_000));
    const reply = parseFormSubmission(submitted, waitlistOperationSchema).reply();
    expect(reply.initialValue).toMatchObject({ intent: "promote", enrollmentId: "not-an-id" });
    expect(reply.initialValue).not.toHaveProperty("padding");
  });
});
