// A form's checks in the browser: the zod schema its action parses too, run over the form's data.
// Loaded by useAppForm on the form's first use (ADR 058), so that zod is not in what a page
// loads before it answers a tap.
import { parseWithZod } from "@conform-to/zod/v4";
import { distinctMessages, type FormSchema } from "~/schemas/form-schema";

export function checkForm(formData: FormData, schema: FormSchema) {
  return parseWithZod(formData, { schema, formatError: distinctMessages });
}
