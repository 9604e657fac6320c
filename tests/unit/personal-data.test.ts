// Who an erasure finds. Phones are compared by their digits with Vietnam's +84
// written as 0; a request names an email or a phone of at least 8 digits.
import { describe, expect, it } from "vitest";
import { erasePersonSchema, personQuerySchema, phoneDigits } from "~/schemas/personal-data";

describe("phoneDigits", () => {
  it("keeps digits only and writes +84 as 0", () => {
    expect(phoneDigits("+84 912 345 678")).toBe("0912345678");
    expect(phoneDigits("0912.345.678")).toBe("0912345678");
    expect(phoneDigits("84-912-345-678")).toBe("0912345678");
    // A German number stays as it is.
    expect(phoneDigits("+49 30 1234567")).toBe("49301234567");
  });
});

describe("the person to erase", () => {
  it("needs an email or a phone with at least 8 digits", () => {
    expect(personQuerySchema.safeParse({ email: "", phone: "" }).success).toBe(false);
    expect(personQuerySchema.safeParse({ phone: "12 34" }).success).toBe(false);
    expect(personQuerySchema.safeParse({ phone: "0912 345 678" }).success).toBe(true);
    expect(personQuerySchema.safeParse({ email: "a@b.vn", phone: "" }).data).toEqual({
      email: "a@b.vn",
      phone: undefined,
    });
  });

  it("is erased only with the confirmation ticked", () => {
    expect(erasePersonSchema.safeParse({ email: "a@b.vn" }).success).toBe(false);
    expect(erasePersonSchema.safeParse({ email: "a@b.vn", confirm: "on" }).success).toBe(true);
  });
});
