// "Lớp của tôi" (issue 30): the classes a teacher teaches (an admin: every class), each with its
// time, its learners and a link to its sessions.
import { staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { WorkspaceClassList } from "~/components/admin/workspace/class-list";
import { useTranslation } from "~/i18n/react";
import { listWorkspaceClasses, teamMemberOf } from "~/models/class-workspace.server";
import { unknownIntent } from "~/requests/admin-action.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/my-classes";

export const handle: AdminHandle = { liveTopics: ["classes", "enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-workspace:page");

export async function loader(args: Route.LoaderArgs) {
  const staff = await staffOnly(args, "/admin/my-classes");
  const [classes, member] = await Promise.all([
    listWorkspaceClasses(args.context.db, staff),
    teamMemberOf(args.context.db, staff.id),
  ]);
  return { classes, linked: staff.role === "admin" || member !== undefined };
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/my-classes");
  unknownIntent();
}

export default function MyClasses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-workspace");
  const { classes, linked } = loaderData;
  return (
    <section aria-labelledby="workspace-heading" className="space-y-5">
      <h1 id="workspace-heading" className="text-2xl font-bold text-slate-900">
        {t("title")}
      </h1>
      {!linked && (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300">{t("notLinked")}</p>
      )}
      <WorkspaceClassList classes={classes} />
    </section>
  );
}
