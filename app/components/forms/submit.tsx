// The submit button of every form, and the row that holds it (with a Cancel where the form is in
// a dialog). While the form is on its way the button is disabled and says so.
import { Loader2 } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button } from "../ui/button";

type Pending = { untilLoaded?: boolean };

/** The intent of the post this page has under way ("" for a post without one), or undefined.
 * `untilLoaded` also counts the loading of the page the action redirected to (a sign-in's next
 * page), so the button stays disabled until it shows. */
export function usePendingIntent({ untilLoaded = false }: Pending = {}) {
  const navigation = useNavigation();
  const busy = untilLoaded ? navigation.state !== "idle" : navigation.state === "submitting";
  return busy ? String(navigation.formData?.get("intent") ?? "") : undefined;
}

/** A post of this page under way; with an intent, only a post carrying that intent. */
export function useSubmitting(intent?: string, options?: Pending) {
  const pending = usePendingIntent(options);
  return pending !== undefined && (intent === undefined || pending === intent);
}

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  pending: boolean;
  /** Shown instead of the label while pending ("Đang lưu..."); without it the label stays. */
  pendingLabel?: ReactNode;
  /** A spinner while pending (the public forms, whose wait includes the mail). */
  spinner?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
  variant?: "primary" | "secondary" | "danger";
};

export function SubmitButton({
  pending,
  pendingLabel,
  spinner = false,
  icon,
  variant,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" variant={variant} disabled={pending || disabled} {...props}>
      {spinner && pending ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

/** The foot of a form: an optional Cancel, then the submit button, at the right. `divided` sets it
 * off from the fields with a rule (a form in a card or dialog). */
export function SubmitRow({
  cancel,
  divided = false,
  ...button
}: SubmitButtonProps & { cancel?: ReactNode; divided?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-end gap-3${divided ? " border-t border-slate-200 pt-4" : ""}`}>
      {cancel}
      <SubmitButton {...button} />
    </div>
  );
}
