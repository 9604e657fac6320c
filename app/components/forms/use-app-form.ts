// The one way a form is set up: Conform over the zod schema its action parses too (STYLE.md §3),
// with the project's validation policy.

import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { distinctMessages, type FormSchema } from "~/schemas/form-schema";

export type FormResult = SubmissionResult<string[]>;

/** An action's answer as Conform's lastResult: only a form's reply (a list write's bare
 * `{status, error}` or another form's answer on the same page is not this form's). */
export function formResult(value: unknown): FormResult | undefined {
  return value && typeof value === "object" && "initialValue" in value ? (value as FormResult) : undefined;
}

type ConformOptions<Schema extends FormSchema> = NonNullable<
  Parameters<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[0]
>;

export interface AppFormOptions<Schema extends FormSchema>
  extends Pick<ConformOptions<Schema>, "id" | "defaultValue" | "onSubmit"> {
  /** The action's answer (anything: only a form reply is taken). */
  lastResult: unknown;
  /** When errors first show. By default on submit, not on blur: an error appearing as the focus
   * leaves a field for the Save button moves the button under the pointer and swallows the
   * click. The public forms, with their own submit handling, check each field on blur. */
  shouldValidate?: "onSubmit" | "onBlur";
  /** When errors update after that. By default they follow typing; the sign-in pages keep a
   * message until the next submit. */
  shouldRevalidate?: "onInput" | "onSubmit";
}

export function useAppForm<Schema extends FormSchema>(schema: Schema, options: AppFormOptions<Schema>) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: formResult(options.lastResult),
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate ?? "onSubmit",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, formatError: distinctMessages }),
    onSubmit: options.onSubmit,
  });
}
