// "Lớp của tôi" (issue 30): the classes a teacher teaches (an admin: every class), each with its
// time, its learners and a link to its sessions.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ListError } from "~/components/admin/form-parts";
import { WorkspaceClassList } from "~/components/admin/workspace/class-list";
import { MyTrialsList } from "~/components/admin/workspace/my-trials-list";
import { useKeptActionData } from "~/components/live-updates";
import { useTranslation } from "~/i18n/react";
import { listWorkspaceClasses, teamMemberOf } from "~/models/class-workspace.server";
import { listTeacherTrials, markTeacherTrial } from "~/models/teacher-trials.server";
import { trialMarkSchema } from "~/schemas/trial-admin";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/my-classes";

export const handle: AdminHandle = { liveTopics: ["classes", "enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-workspace:page");

export async function loader(args: Route.LoaderArgs) {
  const staff = await staffOnly(args, "/admin/my-classes");
  const now = new Date();
  const [classes, member, trials] = await Promise.all([
    listWorkspaceClasses(args.context.db, staff),
    teamMemberOf(args.context.db, staff.id),
    listTeacherTrials(args.context.db, staff, now),
  ]);
  return { classes, trials, now: now.toISOString(), linked: staff.role === "admin" || member !== undefined };
}

/** "Đã tham gia" / "Vắng mặt" on one of the teacher's own trial lessons. */
export async function action(args: Route.ActionArgs) {
  const { staff, formData } = await staffForm(args, "/admin/my-classes");
  const submission = parseWithZod(formData, { schema: trialMarkSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await markTeacherTrial(
    args.context.db,
    staff,
    submission.value.id,
    submission.value.status,
  );
  if (outcome === "changed") throw redirect("/admin/my-classes");
  return data(
    submission.reply({
      formErrors: [outcome === "not-found" ? "admin:errors.notFound" : "admin-trials:errors.notAllowed"],
    }),
    { status: outcome === "not-found" ? 404 : 409 },
  );
}

export default function MyClasses({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-workspace");
  const { classes, trials, now, linked } = loaderData;
  return (
    <section aria-labelledby="workspace-heading" className="space-y-5">
      <h1 id="workspace-heading" className="text-2xl font-bold text-slate-900">
        {t("title")}
      </h1>
      {!linked && (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300">{t("notLinked")}</p>
      )}
      <ListError result={actionData} />
      <WorkspaceClassList classes={classes} />
      <MyTrialsList trials={trials} now={now} />
    </section>
  );
}
