import { z } from "zod";
import { languages } from "~/i18n/language";
import { sameSitePath } from "~/lib/redirect-target";
import { returnPathField } from "./fields";

/** The same page's address in one language, as the switcher knows it (a translated post's own
 * slug); absent or invalid = let the server derive it from `redirectTo`. */
const alternatePathField = z
  .string()
  .max(2000)
  .transform((value) => sameSitePath(value))
  .optional()
  .catch(undefined);

export const languageChangeSchema = z.object({
  language: z.enum(languages),
  // Only a path on this site, after URL parsing: never another origin (no open redirect).
  redirectTo: returnPathField("/"),
  // One per language, so that the form works without JavaScript: the button names the language,
  // the action takes its address (ADR 032).
  "redirectTo-vi": alternatePathField,
  "redirectTo-en": alternatePathField,
  "redirectTo-de": alternatePathField,
});
