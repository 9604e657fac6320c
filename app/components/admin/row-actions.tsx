// The edit and delete links of a row in an admin list. Each opens its dialog, which lives in the
// URL (dialog-url.ts), and is named for screen readers with what it acts on.
import { Pencil, Trash2 } from "lucide-react";
import { Link, useLocation } from "react-router";
import { dialogHref } from "~/lib/dialog-url";
import { buttonClass } from "../ui/button";

export function EditDeleteLinks({
  id,
  kind,
  editLabel,
  deleteLabel,
  padding = "px-3",
}: {
  id: string;
  /** The about page's list the row belongs to. */
  kind?: string;
  editLabel: string;
  /** None when the person may not delete it (their role, ADR 047): no delete button then. */
  deleteLabel: string | undefined;
  /** The buttons' padding: a table row's are smaller. */
  padding?: string;
}) {
  const location = useLocation();
  return (
    <>
      <Link
        to={dialogHref(location.search, { mode: "edit", id, kind })}
        preventScrollReset
        aria-label={editLabel}
        className={buttonClass("secondary", padding)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Link>
      {deleteLabel && (
        <Link
          to={dialogHref(location.search, { mode: "delete", id, kind })}
          preventScrollReset
          aria-label={deleteLabel}
          className={buttonClass("secondary", `${padding} text-red-700`)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Link>
      )}
    </>
  );
}
