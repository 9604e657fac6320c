// The account pages' forms (profile, password, sessions, deletion, second factor) post to one
// action, told apart by an `intent` field; its answer names the intent it is for, so each form
// shows only its own errors. Plain forms: they work without JavaScript, checked on the server.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { usePendingIntent } from "~/components/forms/submit";

/** One card of the account page, named by its heading; `danger` for what cannot be undone. */
export function AccountSection({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ${danger ? "ring-red-200" : "ring-slate-200"}`}
    >
      <h2 id={id} className={`text-xl font-semibold${danger ? " text-red-800" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

interface IntentResult {
  intent: string;
  errors?: Record<string, string[] | null>;
}

/** Per intent: whether its post is under way (until the answer has loaded), the action's answer
 * when it is for this intent, and the errors of one of its fields. */
export function useIntentResults<Intent extends string, Result extends IntentResult>(
  actionData: Result | undefined,
) {
  const pendingIntent = usePendingIntent({ untilLoaded: true });
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  return {
    busy: (intent: Intent) => pendingIntent === intent,
    result,
    errors: (intent: Intent, field: string) => result(intent)?.errors?.[field] ?? undefined,
  };
}

export function IntentForm({
  intent,
  noValidate = false,
  children,
}: {
  intent: string;
  /** Leave every check to the server (password forms: the browser would only say "required"). */
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" noValidate={noValidate}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
