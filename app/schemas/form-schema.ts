// What every form's schema is, for the form (Conform) and its action alike.
import type { z } from "zod";

/** One message per problem: a field schema may report the same message from two checks. */
export function distinctMessages(issues: readonly { message: string }[]) {
  return [...new Set(issues.map((issue) => issue.message))];
}

/** A form's schema: it parses an object of named fields. */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's value
export type FormSchema = z.ZodType<unknown, Record<string, any>>;
