// Settings › Outbox: the mail queue with each mail's state; a failed mail can be sent again, and
// in the failed filter every failed mail at once after a confirmation (a URL-driven dialog).
import { RotateCw } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { ItemList } from "~/components/ui/item-list";
import { useTranslation } from "~/i18n/react";
import { DIALOG_PARAM } from "~/lib/dialog-url";
import { formatDateTimeVi } from "~/lib/format";
import type { listOutbox } from "~/mail/outbox.server";
import { type OutboxStatus, outboxStatuses } from "~/schemas/domain";
import { AdminDialog, CancelLink } from "../dialog";
import { ListError } from "../form-parts";
import { Pagination } from "../pagination";
import { SettingsSection } from "./settings-page";
import { StatusFilter } from "./status-filter";

const outboxTone: Record<string, string> = {
  queued: "bg-amber-50 text-amber-900 ring-amber-300",
  sent: "bg-green-50 text-green-800 ring-green-300",
  failed: "bg-red-50 text-red-800 ring-red-300",
};

export function OutboxTab({
  status,
  outbox,
  lastResult,
}: {
  status: OutboxStatus | undefined;
  outbox: Awaited<ReturnType<typeof listOutbox>>;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  const params = new URLSearchParams(useLocation().search);
  const requeued = Number(params.get("requeued"));
  const canRetryAll = status === "failed" && outbox.total > 0;
  return (
    <SettingsSection id="outbox-heading" title={t("outbox.heading")} intro={t("outbox.intro")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusFilter
          tab="outbox"
          statuses={outboxStatuses}
          current={status}
          label={(value) => t(`outbox.status.${value}`)}
        />
        {canRetryAll && (
          <Link
            to={`?tab=outbox&status=failed&${DIALOG_PARAM}=${RETRY_ALL_DIALOG}`}
            preventScrollReset
            className={buttonClass("secondary", "text-sm")}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t("outbox.retryAll.button")}
          </Link>
        )}
      </div>
      {Number.isInteger(requeued) && requeued > 0 && (
        <Alert tone="success">{t("outbox.retryAll.done", { count: requeued })}</Alert>
      )}
      {canRetryAll && params.get(DIALOG_PARAM) === RETRY_ALL_DIALOG && (
        <RetryAllDialog count={outbox.total} />
      )}
      <ListError result={lastResult} />
      <ItemList
        items={outbox.rows}
        empty={t("outbox.empty")}
        emptyClassName="py-6 text-center text-slate-600"
        className="divide-y divide-slate-100"
      >
        {(mail) => (
          <li key={mail.id} className="flex flex-wrap items-start gap-3 py-3">
            {/* Long addresses and subjects wrap anywhere: a phone never scrolls sideways. */}
            <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <p className="font-medium text-slate-900">{mail.subject}</p>
              <p className="text-sm text-slate-700">
                {t("outbox.to", { to: mail.to })} · {formatDateTimeVi(mail.createdAt)} ·{" "}
                {t("outbox.attempts", { count: mail.attempts })}
              </p>
              {mail.status === "failed" && mail.lastError && (
                <p className="mt-1 break-words text-sm text-red-800">
                  {t("outbox.lastError", { error: mail.lastError })}
                </p>
              )}
              {mail.status === "queued" && mail.attempts > 0 && (
                <p className="mt-1 text-sm text-slate-700">
                  {t("outbox.nextAttempt", { at: formatDateTimeVi(mail.nextAttemptAt) })}
                  {mail.lastError ? ` — ${mail.lastError}` : ""}
                </p>
              )}
            </div>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${outboxTone[mail.status] ?? ""}`}
            >
              {t(`outbox.status.${mail.status}`, { defaultValue: mail.status })}
            </span>
            {mail.status === "failed" && (
              <Form method="post">
                <input type="hidden" name="id" value={mail.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="retry-mail"
                  variant="secondary"
                  className="px-3 py-1.5 text-sm"
                  aria-label={t("outbox.retryOne", { subject: mail.subject })}
                >
                  <RotateCw aria-hidden="true" className="size-4" />
                  {t("outbox.retry")}
                </Button>
              </Form>
            )}
          </li>
        )}
      </ItemList>
      <Pagination page={outbox.page} pageSize={outbox.pageSize} total={outbox.total} />
    </SettingsSection>
  );
}

const RETRY_ALL_DIALOG = "retry-all";

function RetryAllDialog({ count }: { count: number }) {
  const { t } = useTranslation("admin-settings");
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "retry-all-mail";
  return (
    <AdminDialog title={t("outbox.retryAll.title")}>
      <Form method="post" className="space-y-5">
        <p className="text-slate-800">{t("outbox.retryAll.question", { count })}</p>
        <DialogFooter>
          <CancelLink />
          <Button type="submit" name="intent" value="retry-all-mail" disabled={sending}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t("outbox.retryAll.button")}
          </Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}
