// The account page's forms (/profile and /admin/profile): name and avatar, password,
// sessions, deletion. The writes are in app/auth/profile-actions.server.ts.
import { Form } from "react-router";
import type { ProfileIntent, ProfileResult } from "~/auth/profile-actions.server";
import { ImageField } from "~/components/admin/image-field";
import { CheckboxField, PasswordField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { formatDateTimeVi } from "~/lib/format";
import { AccountSection, IntentForm, useIntentResults } from "./account-form";

export interface ProfileData {
  user: { name: string; email: string; image: string | null | undefined };
  hasPassword: boolean;
  sessions: {
    id: string;
    userAgent: string | null;
    ipAddress: string | null;
    updatedAt: Date | string;
    current: boolean;
  }[];
}

/** "Chrome on Android" from a User-Agent header: enough to recognise one's own devices. */
function describeDevice(userAgent: string | null, t: TFunction) {
  if (!userAgent) return t("sessions.unknownDevice");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : undefined;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : undefined;
  if (!browser && !system) return t("sessions.unknownDevice");
  return t("sessions.device", { browser: browser ?? "?", system: system ?? "?" });
}

/** The account page's sections; /profile and /admin/profile wrap them in their own layout. Admins
 * may upload an avatar (uploads are admin-only); everyone may give an image address. */
export function ProfileSections({
  loaderData,
  actionData,
  avatarUpload = false,
}: {
  loaderData: ProfileData;
  actionData: ProfileResult | undefined;
  avatarUpload?: boolean;
}) {
  const { t } = useTranslation("account");
  const { busy, result, errors } = useIntentResults<ProfileIntent, ProfileResult>(actionData);
  const notice = (intent: ProfileIntent) => {
    const r = result(intent);
    if (r?.ok) return <Alert tone="success">{t(r.ok)}</Alert>;
    const formError = r?.errors?.[""]?.[0];
    return formError ? <Alert tone="error">{t(formError, { count: r?.retryAfterMinutes })}</Alert> : null;
  };
  const { user } = loaderData;
  const otherSessions = loaderData.sessions.filter((session) => !session.current).length;
  return (
    <div className="space-y-6">
      <AccountSection id="profile-heading" title={t("profile.heading")}>
        {notice("update-profile")}
        <IntentForm intent="update-profile">
          <TextField label={t("profile.email")} value={user.email} readOnly disabled />
          <TextField
            label={t("profile.name")}
            name="name"
            defaultValue={user.name}
            required
            maxLength={100}
            autoComplete="name"
            errors={errors("update-profile", "name")}
          />
          {avatarUpload ? (
            <ImageField
              // One's own picture: the library is the content's, which not every member of staff may see.
              library={false}
              name="image"
              label={t("profile.image")}
              defaultValue={user.image ?? ""}
              errors={errors("update-profile", "image")}
            />
          ) : (
            <TextField
              label={t("profile.image")}
              name="image"
              type="url"
              defaultValue={user.image ?? ""}
              placeholder="https://"
              hint={t("profile.imageHint")}
              errors={errors("update-profile", "image")}
            />
          )}
          <SubmitButton pending={busy("update-profile")}>{t("profile.save")}</SubmitButton>
        </IntentForm>
      </AccountSection>

      {loaderData.hasPassword && (
        <AccountSection id="password-heading" title={t("password.heading")}>
          {notice("change-password")}
          <IntentForm intent="change-password" noValidate>
            {(
              [
                ["currentPassword", t("password.current"), "current-password"],
                ["password", t("password.new"), "new-password"],
                ["confirmPassword", t("password.confirm"), "new-password"],
              ] as const
            ).map(([name, label, autoComplete]) => (
              <PasswordField
                key={name}
                label={label}
                name={name}
                autoComplete={autoComplete}
                errors={errors("change-password", name)}
              />
            ))}
            <SubmitButton pending={busy("change-password")}>{t("password.save")}</SubmitButton>
          </IntentForm>
        </AccountSection>
      )}

      <AccountSection id="sessions-heading" title={t("sessions.heading")}>
        {notice("sign-out-others")}
        <p className="text-slate-700">{t("sessions.count", { count: otherSessions })}</p>
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {loaderData.sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
            >
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {describeDevice(session.userAgent, t)}
                </span>
                <span className="block text-slate-600">
                  {t("sessions.lastActive", { at: formatDateTimeVi(session.updatedAt) })}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ""}
                </span>
              </span>
              {session.current && (
                <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-300">
                  {t("sessions.current")}
                </span>
              )}
            </li>
          ))}
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <SubmitButton variant="secondary" pending={busy("sign-out-others")} disabled={otherSessions === 0}>
            {t("sessions.signOutOthers")}
          </SubmitButton>
        </Form>
      </AccountSection>

      <AccountSection id="delete-heading" title={t("delete.heading")} danger>
        {notice("delete-account")}
        <p className="text-slate-700">{t("delete.text")}</p>
        <IntentForm intent="delete-account">
          {loaderData.hasPassword && (
            <PasswordField
              label={t("delete.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("delete-account", "password")}
            />
          )}
          <CheckboxField
            variant="confirm"
            name="confirm"
            required
            label={t("delete.confirm")}
            errors={errors("delete-account", "confirm")}
          />
          <SubmitButton variant="danger" pending={busy("delete-account")}>
            {t("delete.submit")}
          </SubmitButton>
        </IntentForm>
      </AccountSection>
    </div>
  );
}
