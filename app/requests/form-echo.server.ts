// What a 400 reply may echo back (ADR 011): Conform's reply carries the submitted values so
// that the form comes back filled in, and a page rendered without JavaScript shows them twice
// (the fields and the hydration data): 10 MB in became 21 MB out. The echo keeps only the
// form's own fields, each cut to the longest value its schema accepts.

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { FormSchema } from "~/schemas/form-schema";

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

/** The fields a form has: the object inside `schema` (through pipes, refinements, transforms,
 * optional and default wrappers, and the options of a union); undefined when there is none. */
export function formShapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape;
  const def = schema._zod.def as {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    options?: z.core.$ZodType[];
  };
  // A union of forms (one per intent) has the fields of all of them.
  if (def.options) return Object.assign({}, ...def.options.map((option) => formShapeOf(option) ?? {}));
  const inner = def.innerType ?? def.in;
  return inner ? formShapeOf(inner) : undefined;
}

const echoableValue = (value: unknown, max: number): unknown => {
  if (typeof value === "string") return value.slice(0, max);
  if (Array.isArray(value)) return value.slice(0, max).map((item) => echoableValue(item, max));
  return value;
};

/** A Conform reply fit to echo: the values of the form's own fields only, each string within
 * the longest its schema accepts. Everything else the client sent (an unknown 60,000-character
 * field) stays out of the page. */
export function echoableReply<Result extends SubmissionResult<string[]>>(
  result: Result,
  schema: z.core.$ZodType,
): Result {
  const shape = formShapeOf(schema) ?? {};
  const own = (name: string) => Object.hasOwn(shape, name);
  const initialValue: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(result.initialValue ?? {})) {
    const field = shape[name];
    if (field && own(name))
      initialValue[name] = echoableValue(value, maxLengthOf(field) ?? FALLBACK_MAX_LENGTH);
  }
  // The names of the submitted fields (Conform's `fields`, `state.validated`) are echoed too.
  const validated = result.state?.validated;
  return {
    ...result,
    ...(result.initialValue && { initialValue: initialValue as Result["initialValue"] }),
    ...(result.fields && { fields: result.fields.filter((name) => own(name.split(/[.[]/)[0] ?? "")) }),
    ...(validated && {
      state: {
        ...result.state,
        validated: Object.fromEntries(
          Object.entries(validated).filter(([name]) => own(name.split(/[.[]/)[0] ?? "")),
        ),
      },
    }),
  };
}

/** Conform's parse of a form with `schema`, whose replies echo what echoableReply lets through:
 * every action that answers a form with its errors parses with this. */
export function parseFormSubmission<Schema extends FormSchema>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  const reply = submission.reply;
  submission.reply = (options) => echoableReply(reply(options), schema);
  return submission;
}
