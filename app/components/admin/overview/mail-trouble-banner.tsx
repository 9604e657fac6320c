// The overview's warning that mail is not going out (see getMailTrouble for when it shows): it
// leads to the outbox, filtered to what needs the admin — the failed mail, or else the mail
// waiting for its next attempt.
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { getMailTrouble } from "~/mail/outbox.server";

export function MailTroubleBanner({ trouble }: { trouble: Awaited<ReturnType<typeof getMailTrouble>> }) {
  const { t } = useTranslation("admin-settings");
  if (trouble.failed === 0 && trouble.retrying === 0) return null;
  const status = trouble.failed > 0 ? "failed" : "queued";
  return (
    <section
      aria-labelledby="mail-trouble-heading"
      data-testid="mail-trouble"
      className="flex flex-wrap items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="mail-trouble-heading" className="font-bold">
          {t("outbox.trouble.heading")}
        </h2>
        {trouble.failed > 0 && <p>{t("outbox.trouble.failed", { count: trouble.failed })}</p>}
        {trouble.retrying > 0 && <p>{t("outbox.trouble.retrying", { count: trouble.retrying })}</p>}
      </div>
      <Link
        to={`/admin/settings?tab=outbox&status=${status}`}
        className="self-center font-semibold text-red-900 underline hover:text-red-950"
      >
        {t("outbox.trouble.link")}
      </Link>
    </section>
  );
}
