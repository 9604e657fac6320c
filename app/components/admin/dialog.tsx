// The admin's modal dialogs (spec §4 "Admin forms open as modals in add or edit mode and close on
// save or cancel"; §5 "All deletions ask for confirmation"). The open state is in the URL (see
// dialog-url.ts); ui/dialog.tsx renders it as a native modal dialog.
import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { closedDialogHref } from "~/lib/dialog-url";
import { Alert } from "../ui/alert";
import { Button, buttonClass } from "../ui/button";
import { Dialog, DialogFooter } from "../ui/dialog";

/** A dialog of an admin page: closing it returns to the page's URL without the dialog. */
export function AdminDialog({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  return (
    <Dialog
      title={title}
      closeHref={closedDialogHref(`${location.pathname}${location.search}`)}
      closeLabel={t("dialog.close")}
      wide={wide}
    >
      {children}
    </Dialog>
  );
}

/** The Cancel link at the foot of a dialog's form. */
export function CancelLink() {
  const { t } = useTranslation("admin");
  const location = useLocation();
  return (
    <Link
      to={closedDialogHref(`${location.pathname}${location.search}`)}
      preventScrollReset
      className={buttonClass("secondary")}
    >
      {t("dialog.cancel")}
    </Link>
  );
}

/** The buttons under a dialog's form: Cancel and Save (disabled while saving). `intent` is what
 * Save posts (a translation's save is `translate`, ADR 032). */
export function DialogActions({
  saving,
  submitLabel,
  intent = "save",
}: {
  saving: boolean;
  submitLabel?: string;
  intent?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <DialogFooter>
      <CancelLink />
      <Button type="submit" name="intent" value={intent} disabled={saving}>
        {saving ? t("dialog.saving") : (submitLabel ?? t("dialog.save"))}
      </Button>
    </DialogFooter>
  );
}

/** spec §5: every deletion asks first. The dialog names what goes; the form posts intent=delete. */
export function ConfirmDeleteDialog({
  id,
  name,
  error,
  extra,
}: {
  id: string;
  /** What is deleted, as the list shows it. */
  name: string;
  error?: string;
  /** Hidden fields a page needs to route the delete (the about tabs' kind). */
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <AdminDialog title={t("dialog.deleteTitle")}>
      <Form method="post" preventScrollReset className="space-y-5">
        {error && <Alert tone="error">{t(error)}</Alert>}
        <p className="text-slate-800">{t("dialog.deleteQuestion", { name })}</p>
        <input type="hidden" name="id" value={id} />
        {Object.entries(extra ?? {}).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <DialogFooter>
          <CancelLink />
          <Button type="submit" name="intent" value="delete" variant="danger" disabled={deleting}>
            {deleting ? t("dialog.deleting") : t("dialog.delete")}
          </Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}

/** "Saved" / "Deleted" after a dialog closed, from the ?done= its redirect set. */
export function DoneNotice() {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const done = new URLSearchParams(location.search).get("done");
  if (done !== "saved" && done !== "deleted") return null;
  return <Alert tone="success">{t(`dialog.done.${done}`)}</Alert>;
}
