// The privacy page's promises: an admin corrects a person's details on an
// enrolment or a message, deletes one record, or erases everything a person sent. Browser-safe.
import { z } from "zod";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./field-limits";
import { emailField, phoneField, requiredText } from "./fields";

const personalFields = {
  id: z.uuid(),
  email: emailField,
  phone: phoneField.max(PHONE_MAX_LENGTH, "validation.tooLong"),
};

export const enrollmentPersonalSchema = z.object({
  ...personalFields,
  fullName: requiredText(NAME_MAX_LENGTH),
});

export const messagePersonalSchema = z.object({
  ...personalFields,
  name: requiredText(NAME_MAX_LENGTH),
});

/** The single-record delete asks for a ticked confirmation, so it works without JavaScript. */
export const deleteRecordSchema = z.object({
  id: z.uuid(),
  confirm: z.literal("on", { error: "personal-data:errors.confirmDelete" }),
});

/** Whom to erase: an email, a phone, or both. */
export const personQuerySchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .optional()
      .transform((v) => v || undefined),
    phone: z
      .string()
      .trim()
      .max(PHONE_MAX_LENGTH)
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((person) => Boolean(person.email) || phoneDigits(person.phone ?? "").length >= 8, {
    error: "personal-data:errors.personRequired",
  });

export const erasePersonSchema = personQuerySchema.and(
  z.object({ confirm: z.literal("on", { error: "personal-data:errors.confirmErase" }) }),
);

export type PersonQuery = z.output<typeof personQuerySchema>;

/** A phone compared by its digits, with Vietnam's +84 written as the leading 0. */
export function phoneDigits(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return /^84\d{9}$/.test(digits) ? `0${digits.slice(2)}` : digits;
}

/** A learner's "erase my data" on /profile: their password (when the account has one) and a
 * ticked confirmation. */
export const eraseOwnDataSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.literal("on", { error: "personal-data:account.errors.confirm" }),
});
