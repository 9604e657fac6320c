// A form's checks in the browser: the zod schema its action parses too, run over the form's data.
// Loaded by useAppForm after the page (ADR 058), so that zod is not in what a page must load
// before it answers a tap.
import { parseWithZod } from "@conform-to/zod/v4";
import { distinctMessages, type FormSchema } from "~/schemas/form-schema";

export function checkForm(formData: FormData, schema: FormSchema) {
  return parseWithZod(formData, { schema, formatError: distinctMessages });
}
