// The admin's modal dialogs (spec §4 "Admin forms open as modals in add or edit mode and close on
// save or cancel"; §5 "All deletions ask for confirmation"). The open state is in the URL (see
// admin-page.ts); this component turns that into a native modal dialog, which brings the focus
// trap, Escape and inert background with it.
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Alert } from "../ui/alert";
import { Button, buttonClass } from "../ui/button";
import { closedDialogHref } from "./dialog-url";

export function AdminDialog({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  /** The post editor needs the room of a full-width dialog. */
  wide?: boolean;
}) {
  const { t } = useTranslation("admin");
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const closeHref = closedDialogHref(`${location.pathname}${location.search}`);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The server renders the dialog open (non-modal, so it works without JavaScript); make it
    // modal once hydrated.
    if (element.open && !element.matches(":modal")) element.close();
    if (!element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }}
      className={`fixed inset-0 z-40 m-auto max-h-[92vh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 ${
        wide ? "max-w-5xl" : "max-w-2xl"
      }`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          aria-label={t("dialog.close")}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
      </div>
      <div className="px-5 py-5">{children}</div>
    </dialog>
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

/** The buttons under a dialog's form: Cancel and Save (disabled while saving). */
export function DialogActions({ saving, submitLabel }: { saving: boolean; submitLabel?: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
      <CancelLink />
      <Button type="submit" name="intent" value="save" disabled={saving}>
        {saving ? t("dialog.saving") : (submitLabel ?? t("dialog.save"))}
      </Button>
    </div>
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
        <div className="flex flex-wrap justify-end gap-3">
          <CancelLink />
          <Button type="submit" name="intent" value="delete" variant="danger" disabled={deleting}>
            {deleting ? t("dialog.deleting") : t("dialog.delete")}
          </Button>
        </div>
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
