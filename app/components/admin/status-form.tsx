// The next steps of a record's pipeline (an enrolment's or a message's status, an enrolment's
// payment) as the buttons of one form: each posts the intent with its step under `field`; all
// wait while one is being saved.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button";

export function StatusForm<Status extends string>({
  id,
  intent = "status",
  field = "status",
  statuses,
  busy,
  quiet,
  quietClassName = "",
  label,
}: {
  /** The record's id. */
  id: string;
  intent?: string;
  field?: string;
  statuses: readonly Status[];
  busy: boolean;
  /** The step that backs out (cancel, close): a secondary button. */
  quiet: (status: Status) => boolean;
  /** How the backing-out step stands apart beyond that (an enrolment's cancel is red). */
  quietClassName?: string;
  label: (status: Status) => ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {statuses.map((status) => (
        <Button
          key={status}
          type="submit"
          name={field}
          value={status}
          variant={quiet(status) ? "secondary" : "primary"}
          className={quiet(status) ? quietClassName : ""}
          disabled={busy}
        >
          {label(status)}
        </Button>
      ))}
    </Form>
  );
}
