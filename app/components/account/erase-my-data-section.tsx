// "Erase my data" on /profile: the learner's enrolments, messages and newsletter
// rows under their account's email. The form posts to /profile/erase, which erases at once when
// the address is proven and otherwise mails a confirmation link (app/models/self-erasure.server.ts).

import { Form, useNavigation } from "react-router";
import { CheckboxField, PasswordField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { useTranslation } from "~/i18n/react";
import { AccountSection } from "./account-form";

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
  return (
    <AccountSection id="erase-my-data-heading" title={t("account.heading")} danger>
      <p className="text-slate-700">{t("account.text", { email })}</p>
      <Form method="post" action={ERASE_MY_DATA_PATH} className="space-y-4">
        <input type="hidden" name="intent" value="request" />
        {hasPassword && (
          <PasswordField
            label={t("account.password")}
            name="password"
            autoComplete="current-password"
            errors={errors?.password ?? undefined}
          />
        )}
        <CheckboxField
          variant="confirm"
          name="confirm"
          label={t("account.confirm")}
          errors={errors?.confirm ? ["personal-data:account.errors.confirm"] : undefined}
        />
        <SubmitButton variant="danger" pending={busy}>
          {t("account.submit")}
        </SubmitButton>
      </Form>
    </AccountSection>
  );
}
