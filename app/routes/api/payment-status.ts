import { verifyPaymentStatusToken } from "~/lib/payment-status-token.server";
import { getPaymentStatus } from "~/models/payment-status.server";
import type { Route } from "./+types/payment-status";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/payment-status/<token> (issue 31): `{ stage, received, due }` of the enrolment whose
 * answer carried the token; an unknown or forged token, or an enrolment since erased, is a 404.
 * Never cached: it changes when the money arrives. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const enrollmentId = verifyPaymentStatusToken(context.config.authSecret, params.token);
  const status = enrollmentId ? await getPaymentStatus(context.db, enrollmentId) : undefined;
  if (!status) return Response.json({ error: "Not Found" }, { status: 404, headers: noStore });
  return Response.json(status, { headers: noStore });
}
