// Reusable field schemas (STYLE.md §3). Every message is an i18n key of the common namespace
// ("validation.*"), translated where it is shown: next to the field, or in a JSON API error.
import { z } from "zod";

export const requiredText = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, { error: `validation.tooLong` });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .optional()
    .transform((value) => (value === "" ? undefined : value));

export const emailField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(254, "validation.tooLong")
  .pipe(z.email({ error: "validation.email" }));

/** 8–15 digits; spaces, dots and dashes allowed between them, and a leading +. */
export const phoneField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .regex(/^\+?[\d\s.-]+$/, "validation.phone")
  .refine((value) => {
    const digits = value.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 15;
  }, "validation.phone");

export const urlField = z
  .string()
  .trim()
  .max(2000, "validation.tooLong")
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), "validation.url");

/** spec §9: order fields minimum 1. */
export const orderField = z.coerce
  .number({ error: "validation.number" })
  .int("validation.integer")
  .min(1, "validation.orderMin");
