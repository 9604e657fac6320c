import { loadProfile, profileAction } from "~/auth/profile-actions.server";
import { requireUser } from "~/auth/session.server";
import { EraseMyDataSection } from "~/components/account/erase-my-data-section";
import { ProfileSections } from "~/components/account/profile-sections";
import { actorScopedDb } from "~/db/audit-actor.server";
import { useTranslation } from "~/i18n/react";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.profile");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfile(context, await requireUser(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  // A learner deleting their own account is in the audit log, as its actor (ADR 014).
  context.db = actorScopedDb(context.db, { id: user.id, email: user.email, ip: context.clientIp });
  return profileAction(request, context, user);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <ProfileSections loaderData={loaderData} actionData={actionData} />
      <EraseMyDataSection email={loaderData.user.email} hasPassword={loaderData.hasPassword} />
    </main>
  );
}
