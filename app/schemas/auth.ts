// Account forms (spec §5). Messages are i18n keys of the "auth" namespace holding the spec's
// exact Vietnamese texts. Browser-safe: the weak-password dictionary is checked on the server only.
import { z } from "zod";
import { cleanLine, hasControlCharacters } from "~/lib/plain-text";
import { optionalImageField } from "./fields";

export const PASSWORD_MIN_LENGTH = 6; // spec §9
export const PASSWORD_MAX_LENGTH = 128;
const emailPattern = z.email();

const isEmail = (value: string) => emailPattern.safeParse(value).success;

/** spec §5 Login: both required, otherwise "Vui lòng nhập đầy đủ thông tin". */
export const loginSchema = z
  .object({
    email: z.string().trim().default(""),
    password: z.string().default(""),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) {
      ctx.addIssue({
        code: "custom",
        path: [value.email ? "password" : "email"],
        message: "auth:errors.fillAll",
      });
    } else if (!isEmail(value.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "auth:errors.invalidEmail" });
    }
  });

/** spec §5 Sign up, checked in this order; only the first failing check is reported. */
export const signupSchema = z
  .object({
    // Bidi overrides and zero-width characters never reach the admin or mails (ADR 013).
    name: z.string().overwrite(cleanLine).trim().default(""),
    email: z.string().trim().default(""),
    password: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!value.name) return fail("name", "auth:errors.nameRequired");
    if (value.name.length > 100) return fail("name", "validation.tooLong");
    if (hasControlCharacters(value.name, { multiline: false }))
      return fail("name", "validation.invalidCharacters");
    if (!value.email) return fail("email", "auth:errors.emailRequired");
    if (!isEmail(value.email)) return fail("email", "auth:errors.invalidEmail");
    if (value.password.length < PASSWORD_MIN_LENGTH) return fail("password", "auth:errors.passwordTooShort");
    if (value.password.length > PASSWORD_MAX_LENGTH) return fail("password", "auth:errors.passwordTooLong");
    if (value.confirmPassword !== value.password)
      return fail("confirmPassword", "auth:errors.passwordMismatch");
  });

/** spec §5 Forgot password: email not blank. */
export const forgotPasswordSchema = z
  .object({ email: z.string().trim().default("") })
  .superRefine((value, ctx) => {
    if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: "auth:errors.emailRequired" });
    else if (!isEmail(value.email))
      ctx.addIssue({ code: "custom", path: ["email"], message: "auth:errors.invalidEmail" });
  });

/** A new password with its confirmation: the sign-up rules (reset and profile pages). */
export const newPasswordChecks = (
  value: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
) => {
  if (value.password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "auth:errors.passwordTooShort" });
  } else if (value.password.length > PASSWORD_MAX_LENGTH) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "auth:errors.passwordTooLong" });
  } else if (value.confirmPassword !== value.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth:errors.passwordMismatch" });
  }
};

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine(newPasswordChecks);

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z.string().min(1, "validation.required"),
    password: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine(newPasswordChecks);

export const profileSchema = z.object({
  intent: z.literal("update-profile"),
  name: z
    .string({ error: "auth:errors.nameRequired" })
    .overwrite(cleanLine)
    .trim()
    .min(1, "auth:errors.nameRequired")
    .max(100, "validation.tooLong")
    .refine((value) => !hasControlCharacters(value, { multiline: false }), "validation.invalidCharacters"),
  // An https address, or (for admins, who may upload) an image of ours; empty = none.
  image: optionalImageField.transform((value) => value ?? null),
});

export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  confirm: z.literal("on", { error: "account:delete.confirmRequired" }),
  password: z.string().optional(),
});

/** A code from an authenticator app: six digits (spaces people copy along are dropped). */
const appCode = z
  .string()
  .default("")
  .transform((value) => value.replace(/\s+/g, ""))
  .refine((value) => /^\d{6}$/.test(value), "account:twoFactor.codeFormat");

/** The second factor on /admin/profile (ADR 012): start the setup, turn it off, or abandon a setup. */
export const twoFactorPasswordSchema = z.object({
  intent: z.enum(["two-factor-start", "two-factor-off"]),
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX_LENGTH),
});

export const twoFactorConfirmSchema = z.object({
  intent: z.literal("two-factor-confirm"),
  code: appCode,
});

/** The sign-in step: six digits from the app, or a recovery code ("abcde-12345"). */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .default("")
    .transform((value) => value.replace(/\s+/g, ""))
    .refine(
      (value) => /^\d{6}$/.test(value) || /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value),
      "auth:twoFactor.codeFormat",
    )
    // Recovery codes are stored with their dash.
    .transform((value) => (value.length === 10 ? `${value.slice(0, 5)}-${value.slice(5)}` : value)),
});

/** Admin Settings → Security: whether every admin must have a second factor (ADR 012). */
export const adminSecuritySchema = z.object({
  requireAdminTwoFactor: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
