import { z } from "zod";
import { languages } from "~/i18n/language";
import { returnPathField } from "./fields";

export const languageChangeSchema = z.object({
  language: z.enum(languages),
  // Only a path on this site, after URL parsing: never another origin (no open redirect).
  redirectTo: returnPathField("/"),
});
