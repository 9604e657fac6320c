// The free trial's booking form (issue 29), shared by /trial's form, its page action and
// POST /api/email/trial. Browser-safe. Messages are i18n keys.
import { z } from "zod";
import { parseTrialSlotKey, trialLevels, trialSourceOf } from "~/lib/trial-lesson";
import { emailField, nameField, publicFormHiddenFields, publicPhoneField, requiredChoice } from "./fields";

/** `slots`: the keys of the slots the page offers now; a slot outside them (past its cutoff,
 * cancelled, not offered, made up) is refused here, a full one under its lock. */
export function trialBookingSchema(slots: readonly string[]) {
  return z.object({
    slot: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "trial:errors.chooseSlot")
      .max(100, "trial:errors.slotGone")
      .refine((key) => parseTrialSlotKey(key) !== undefined && slots.includes(key), "trial:errors.slotGone"),
    fullName: nameField,
    phone: publicPhoneField,
    email: emailField,
    level: requiredChoice(trialLevels),
    // Hidden: where the visitor came from; never an error.
    source: z
      .string()
      .max(40)
      .optional()
      .catch(undefined)
      .transform((value) => trialSourceOf(value)),
    ...publicFormHiddenFields,
  });
}

/** The form's fields with any slot accepted: what the browser checks (it does not know which
 * slots are still free) and what a 400 may echo back. */
export const trialBookingFormSchema = trialBookingSchema([]).extend({
  slot: z.string({ error: "validation.required" }).trim().min(1, "trial:errors.chooseSlot").max(100),
});

export type TrialBookingInput = z.output<ReturnType<typeof trialBookingSchema>>;
