// Settings › Users: every account, searchable, with its role (spec §5; the last admin stays one),
// and what each staff role may do (issue 30, ADR 047).
import { Check, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import { can, permissions, staffRoles } from "~/lib/permissions";
import type { listUsers } from "~/models/user.server";
import { userRoles } from "~/schemas/domain";
import { compactColumns, DataTable, EmptyList } from "../data-table";
import { ListError } from "../form-parts";
import { Pagination } from "../pagination";
import { SettingsSection } from "./settings-page";
import { type InvitationRow, StaffInvitations } from "./staff-invitations";

export function UsersTab({
  query,
  users,
  invitations,
  teamMembers,
  lastResult,
}: {
  query: string;
  users: Awaited<ReturnType<typeof listUsers>>;
  invitations: InvitationRow[];
  teamMembers: readonly TeamMemberLink[];
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  const navigation = useNavigation();
  return (
    <SettingsSection id="users-heading" title={t("users.heading")}>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="tab" value="users" />
        <div className="min-w-56 flex-1">
          <TextField label={t("users.search")} name="q" type="search" defaultValue={query} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {t("users.searchButton")}
        </Button>
      </Form>
      <ListError result={lastResult} />
      <ConfirmDemotion result={lastResult} />
      {users.rows.length === 0 ? (
        <EmptyList>{t("users.empty")}</EmptyList>
      ) : (
        <DataTable
          caption={t("users.heading")}
          columns={compactColumns([t("users.name"), t("users.email"), t("users.createdAt"), t("users.role")])}
          scrollClassName="overflow-x-auto"
          tableClassName="w-full min-w-[40rem] text-left text-sm"
          headClassName="border-b border-slate-200 text-slate-700"
        >
          {users.rows.map((user) => {
            const busy = navigation.state === "submitting" && navigation.formData?.get("userId") === user.id;
            return (
              <tr key={user.id}>
                <td className="py-2 pr-3 font-medium text-slate-900">{user.name}</td>
                <td className="py-2 pr-3 text-slate-700">{user.email}</td>
                <td className="py-2 pr-3 text-slate-700">{formatDateVi(user.createdAt)}</td>
                <td className="py-2">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="userId" value={user.id} />
                    <label className="sr-only" htmlFor={`role-${user.id}`}>
                      {t("users.roleOf", { name: user.name })}
                    </label>
                    <select
                      id={`role-${user.id}`}
                      name="role"
                      defaultValue={user.role}
                      key={user.role}
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
                    >
                      {userRoles.map((role) => (
                        <option key={role} value={role}>
                          {t(`users.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <Button
                      type="submit"
                      name="intent"
                      value="set-role"
                      variant="secondary"
                      className="px-3 py-1.5 text-sm"
                      disabled={busy}
                      aria-label={t("users.saveRole", { name: user.name })}
                    >
                      {t("admin:dialog.save")}
                    </Button>
                  </Form>
                  {user.role === "teacher" && <TeacherLink user={user} teamMembers={teamMembers} />}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination page={users.page} pageSize={users.pageSize} total={users.total} />
      <StaffInvitations invitations={invitations} lastResult={lastResult} />
      <RolePermissions />
    </SettingsSection>
  );
}

type TeamMemberLink = { id: string; name: string; userId: string | null };

/** A teacher's account is one of the team (issue 30): the classes that member teaches are the
 * account's "Lớp của tôi". Members linked to another account are not offered. */
function TeacherLink({
  user,
  teamMembers,
}: {
  user: { id: string; name: string };
  teamMembers: readonly TeamMemberLink[];
}) {
  const { t } = useTranslation("admin-settings");
  const current = teamMembers.find((member) => member.userId === user.id);
  const choices = teamMembers.filter((member) => member.userId === null || member.userId === user.id);
  return (
    <Form method="post" className="mt-2 flex items-center gap-2">
      <input type="hidden" name="userId" value={user.id} />
      <label className="sr-only" htmlFor={`teacher-${user.id}`}>
        {t("users.teacherLink.label", { name: user.name })}
      </label>
      <select
        id={`teacher-${user.id}`}
        name="teamMemberId"
        defaultValue={current?.id ?? ""}
        key={current?.id ?? ""}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
      >
        <option value="">{t("users.teacherLink.none")}</option>
        {choices.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        name="intent"
        value="link-teacher"
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        aria-label={t("users.teacherLink.save", { name: user.name })}
      >
        {t("admin:dialog.save")}
      </Button>
    </Form>
  );
}

/** The permission table itself (app/lib/permissions.ts): what each staff role may do, so that
 * the admin choosing a role sees what it gives. */
function RolePermissions() {
  const { t } = useTranslation("admin-settings");
  return (
    <section aria-labelledby="role-permissions-heading" className="space-y-2">
      <h3 id="role-permissions-heading" className="text-base font-semibold text-slate-900">
        {t("users.permissionsHeading")}
      </h3>
      <p className="text-sm text-slate-700">{t("users.permissionsIntro")}</p>
      <DataTable
        caption={t("users.permissionsCaption")}
        columns={compactColumns([
          t("users.permissionsCaption"),
          ...staffRoles.map((role) => t(`users.roles.${role}`)),
        ])}
        scrollClassName="overflow-x-auto"
        tableClassName="w-full min-w-[40rem] text-left text-sm"
        headClassName="border-b border-slate-200 text-slate-700"
      >
        {permissions.map((permission) => (
          <tr key={permission}>
            <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
              {t(`users.permissions.${permission}`)}
            </th>
            {staffRoles.map((role) =>
              can(role, permission) ? (
                <td key={role} className="py-2 pr-3 text-green-800">
                  <Check aria-hidden="true" className="inline size-4" />
                  <span className="sr-only">{t("users.allowed")}</span>
                </td>
              ) : (
                <td key={role} className="py-2 pr-3 text-slate-500">
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{t("users.notAllowed")}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** The action's question when an admin takes away their own admin role: say so and ask again.
 * A form of its own, so that it works without JavaScript too. */
function ConfirmDemotion({ result }: { result: unknown }) {
  const { t } = useTranslation("admin-settings");
  const pending = (result as { confirmDemotion?: { userId: string; role: string } } | undefined)
    ?.confirmDemotion;
  if (!pending) return null;
  return (
    <div role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300">
      <p>{t("users.demoteSelf.warning")}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="userId" value={pending.userId} />
        <input type="hidden" name="role" value={pending.role} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button type="submit" name="intent" value="set-role" variant="danger">
          {t("users.demoteSelf.confirm")}
        </Button>
        <Link to="?tab=users" className={buttonClass("secondary")}>
          {t("users.demoteSelf.cancel")}
        </Link>
      </Form>
    </div>
  );
}
