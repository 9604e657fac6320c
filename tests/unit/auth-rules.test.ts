import { describe, expect, it } from "vitest";
import { passwordWeakness, passwordWeaknessMessages } from "~/auth/password-strength.server";
import de from "~/locales/de/auth.json";
import en from "~/locales/en/auth.json";
import vi from "~/locales/vi/auth.json";
import { loginSchema, profileSchema, signupSchema } from "~/schemas/auth";
import { roleOf, userRoles } from "~/schemas/domain";
import { ACCEPTED_PASSWORDS, PASSWORD_OWNER, REFUSED_PASSWORDS } from "../support/password-policy-cases";

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

const catalogues = { vi, en, de };

describe("the password policy (one table for every way to set a password)", () => {
  for (const { password, weakness } of REFUSED_PASSWORDS) {
    it(`refuses ${JSON.stringify(password)} as ${weakness}`, async () => {
      expect(await passwordWeakness(password, PASSWORD_OWNER)).toBe(weakness);
    });
  }
  for (const password of ACCEPTED_PASSWORDS) {
    it(`accepts ${JSON.stringify(password)}`, async () => {
      expect(await passwordWeakness(password, PASSWORD_OWNER)).toBeNull();
    });
  }
  it("keeps the spec's message for short passwords and says why in vi, en and de otherwise", () => {
    expect(passwordWeaknessMessages("tooShort")).toEqual(["auth:errors.passwordTooShort"]);
    const reasons = ["common", "personal", "pattern"] as const;
    for (const language of ["vi", "en", "de"] as const) {
      const errors = catalogues[language].errors as Record<string, unknown> & {
        weakPasswordWhy: Record<string, string>;
      };
      for (const reason of reasons) {
        const [spec, why] = passwordWeaknessMessages(reason);
        expect(spec).toBe("auth:errors.weakPassword");
        expect(why).toBe(`auth:errors.weakPasswordWhy.${reason}`);
        expect(errors.weakPasswordWhy[reason], `${language} ${reason}`).toMatch(/\S/);
      }
    }
    expect(catalogues.vi.errors.weakPassword).toBe("Mật khẩu quá yếu");
    expect(catalogues.vi.errors.passwordTooShort).toBe("Mật khẩu phải có ít nhất 6 ký tự");
  });
});

describe("roles", () => {
  it("fall back to user when the stored role cannot be read (spec §4)", () => {
    for (const role of userRoles) expect(roleOf(role)).toBe(role);
    for (const value of ["Admin", "superuser", "teacher ", "", null, undefined, 1])
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
