// The one way a form is set up: Conform over the zod schema its action parses too (STYLE.md §3),
// with the project's validation policy.
//
// The checks in the browser load when the form is first used (ADR 058): focus in one of its
// fields, or a submit. A page with a form loads neither zod nor the schema with it, and a visitor
// who only reads it never does. A submit in the moment before the checks have arrived waits for
// them, then is checked and sent as any other; if they cannot load (offline, a new version
// deployed meanwhile), it goes to the server unchecked, as without JavaScript, and the action's
// answer shows the errors.

import { parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import type { FormSchema } from "~/schemas/form-schema";

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

/** A form's schema in the browser: the schema itself, or its import — what a public page passes,
 * so that neither zod nor the schema is in the page's JavaScript (`() => import(…)`). */
export type SchemaSource<Schema extends FormSchema> = Schema | (() => Promise<Schema>);

type FormCheck<Schema extends FormSchema> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/** Where the form's checks are: loading (undefined), loaded, or failed to load. */
type CheckState<Schema extends FormSchema> = { run: FormCheck<Schema> } | { failed: true } | undefined;

/** Whether `target` (a focused element) is in the form `formId`: a field of it (also one placed
 * outside with form="…"), or an element inside it (the editor's writing area). */
function isInForm(target: EventTarget | null, formId: string) {
  if (!(target instanceof Element)) return false;
  const field = target as Element & { form?: HTMLFormElement | null };
  return (field.form ?? target.closest("form"))?.id === formId;
}

/** The form's checks once they have loaded (never on the server; asked for when the form is first
 * used), and a submit made before that, sent again once they have settled. */
function useFormCheck<Schema extends FormSchema>(schema: SchemaSource<Schema>, formId: string) {
  const [wanted, setWanted] = useState(false);
  const [check, setCheck] = useState<CheckState<Schema>>();
  const waitingSubmit = useRef<() => void>(undefined);
  useEffect(() => {
    if (wanted) return;
    const onFocus = (event: FocusEvent) => {
      if (isInForm(event.target, formId)) setWanted(true);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [wanted, formId]);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void Promise.all([import("./form-checks"), typeof schema === "function" ? schema() : schema]).then(
      ([{ checkForm }, loaded]) => {
        if (current)
          setCheck({ run: (formData) => checkForm(formData, loaded) as ReturnType<FormCheck<Schema>> });
      },
      () => {
        if (current) setCheck({ failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, schema]);
  // The submit that waited is sent again once the checks are in, in two steps:
  // 1. a task of its own: this effect can run while the form is still dispatching the submit
  //    that asked for the checks (when they arrive just before that click, React commits them
  //    with the click's own update, in the microtask after the submit listener), and a form
  //    ignores requestSubmit() while it fires its submit event (HTML's "firing submission
  //    events"): the submit would be lost without a word;
  // 2. from that task, a render of the form, and the submit from the effect after it. Conform
  //    learns which messages a render shows while the render runs, so a submit sent from a
  //    bare task that lands while React has paused a render of the form finds it half-known and
  //    shows no field's message; an effect never runs in such a pause.
  const [resendTurn, setResendTurn] = useState(0);
  useEffect(() => {
    if (!check || !waitingSubmit.current) return;
    const task = setTimeout(() => setResendTurn((turn) => turn + 1));
    return () => clearTimeout(task);
  }, [check]);
  useEffect(() => {
    if (resendTurn === 0 || !waitingSubmit.current) return;
    const submit = waitingSubmit.current;
    waitingSubmit.current = undefined;
    submit();
  }, [resendTurn]);
  const awaitChecks = (submit: () => void) => {
    waitingSubmit.current = submit;
    setWanted(true);
  };
  /** A submit checked meanwhile replaces the one waiting (a second click): it is not sent twice. */
  const dropWaitingSubmit = () => {
    waitingSubmit.current = undefined;
  };
  return { check, awaitChecks, dropWaitingSubmit };
}

/** Before the checks have loaded, and if they cannot: nothing is checked and nothing is said. A
 * check Conform asks for on blur or input is still answered, so that the browser does not send
 * the form for it. */
function unchecked<Schema extends FormSchema>({ formData }: { formData: FormData }) {
  return parse(formData, { resolve: () => ({ value: undefined }) }) as ReturnType<FormCheck<Schema>>;
}

/** Sets up a form. `onSubmit` is called with the checked submission, or, when the checks could
 * not load, with none: the form should then let the browser send it. */
export function useAppForm<Schema extends FormSchema>(
  schema: SchemaSource<Schema>,
  options: AppFormOptions<Schema>,
) {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const { check, awaitChecks, dropWaitingSubmit } = useFormCheck(schema, formId);
  const run = check && "run" in check ? check.run : undefined;
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: formId,
    lastResult: formResult(options.lastResult),
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate ?? "onSubmit",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: run ? ({ formData }) => run(formData) : unchecked,
    onSubmit(event, context) {
      if (!check) {
        // Sent before the checks have arrived: again once they have.
        event.preventDefault();
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        awaitChecks(() => form.requestSubmit(submitter));
        return;
      }
      dropWaitingSubmit();
      options.onSubmit?.(event, run ? context : { ...context, submission: undefined });
    },
  });
}
