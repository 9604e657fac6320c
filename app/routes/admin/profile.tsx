import { loadProfile, profileAction } from "~/auth/profile-actions.server";
import { ProfileSections } from "~/components/account/profile-sections";
import { type AdminHandle, adminOnly } from "~/components/admin/admin-page";
import { useTranslation } from "~/i18n/react";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

// issue 8 §4: the admin's own account, inside the admin layout (the same forms as /profile, with
// avatar upload).
export const handle: AdminHandle = { adminTitle: "pages.profile.title", liveTopics: ["users"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.profile");

export async function loader(args: Route.LoaderArgs) {
  return loadProfile(args.context, await adminOnly(args));
}

export async function action(args: Route.ActionArgs) {
  return profileAction(args.request, args.context, await adminOnly(args));
}

export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <div className="max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{t("pages.profile.title")}</h1>
      <ProfileSections loaderData={loaderData} actionData={actionData} avatarUpload />
    </div>
  );
}
