// The placement test's answer form (issue 29), shared by the page and its action. One field per
// question, `answers.<question id>`; and, optionally, where the learner wants the result.
// Browser-safe: no server imports, and nothing here knows an answer. Messages are i18n keys.
import { z } from "zod";
import { PLACEMENT_ANSWER_MAX_LENGTH } from "~/lib/placement-test";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./field-limits";
import { emailField, nameField, publicFormHiddenFields, publicPhoneField } from "./fields";

/** More answers than any test asks (30) with room for a bigger one: a post with more is refused
 * before anything is read from the database. */
export const PLACEMENT_MAX_ANSWERS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional field: left empty it is undefined, filled it is checked as `field`. */
const optional = <T extends z.ZodType<string>>(field: T) =>
  z.union([z.literal("").transform(() => undefined), field]).optional();

export const placementAnswersSchema = z.object({
  answers: z
    .record(
      z.string().regex(UUID, "validation.invalidChoice"),
      z.string().trim().max(PLACEMENT_ANSWER_MAX_LENGTH, { error: "validation.tooLong" }),
    )
    .optional()
    .transform((answers) => answers ?? {})
    .refine((answers) => Object.keys(answers).length <= PLACEMENT_MAX_ANSWERS, "validation.invalidChoice"),
  email: optional(emailField),
  phone: optional(publicPhoneField),
  name: optional(nameField),
  ...publicFormHiddenFields,
});

export type PlacementAnswersInput = z.output<typeof placementAnswersSchema>;

/** What a refused post gives back to the page (no JavaScript: the browser shows the page the
 * post answered), so that no answer is lost to a mistyped email: the fields of this form only,
 * text only, each within its limit, at most PLACEMENT_MAX_ANSWERS answers. */
export function placementFormEcho(formData: FormData) {
  const answers: Record<string, string> = {};
  const text = (name: string, max: number) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  for (const [name, value] of formData) {
    if (Object.keys(answers).length >= PLACEMENT_MAX_ANSWERS) break;
    const id = name.startsWith("answers.") ? name.slice("answers.".length) : "";
    if (UUID.test(id) && typeof value === "string") answers[id] = value.slice(0, PLACEMENT_ANSWER_MAX_LENGTH);
  }
  return {
    answers,
    name: text("name", NAME_MAX_LENGTH),
    email: text("email", 254),
    phone: text("phone", PHONE_MAX_LENGTH),
  };
}

export type PlacementFormEcho = ReturnType<typeof placementFormEcho>;
