// The admin's "Hủy đăng ký" (ADR 033): a cancellation mails people, so it asks first and names
// them — the learner, and the first on the class's waitlist when the seat goes on to them. The
// step is in the URL (?confirm=cancel), so it works without JavaScript.
import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { CONFIRM_CANCEL_PARAM } from "~/schemas/enrollment-admin";
import { Button, buttonClass } from "../../ui/button";

export interface CancellationPreview {
  learner: { name: string; email: string };
  nextOnWaitlist?: { name: string; email: string };
}

export function CancelEnrollment({
  id,
  preview,
  busy,
}: {
  id: string;
  /** Set while the confirmation step is open. */
  preview: CancellationPreview | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("admin-students");
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_CANCEL_PARAM);
  if (!preview) {
    return (
      <Form method="get" preventScrollReset>
        {[...params].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRM_CANCEL_PARAM} value="cancel" />
        <Button type="submit" variant="secondary" className="text-red-700" disabled={busy}>
          {t("detail.cancel")}
        </Button>
      </Form>
    );
  }
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-3 rounded-lg bg-red-50 p-4 ring-1 ring-red-200"
      data-testid="cancel-confirmation"
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value="cancelled" />
      <input type="hidden" name="confirmed" value="1" />
      <p className="font-semibold text-red-900">
        {t("cancelConfirm.question", { name: preview.learner.name })}
      </p>
      <p className="text-sm text-slate-800">{t("cancelConfirm.mailed")}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>{t("cancelConfirm.learner", preview.learner)}</li>
        {preview.nextOnWaitlist && <li>{t("cancelConfirm.nextOnWaitlist", preview.nextOnWaitlist)}</li>}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={busy}>
          {t("cancelConfirm.confirm")}
        </Button>
        <Link to={`?${params}`} preventScrollReset className={buttonClass("secondary")}>
          {t("cancelConfirm.keep")}
        </Link>
      </div>
    </Form>
  );
}
