// The next steps of a record's pipeline (an enrolment's, a message's) as the buttons of one form:
// each posts intent=status with its status; all wait while one is being saved.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button";

export function StatusForm<Status extends string>({
  id,
  statuses,
  busy,
  quiet,
  quietClassName = "",
  label,
}: {
  /** The record's id. */
  id: string;
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
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      {statuses.map((status) => (
        <Button
          key={status}
          type="submit"
          name="status"
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
