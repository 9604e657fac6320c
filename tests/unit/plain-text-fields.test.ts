// Plain text at the shared field schemas (they run in the browser and on the server; ADR 013): names
// lose bidi controls and zero-width characters and are stored in NFC with their Vietnamese marks;
// NUL and other control characters are refused; email domains in Unicode are kept as IDNA ASCII.
import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "~/schemas/contact-message";
import { enrollmentSchema } from "~/schemas/enrollment";
import { emailField, emailWithAsciiDomain, nameField, optionalText, requiredText } from "~/schemas/fields";

const parsed = <T>(result: { success: boolean; data?: T; error?: { issues: { message: string }[] } }) =>
  result.success ? { value: result.data } : { errors: result.error!.issues.map((issue) => issue.message) };

describe("names (nameField)", () => {
  it.each([
    ["a right-to-left override", "Lan \u202Egnp.exe\u202C", "Lan gnp.exe"],
    ["the other bidi controls", "\u2066Minh\u2069 \u200E\u200F\u061C\u202A\u202B\u202DAnh", "Minh Anh"],
    ["zero-width characters", "Tr\u200Bần\u200C \u200DV\u2060ăn\uFEFF", "Trần Văn"],
  ])("strips %s", (_case, input, expected) => {
    expect(parsed(nameField.safeParse(input))).toEqual({ value: expected });
  });

  it("keeps Vietnamese marks, composed to NFC, whichever way they were typed", () => {
    const decomposed = "Nguye\u0302\u0303n Thi\u0323 Hu\u031Bo\u031B\u0300ng";
    const value = nameField.parse(decomposed);
    expect(value).toBe("Nguyễn Thị Hường");
    expect(value).toBe(value.normalize("NFC"));
    expect(nameField.parse("Đặng Thùy Dương")).toBe("Đặng Thùy Dương");
  });

  it("is required after stripping, and refuses control characters and line breaks", () => {
    expect(parsed(nameField.safeParse("\u200B\u202E "))).toEqual({ errors: ["validation.required"] });
    for (const bad of ["Lan\u0000", "Lan\r\nBcc: x@example.com", "Lan\tAnh", "Lan\u007F", "Lan\u0085"]) {
      expect(parsed(nameField.safeParse(bad)), JSON.stringify(bad)).toEqual({
        errors: ["validation.invalidCharacters"],
      });
    }
  });

  it("is the name of both public forms", () => {
    const contact = contactMessageSchema.parse({
      name: "\u202EHà\u200B",
      email: "ha@example.com",
      phone: "0912345678",
      subject: "pricing",
      message: "Xin chào\u202E",
    });
    expect([contact.name, contact.message]).toEqual(["Hà", "Xin chào"]);
    const enrolment = enrollmentSchema([{ id: "0b6f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", level: "A1" }]).parse({
      fullName: "Bù\u200Bi Lan",
      email: "lan@example.com",
      phone: "0912345678",
      course: "a1",
      schedule: "evening",
    });
    expect(enrolment.fullName).toBe("Bùi Lan");
  });
});

describe("free text (requiredText, optionalText)", () => {
  it("strips bidi controls and zero-width spaces, keeps line breaks, tabs and emoji joiners", () => {
    expect(requiredText(100).parse("Dòng 1\r\n\tDòng\u202E 2\u200B 👩\u200D💻")).toBe(
      "Dòng 1\r\n\tDòng 2 👩\u200D💻",
    );
  });

  it("refuses NUL and other control characters (PostgreSQL refuses NUL: a 400, not a 500)", () => {
    for (const bad of ["a\u0000b", "a\u0008", "\u001Bx", "a\u009B"]) {
      expect(parsed(requiredText(100).safeParse(bad))).toEqual({ errors: ["validation.invalidCharacters"] });
      expect(parsed(optionalText(100).safeParse(bad))).toEqual({ errors: ["validation.invalidCharacters"] });
    }
  });
});

describe("email addresses with a Unicode domain (IDNA)", () => {
  it("are accepted and kept in ASCII form, as node:url's domainToASCII writes them", async () => {
    const { domainToASCII } = await import("node:url");
    expect(emailField.parse("hoc@trường.vn")).toBe(`hoc@${domainToASCII("trường.vn")}`);
    expect(emailField.parse("hoc@trường.vn")).toBe("hoc@xn--trng-rib8295b.vn");
    expect(emailField.parse("Lan@TRƯỜNG.edu.VN")).toBe("Lan@xn--trng-rib8295b.edu.vn");
    expect(emailField.parse("info@bücher.de")).toBe("info@xn--bcher-kva.de");
    // ASCII addresses are left as typed.
    expect(emailField.parse(" lan@example.com ")).toBe("lan@example.com");
  });

  it("refuses a non-ASCII part before the @ with its own message", () => {
    expect(parsed(emailField.safeParse("học@trường.vn"))).toEqual({
      errors: ["validation.emailAsciiLocalPart"],
    });
    expect(parsed(emailField.safeParse("ngọc@example.com"))).toEqual({
      errors: ["validation.emailAsciiLocalPart"],
    });
  });

  it("calls Vietnamese text without an @ simply an invalid email (spec §8 'Email không hợp lệ')", () => {
    expect(parsed(emailField.safeParse("không phải email"))).toEqual({ errors: ["validation.email"] });
  });

  it("never turns something that is not a host name into one", () => {
    for (const bad of ["a@trường.vn/x", "a@trường.vn?x", "a@trường.vn:25", "a@trư ờng.vn"]) {
      expect(emailWithAsciiDomain(bad), bad).toBe(bad);
      expect(emailField.safeParse(bad).success, bad).toBe(false);
    }
    expect(emailField.safeParse("a@b@trường.vn").success).toBe(false);
  });
});
