import { loadProfile, profileAction } from "~/auth/profile-actions.server";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import { isTwoFactorIntent, loadTwoFactorSetup, twoFactorAction } from "~/auth/two-factor.server";
import { ProfileSections } from "~/components/account/profile-sections";
import { isTwoFactorResult, TwoFactorSection } from "~/components/account/two-factor-section";
import type { AdminHandle } from "~/components/admin/admin-page";
import { useKeptActionData } from "~/components/live-updates";
import { useTranslation } from "~/i18n/react";
import { isAdminTwoFactorRequired } from "~/models/two-factor.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

// The admin's own account, inside the admin layout (the same forms as /profile, with
// avatar upload).
export const handle: AdminHandle = { liveTopics: ["users"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.profile");

export async function loader(args: Route.LoaderArgs) {
  const admin = await staffOnly(args, "/admin/profile");
  return {
    ...(await loadProfile(args.context, admin)),
    // The admin's second factor (ADR 012), and whether the school requires one.
    twoFactor: await loadTwoFactorSetup(args.context, admin),
    twoFactorRequired: await isAdminTwoFactorRequired(args.context.db),
    // An admin who has just accepted an invitation is asked to turn it on (issue 30).
    invited: new URL(args.request.url).searchParams.get("twoFactor") === "invited",
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, formData, intent } = await staffForm(args, "/admin/profile");
  if (isTwoFactorIntent(intent)) return twoFactorAction(args.request, args.context, staff, formData);
  return profileAction(args.request, args.context, staff, formData);
}

export default function AdminProfile({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin");
  return (
    <div className="max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{t("pages.profile.title")}</h1>
      <TwoFactorSection
        setup={loaderData.twoFactor}
        required={loaderData.twoFactorRequired}
        invited={loaderData.invited}
        actionData={actionData && isTwoFactorResult(actionData) ? actionData : undefined}
      />
      <ProfileSections
        loaderData={loaderData}
        actionData={actionData && !isTwoFactorResult(actionData) ? actionData : undefined}
        avatarUpload
      />
    </div>
  );
}
