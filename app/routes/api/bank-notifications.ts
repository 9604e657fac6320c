import { handleBankNotification } from "~/requests/bank-notification.server";
import type { Route } from "./+types/bank-notifications";

/** A bank-notification provider's webhook (issue 31, ADR 050): SePay at /api/bank-notifications/sepay,
 * Casso at /api/bank-notifications/casso. */
export function action({ request, context, params }: Route.ActionArgs) {
  return handleBankNotification(request, context, params.provider);
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleBankNotification(request, context, params.provider);
}
