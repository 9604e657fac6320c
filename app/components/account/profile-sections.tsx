// The account page's forms (/profile and /admin/profile): name and avatar, password,
// sessions, deletion. The writes are in app/auth/profile-actions.server.ts.
import { Form, useNavigation } from "react-router";
import type { ProfileIntent, ProfileResult } from "~/auth/profile-actions.server";
import { ImageField } from "~/components/admin/image-field";
import { PasswordField } from "~/components/site/password-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { formatDateTimeVi } from "~/lib/format";

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

const sectionClass = "space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

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
  const navigation = useNavigation();
  const busy = (intent: ProfileIntent) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData : undefined);
  const errors = (intent: ProfileIntent, field: string) => result(intent)?.errors?.[field] ?? undefined;
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
      <section aria-labelledby="profile-heading" className={sectionClass}>
        <h2 id="profile-heading" className="text-xl font-semibold">
          {t("profile.heading")}
        </h2>
        {notice("update-profile")}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="update-profile" />
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
          <Button type="submit" disabled={busy("update-profile")}>
            {t("profile.save")}
          </Button>
        </Form>
      </section>

      {loaderData.hasPassword && (
        <section aria-labelledby="password-heading" className={sectionClass}>
          <h2 id="password-heading" className="text-xl font-semibold">
            {t("password.heading")}
          </h2>
          {notice("change-password")}
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <PasswordField
              label={t("password.current")}
              name="currentPassword"
              autoComplete="current-password"
              errors={errors("change-password", "currentPassword")}
            />
            <PasswordField
              label={t("password.new")}
              name="password"
              autoComplete="new-password"
              errors={errors("change-password", "password")}
            />
            <PasswordField
              label={t("password.confirm")}
              name="confirmPassword"
              autoComplete="new-password"
              errors={errors("change-password", "confirmPassword")}
            />
            <Button type="submit" disabled={busy("change-password")}>
              {t("password.save")}
            </Button>
          </Form>
        </section>
      )}

      <section aria-labelledby="sessions-heading" className={sectionClass}>
        <h2 id="sessions-heading" className="text-xl font-semibold">
          {t("sessions.heading")}
        </h2>
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
          <Button type="submit" variant="secondary" disabled={busy("sign-out-others") || otherSessions === 0}>
            {t("sessions.signOutOthers")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className={`${sectionClass} ring-red-200`}>
        <h2 id="delete-heading" className="text-xl font-semibold text-red-800">
          {t("delete.heading")}
        </h2>
        {notice("delete-account")}
        <p className="text-slate-700">{t("delete.text")}</p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete-account" />
          {loaderData.hasPassword && (
            <PasswordField
              label={t("delete.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("delete-account", "password")}
            />
          )}
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" required className="mt-0.5 size-4" />
            {t("delete.confirm")}
          </label>
          {errors("delete-account", "confirm") && (
            <p className="text-sm font-medium text-red-700">
              {t(errors("delete-account", "confirm")?.[0] ?? "")}
            </p>
          )}
          <Button type="submit" variant="danger" disabled={busy("delete-account")}>
            {t("delete.submit")}
          </Button>
        </Form>
      </section>
    </div>
  );
}
