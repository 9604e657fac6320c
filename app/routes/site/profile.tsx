import { learnerAction, loadLearnerCourses } from "~/auth/learner-profile.server";
import { loadProfile, type ProfileResult, profileAction } from "~/auth/profile-actions.server";
import { requireUser } from "~/auth/session.server";
import { retryAfterHeader } from "~/auth/sign-in.server";
import { EraseMyDataSection } from "~/components/account/erase-my-data-section";
import { MyCoursesSection } from "~/components/account/my-courses-section";
import { ProfileSections } from "~/components/account/profile-sections";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { actorScopedDb } from "~/db/audit-actor.server";
import { useTranslation } from "~/i18n/react";
import { isLearnerIntent, type LearnerResult } from "~/lib/learner-intents";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.profile");

// "Khóa học của tôi" turns to paid while open when the learner's transfer arrives (issue 31).
// "payments" names no enrolment: the page reloads for any payment, as the admin's lists do.
export const handle: RouteHandle = { liveTopics: ["payments"] };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "private, no-store",
  // "Send the link again" refused for too many requests (429) says when to try again.
  ...retryAfterHeader(actionHeaders),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return {
    ...(await loadProfile(context, user)),
    learner: await loadLearnerCourses(context, user, new URL(request.url)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  // A learner deleting their account or cancelling an enrolment or a trial lesson is in the
  // audit log, as its actor (ADR 014).
  context.db = actorScopedDb(context.db, { id: user.id, email: user.email, ip: context.clientIp });
  const formData = await request.formData();
  if (isLearnerIntent(formData.get("intent"))) return learnerAction(request, context, user, formData);
  return profileAction(request, context, user, formData);
}

export default function Profile({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const result = actionData as ProfileResult | LearnerResult | undefined;
  const learnerResult = result && isLearnerIntent(result.intent) ? (result as LearnerResult) : undefined;
  const profileResult = result && !isLearnerIntent(result.intent) ? (result as ProfileResult) : undefined;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      {loaderData.learner.justVerified && <Alert tone="success">{t("verification.verifiedNow")}</Alert>}
      <MyCoursesSection email={loaderData.user.email} data={loaderData.learner} actionData={learnerResult} />
      <ProfileSections loaderData={loaderData} actionData={profileResult} />
      <EraseMyDataSection email={loaderData.user.email} hasPassword={loaderData.hasPassword} />
    </main>
  );
}
