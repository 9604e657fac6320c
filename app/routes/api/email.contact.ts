import { submitContactMessage } from "~/models/contact-message.server";
import { handleJsonSubmission, methodNotAllowed } from "~/requests/email-api.server";
import type { Route } from "./+types/email.contact";

/** spec §7 POST /api/email/contact: name, email, phone, subject, message, contactMethod.
 * The /contact page posts here when JavaScript runs. */
export function action({ request, context }: Route.ActionArgs) {
  return handleJsonSubmission(request, context, { namespace: "contact", submit: submitContactMessage });
}

export function loader() {
  methodNotAllowed();
}
