// GET /admin/settings/newsletter.csv[?status=…]: the newsletter subscribers as CSV,
// UTF-8 with BOM so that Excel shows the addresses and headings correctly. Streamed in batches.
import { staffOnly } from "~/auth/staff-guard.server";
import { i18n } from "~/i18n/resources.server";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { calendarDayInVietnam } from "~/lib/format";
import { eachNewsletterSubscriber } from "~/models/newsletter.server";
import { requestLanguage } from "~/requests/request-language";
import { type NewsletterStatus, newsletterStatuses } from "~/schemas/domain";
import type { Route } from "./+types/settings.newsletter-export";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/settings/newsletter.csv");
  const { request, context } = args;
  const requested = new URL(request.url).searchParams.get("status");
  const status = newsletterStatuses.includes(requested as NewsletterStatus)
    ? (requested as NewsletterStatus)
    : undefined;
  const t = i18n.getFixedT(requestLanguage(request), "admin-settings");
  const encoder = new TextEncoder();
  const rows = eachNewsletterSubscriber(context.db, status);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          CSV_BOM +
            csvRow([
              t("admin-settings:csv.email"),
              t("admin-settings:csv.status"),
              t("admin-settings:csv.language"),
              t("admin-settings:csv.createdAt"),
              t("admin-settings:csv.confirmedAt"),
              t("admin-settings:csv.unsubscribedAt"),
            ]),
        ),
      );
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      const s = next.value;
      controller.enqueue(
        encoder.encode(
          csvRow([
            s.email,
            t(`newsletter.status.${s.status}`),
            s.language,
            s.createdAt,
            s.confirmedAt,
            s.unsubscribedAt,
          ]),
        ),
      );
    },
  });
  const day = calendarDayInVietnam();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="lernhaus-newsletter-${status ?? "all"}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
