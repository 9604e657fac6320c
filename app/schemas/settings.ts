// The admin settings forms, shared by the form and the action.
// No server imports: this module runs in the browser too.
import { z } from "zod";
import { userRoles } from "./domain";
import { emailField, phoneField, textField, urlField } from "./fields";

/** An optional field: empty means "not shown" (the footer hides it; the contact page falls back
 * to the school's default details). The parser reads an empty field as undefined. */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    field.optional(),
  );

/** spec §3 Contact config: address, description, email, phone, zalo and four social links. */
export const contactConfigSchema = z.object({
  address: optional(textField(300)),
  description: optional(textField(1000)),
  email: optional(emailField),
  phone: optional(phoneField),
  // Zalo accounts are phone numbers.
  zalo: optional(phoneField),
  facebook: optional(urlField),
  instagram: optional(urlField),
  twitter: optional(urlField),
  youtube: optional(urlField),
});
export type ContactConfigForm = z.infer<typeof contactConfigSchema>;

export const roleChangeSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(userRoles, { error: "validation.invalidChoice" }),
  /** An admin taking away their own admin role has confirmed it. */
  confirmed: z.literal("yes").optional(),
});
