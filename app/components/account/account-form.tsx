// The account pages' forms (profile, password, sessions, deletion, second factor) post to one
// action, told apart by an `intent` field; its answer names the intent it is for, so each form
// shows only its own errors. Plain forms: they work without JavaScript, checked on the server.
import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
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
  latestActionData: Result | undefined,
) {
  const actionData = useKeptActionAnswer(latestActionData);
  const pendingIntent = usePendingIntent({ untilLoaded: true });
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  return {
    busy: (intent: Intent) => pendingIntent === intent,
    result,
    errors: (intent: Intent, field: string) => result(intent)?.errors?.[field] ?? undefined,
  };
}

/** The action's answer, kept until the next post. React Router forgets an action's answer at
 * any later reload of the page's data, and a save announces itself to the live updates (the
 * account's "users" change): that reload came a moment after the action's own and took
 * "Đã lưu thông tin của bạn." (or a form's errors) away before anyone could read it. */
function useKeptActionAnswer<Result>(actionData: Result | undefined) {
  const navigation = useNavigation();
  const [kept, setKept] = useState(actionData);
  // Updated while rendering (React's pattern for state that follows a prop), so the answer
  // shows in the same render that brings it; a new post clears the old one.
  if (actionData !== undefined && actionData !== kept) setKept(actionData);
  else if (actionData === undefined && kept !== undefined && navigation.state === "submitting") {
    setKept(undefined);
  }
  return actionData ?? kept;
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
