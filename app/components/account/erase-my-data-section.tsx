// "Erase my data" on /profile: the learner's enrolments, messages and newsletter
// rows under their account's email. The form posts to /profile/erase, which erases at once when
// the address is proven and otherwise mails a confirmation link (app/models/self-erasure.server.ts).
import { Form, useNavigation } from "react-router";
import { PasswordField } from "~/components/site/password-field";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

export const ERASE_MY_DATA_PATH = "/profile/erase";

export function EraseMyDataSection({
  email,
  hasPassword,
  errors,
}: {
  email: string;
  hasPassword: boolean;
  /** Field errors (i18n keys) when /profile/erase re-shows this form. */
  errors?: Record<string, string[] | null | undefined>;
}) {
  const { t } = useTranslation("personal-data");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === ERASE_MY_DATA_PATH;
  const shown = errors ?? {};
  return (
    <section
      aria-labelledby="erase-my-data-heading"
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200"
    >
      <h2 id="erase-my-data-heading" className="text-xl font-semibold text-red-800">
        {t("account.heading")}
      </h2>
      <p className="text-slate-700">{t("account.text", { email })}</p>
      <Form method="post" action={ERASE_MY_DATA_PATH} className="space-y-4">
        <input type="hidden" name="intent" value="request" />
        {hasPassword && (
          <PasswordField label={t("account.password")} name="password" autoComplete="current-password" />
        )}
        {shown.password && (
          <p className="text-sm font-medium text-red-700" role="alert">
            {shown.password.map((key) => t(key)).join(" ")}
          </p>
        )}
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="confirm" className="mt-0.5 size-4" />
          {t("account.confirm")}
        </label>
        {shown.confirm && (
          <p className="text-sm font-medium text-red-700" role="alert">
            {t("account.errors.confirm")}
          </p>
        )}
        <Button type="submit" variant="danger" disabled={busy}>
          {t("account.submit")}
        </Button>
      </Form>
    </section>
  );
}
