// What a 400 reply may echo back (ADR 011): Conform's reply carries the submitted values so
// that the form comes back filled in, and a page rendered without JavaScript shows them twice
// (the fields and the hydration data): 10 MB in became 21 MB out. The echo keeps only the
// form's own fields, each cut to the longest value its schema accepts.
import { z } from "zod";

/** Echo limit of a field whose schema states none (a checkbox, a number, an id). */
const FALLBACK_MAX_LENGTH = 100;

/** The longest string `schema` accepts, looking through optional, default, pipe and the like. */
export function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodEnum) return Math.max(...schema.options.map((option) => String(option).length));
  const def = schema._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.innerType) return maxLengthOf(def.innerType);
  if (def.type === "pipe" && def.in && def.out) return maxLengthOf(def.in) ?? maxLengthOf(def.out);
  return undefined;
}

/** A copy of `formData` fit to echo: the schema's fields only, text only, each within its limit. */
export function echoableFormData(formData: FormData, schema: z.ZodObject): FormData {
  const echo = new FormData();
  for (const [name, value] of formData) {
    const field = schema.shape[name];
    if (!field || typeof value !== "string") continue;
    echo.append(name, value.slice(0, maxLengthOf(field) ?? FALLBACK_MAX_LENGTH));
  }
  return echo;
}
