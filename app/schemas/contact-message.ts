// spec §3/§5 Contact form, shared by the /contact form, its page action and
// POST /api/email/contact. Browser-safe: no server imports. Messages are i18n keys.
import { z } from "zod";
import { contactMethods, contactSubjects, DEFAULT_CONTACT_METHOD } from "./domain";
import { LONG_TEXT_MAX_LENGTH } from "./field-limits";
import {
  emailField,
  nameField,
  publicFormHiddenFields,
  publicPhoneField,
  requiredChoice,
  requiredText,
} from "./fields";

export const contactMessageSchema = z.object({
  name: nameField,
  email: emailField,
  phone: publicPhoneField,
  subject: requiredChoice(contactSubjects),
  message: requiredText(LONG_TEXT_MAX_LENGTH),
  contactMethod: z
    .string({ error: "validation.invalidChoice" })
    .trim()
    .optional()
    .transform((value) => value || DEFAULT_CONTACT_METHOD)
    .pipe(z.enum(contactMethods, { error: "validation.invalidChoice" })),
  ...publicFormHiddenFields,
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
