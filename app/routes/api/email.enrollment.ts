import { submitEnrollment } from "~/models/enrollment.server";
import { handleJsonSubmission, methodNotAllowed } from "~/requests/email-api.server";
import type { Route } from "./+types/email.enrollment";

/** spec §7 POST /api/email/enrollment: fullName, phone, email, course, schedule, experience,
 * goals, hearAbout. The /enroll page posts here when JavaScript runs. */
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonSubmission(request, context, { namespace: "enroll", submit: submitEnrollment });
}

export function loader() {
  methodNotAllowed();
}
