import { submitTrialBooking } from "~/models/trial-lesson.server";
import { handleJsonSubmission, methodNotAllowed } from "~/requests/email-api.server";
import type { Route } from "./+types/email.trial";

/** POST /api/email/trial, beside the other public forms' JSON API (spec §7): slot, fullName,
 * phone, email, level, source. The /trial page posts here when JavaScript runs; without it the
 * page's own action runs the same submit. */
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonSubmission(request, context, { namespace: "trial", submit: submitTrialBooking });
}

export function loader() {
  methodNotAllowed();
}
