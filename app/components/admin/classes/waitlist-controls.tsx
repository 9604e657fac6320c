// The waitlist buttons of one row of a class roster: move up, move down, promote onto a free
// seat, remove from the waitlist (for a waitlisted learner), and move to another class (for
// anyone). Each is a fetcher form posting to /admin/classes/seats; the roster reloads after each.
// Every control's accessible name says whom it moves.
import { ArrowDown, ArrowUp, UserCheck, X } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { type ClassWhen, describeClassWhen, describeSeats } from "~/lib/class-dates";
import type { WaitlistIntent } from "~/schemas/class-seat";

const SEATS_ACTION = "/admin/classes/seats";

const labels = {
  "move-up": "admin.moveUp",
  "move-down": "admin.moveDown",
  promote: "admin.promote",
  remove: "admin.remove",
} as const satisfies Record<Exclude<WaitlistIntent, "move-to-class">, string>;

export interface WaitlistRow {
  enrollmentId: string;
  fullName: string;
  classId: string;
  /** Its place on the waitlist, or null when it holds a seat. */
  waitlistPosition: number | null;
}

/** A class the learner can be moved to (listMoveTargets). */
export interface MoveTargetChoice extends ClassWhen {
  id: string;
  courseTitle: string;
  seatsLeft: number;
  full: boolean;
}

export function WaitlistControls({
  row,
  waitlistLength,
  seatsLeft,
  targets,
}: {
  row: WaitlistRow;
  /** How many wait in the row's class: the last cannot move down. */
  waitlistLength: number;
  /** Free seats in the row's class: promoting needs one. */
  seatsLeft: number;
  targets: readonly MoveTargetChoice[];
}) {
  const { t } = useTranslation("class-seats");
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const name = row.fullName;
  const position = row.waitlistPosition;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {position !== null &&
          (
            [
              ["move-up", <ArrowUp key="up" aria-hidden="true" className="size-4" />, position <= 1],
              [
                "move-down",
                <ArrowDown key="down" aria-hidden="true" className="size-4" />,
                position >= waitlistLength,
              ],
              ["promote", <UserCheck key="promote" aria-hidden="true" className="size-4" />, seatsLeft <= 0],
              ["remove", <X key="remove" aria-hidden="true" className="size-4 text-red-700" />, false],
            ] as const
          ).map(([intent, icon, disabled]) => (
            <fetcher.Form key={intent} method="post" action={SEATS_ACTION}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="enrollmentId" value={row.enrollmentId} />
              <button
                type="submit"
                aria-label={t(labels[intent], { name })}
                title={t(labels[intent], { name })}
                disabled={busy || disabled}
                className={buttonClass(intent === "remove" ? "ghost" : "secondary", "px-2.5 py-1.5")}
              >
                {icon}
              </button>
            </fetcher.Form>
          ))}
        <MoveToClass row={row} targets={targets} fetcher={fetcher} busy={busy} />
      </div>
      {error && <Alert tone="error">{t(error)}</Alert>}
    </div>
  );
}

function MoveToClass({
  row,
  targets,
  fetcher,
  busy,
}: {
  row: WaitlistRow;
  targets: readonly MoveTargetChoice[];
  fetcher: ReturnType<typeof useFetcher>;
  busy: boolean;
}) {
  const { t } = useTranslation("class-seats");
  useTranslation("schedule"); // the weekday names and seat texts of describeClassWhen/describeSeats
  const selectId = useId();
  const others = targets.filter((target) => target.id !== row.classId);
  if (others.length === 0) return null;
  return (
    <fetcher.Form method="post" action={SEATS_ACTION} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="move-to-class" />
      <input type="hidden" name="enrollmentId" value={row.enrollmentId} />
      <label htmlFor={selectId} className="sr-only">
        {t("admin.moveTo", { name: row.fullName })}
      </label>
      <select
        id={selectId}
        name="classId"
        required
        className="max-w-64 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {others.map((target) => (
          <option key={target.id} value={target.id}>
            {`${target.courseTitle}: ${describeClassWhen(t, target)} – ${describeSeats(t, target)}`}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={busy}
        aria-label={t("admin.moveToSubmitFor", { name: row.fullName })}
        className={buttonClass("secondary", "px-3 py-1.5 text-sm")}
      >
        {t("admin.moveToSubmit")}
      </button>
    </fetcher.Form>
  );
}
