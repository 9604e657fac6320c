// POST /admin/classes/seats: the class roster's waitlist operations on one enrolment (move up,
// move down, promote, remove, move to another class), posted by its buttons' fetcher forms.
// Answers { ok: true }, or { error } with the reason as an i18n key: 400 for a malformed
// request, 404 for an enrolment or class that is gone, 409 for an operation the seats refuse.

import { data } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { log } from "~/lib/log.server";
import { ClassSeatError, type ClassSeatProblem } from "~/models/class-seat.server";
import { runWaitlistOperation } from "~/models/class-waitlist.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { waitlistOperationSchema } from "~/schemas/class-seat";
import type { Route } from "./+types/classes.seats";

const refusals: Record<ClassSeatProblem, { status: number; error: string }> = {
  "not-found": { status: 404, error: "class-seats:errors.notFound" },
  closed: { status: 409, error: "class-seats:errors.classClosed" },
  "no-seat": { status: 409, error: "class-seats:errors.noSeat" },
  "not-waiting": { status: 409, error: "class-seats:errors.notWaiting" },
  "same-class": { status: 409, error: "class-seats:errors.sameClass" },
};

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/classes/seats");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/classes/seats");
  const submission = parseFormSubmission(await args.request.formData(), waitlistOperationSchema);
  if (submission.status !== "success") {
    return data({ ok: false as const, error: "admin:errors.save" }, { status: 400 });
  }
  try {
    await runWaitlistOperation(args.context.db, submission.value);
  } catch (error) {
    if (error instanceof ClassSeatError) {
      const refusal = refusals[error.problem];
      return data({ ok: false as const, error: refusal.error }, { status: refusal.status });
    }
    log().error({ err: error }, "admin: waitlist operation failed");
    return data({ ok: false as const, error: "admin:errors.save" }, { status: 500 });
  }
  return { ok: true as const };
}
