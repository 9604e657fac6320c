import { z } from "zod";
import { languages } from "~/i18n/language";

export const languageChangeSchema = z.object({
  language: z.enum(languages),
  // Only a path on this site: never an absolute URL (open redirect).
  redirectTo: z
    .string()
    .regex(/^\/(?!\/)/)
    .catch("/"),
});
