import { describe, expect, it } from "vitest";
import { isWeakPassword } from "~/auth/password-strength.server";
import { roleOf } from "~/auth/session.server";
import { loginSchema, profileSchema, signupSchema } from "~/schemas/auth";

const firstError = (result: ReturnType<typeof signupSchema.safeParse>) =>
  result.success
    ? undefined
    : { path: result.error.issues[0]?.path[0], message: result.error.issues[0]?.message };

describe("sign-up checks (spec §5: name, email, password length, confirmation — in that order)", () => {
  it("reports only the first failing check", () => {
    expect(firstError(signupSchema.safeParse({}))).toEqual({
      path: "name",
      message: "auth:errors.nameRequired",
    });
    expect(firstError(signupSchema.safeParse({ name: "  ", email: "", password: "1" }))).toEqual({
      path: "name",
      message: "auth:errors.nameRequired",
    });
    expect(firstError(signupSchema.safeParse({ name: "An", password: "1" }))).toEqual({
      path: "email",
      message: "auth:errors.emailRequired",
    });
    expect(firstError(signupSchema.safeParse({ name: "An", email: "an@", password: "1" }))).toEqual({
      path: "email",
      message: "auth:errors.invalidEmail",
    });
    expect(
      firstError(
        signupSchema.safeParse({ name: "An", email: "an@x.vn", password: "12345", confirmPassword: "x" }),
      ),
    ).toEqual({
      path: "password",
      message: "auth:errors.passwordTooShort",
    });
    expect(
      firstError(
        signupSchema.safeParse({
          name: "An",
          email: "an@x.vn",
          password: "123456",
          confirmPassword: "123457",
        }),
      ),
    ).toEqual({ path: "confirmPassword", message: "auth:errors.passwordMismatch" });
    expect(
      signupSchema.safeParse({ name: "An", email: "an@x.vn", password: "123456", confirmPassword: "123456" })
        .success,
    ).toBe(true);
  });

  it("login needs both fields, then a valid email", () => {
    const login = (value: object) => loginSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(login({ email: "a@b.vn" })).toEqual(["auth:errors.fillAll"]);
    expect(login({ password: "x" })).toEqual(["auth:errors.fillAll"]);
    expect(login({ email: "nope", password: "x" })).toEqual(["auth:errors.invalidEmail"]);
    expect(login({ email: "a@b.vn", password: "x" })).toBeUndefined();
  });
});

describe("weak passwords", () => {
  const person = { email: "thu.le@lernhaus.vn", name: "Lê Thu" };
  it("are the common ones, the email's local part or the name", () => {
    for (const password of [
      "123456",
      "password",
      "qwerty",
      "iloveyou",
      "PASSWORD",
      "thu.le",
      "Lê Thu",
      "lêthu",
    ]) {
      expect(isWeakPassword(password, person), password).toBe(true);
    }
  });
  it("leaves ordinary strong passwords alone", () => {
    for (const password of ["Lernen-2025!", "Deutsch ist schön 7", "b1-goethe-hà-nội"]) {
      expect(isWeakPassword(password, person), password).toBe(false);
    }
  });
});

describe("roles", () => {
  it("fall back to user when the stored role cannot be read (spec §4)", () => {
    expect(roleOf("admin")).toBe("admin");
    for (const value of ["user", "Admin", "superuser", "", null, undefined, 1])
      expect(roleOf(value)).toBe("user");
  });
});

describe("account names: no bidi overrides or invisible characters", () => {
  const valid = { email: "an@x.vn", password: "hoc-tieng-duc", confirmPassword: "hoc-tieng-duc" };

  it("strips a right-to-left override and zero-width characters from a new account's name", () => {
    const result = signupSchema.safeParse({ ...valid, name: "Nguy\u202Eễn\u200B Văn\uFEFF An" });
    expect(result.success && result.data.name).toBe("Nguyễn Văn An");
  });

  it("keeps Vietnamese marks, composed (NFC)", () => {
    const result = profileSchema.safeParse({
      intent: "update-profile",
      name: "Tra\u0302\u0300n Thi\u0323 Ha\u0300",
    });
    expect(result.success && result.data.name).toBe("Trần Thị Hà");
  });

  it("refuses control characters in a name", () => {
    expect(firstError(signupSchema.safeParse({ ...valid, name: "An\u0007" }))).toEqual({
      path: "name",
      message: "validation.invalidCharacters",
    });
    expect(profileSchema.safeParse({ intent: "update-profile", name: "An\u0000" }).success).toBe(false);
  });
});
