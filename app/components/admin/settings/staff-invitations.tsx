// Settings › Users: inviting a person to the staff by email with a role (issue 30), and the
// invitations still open or recently closed, each pending one with "Gửi lại" (a new link, the old
// one dead) and "Thu hồi".
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { optionsOf, SelectField, TextField } from "~/components/forms/fields";
import { SubmitButton, useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { Button } from "~/components/ui/button";
import { languages } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import { staffRoles } from "~/lib/permissions";
import { INVITATION_VALID_DAYS, type InvitationStatus } from "~/lib/staff-invitation";
import {
  INVITE_STAFF_INTENT,
  inviteStaffSchema,
  RESEND_INVITATION_INTENT,
  REVOKE_INVITATION_INTENT,
} from "~/schemas/staff-invitation";
import { compactColumns, DataTable, EmptyList } from "../data-table";

/** An invitation as the list shows it (the loader's row, dates as the page receives them). */
export interface InvitationRow {
  id: string;
  email: string;
  name: string;
  role: (typeof staffRoles)[number];
  status: InvitationStatus;
  invitedBy: string | null;
  expiresAt: Date | string;
}

const statusClass: Record<InvitationStatus, string> = {
  pending: "bg-blue-50 text-blue-800 ring-blue-200",
  accepted: "bg-green-50 text-green-800 ring-green-200",
  revoked: "bg-slate-100 text-slate-700 ring-slate-300",
  expired: "bg-amber-50 text-amber-900 ring-amber-300",
};

/** The last answer was the invite form's own (its errors and what was typed go back into it). */
function inviteResult(result: unknown) {
  const initial = (result as { initialValue?: { intent?: unknown } } | undefined)?.initialValue;
  return initial?.intent === INVITE_STAFF_INTENT ? result : undefined;
}

export function StaffInvitations({
  invitations,
  lastResult,
}: {
  invitations: InvitationRow[];
  lastResult: unknown;
}) {
  const { t } = useTranslation("staff-invitation");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(inviteStaffSchema, {
    id: "invite-staff",
    lastResult: inviteResult(lastResult),
    defaultValue: { role: "teacher", language: "vi" },
  });
  const sending = useSubmitting(INVITE_STAFF_INTENT);
  return (
    <section aria-labelledby="invite-staff-heading" className="space-y-3">
      <h3 id="invite-staff-heading" className="text-base font-semibold text-slate-900">
        {t("admin.heading")}
      </h3>
      <p className="text-sm text-slate-700">{t("admin.intro", { days: INVITATION_VALID_DAYS })}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <TextField field={fields.email} label={t("admin.email")} type="email" autoComplete="off" required />
        <TextField field={fields.name} label={t("admin.name")} autoComplete="off" required />
        <SelectField
          field={fields.role}
          label={t("admin.role")}
          options={optionsOf(staffRoles, (role) => t(`admin-settings:users.roles.${role}`))}
        />
        <SelectField
          field={fields.language}
          label={t("admin.language")}
          options={optionsOf(languages, (language) => t(`admin.languages.${language}`))}
        />
        <div className="sm:col-span-2">
          <SubmitButton
            name="intent"
            value={INVITE_STAFF_INTENT}
            pending={sending}
            pendingLabel={t("admin.submitting")}
          >
            {t("admin.submit")}
          </SubmitButton>
        </div>
      </Form>
      <h3 className="text-base font-semibold text-slate-900">{t("admin.listHeading")}</h3>
      {invitations.length === 0 ? (
        <EmptyList>{t("admin.empty")}</EmptyList>
      ) : (
        <DataTable
          caption={t("admin.listHeading")}
          columns={compactColumns([
            t("admin.email"),
            t("admin.name"),
            t("admin.role"),
            t("admin.status"),
            t("admin.invitedBy"),
            t("admin.expiresAt"),
            t("admin.actions"),
          ])}
          scrollClassName="overflow-x-auto"
          tableClassName="w-full min-w-[48rem] text-left text-sm"
          headClassName="border-b border-slate-200 text-slate-700"
        >
          {invitations.map((invitation) => {
            const open = invitation.status === "pending" || invitation.status === "expired";
            const busy =
              navigation.state === "submitting" && navigation.formData?.get("id") === invitation.id;
            return (
              <tr key={invitation.id}>
                <td className="py-2 pr-3 text-slate-900">{invitation.email}</td>
                <td className="py-2 pr-3 text-slate-700">{invitation.name}</td>
                <td className="py-2 pr-3 text-slate-700">
                  {t(`admin-settings:users.roles.${invitation.role}`)}
                </td>
                <td className="py-2 pr-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${statusClass[invitation.status]}`}
                  >
                    {t(`admin.statuses.${invitation.status}`)}
                  </span>
                </td>
                <td className="py-2 pr-3 text-slate-700">{invitation.invitedBy ?? "–"}</td>
                <td className="py-2 pr-3 text-slate-700">{formatDateTimeVi(invitation.expiresAt)}</td>
                <td className="py-2">
                  {open && (
                    <Form method="post" className="flex flex-wrap gap-2">
                      <input type="hidden" name="id" value={invitation.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={RESEND_INVITATION_INTENT}
                        variant="secondary"
                        className="px-3 py-1.5 text-sm"
                        disabled={busy}
                        aria-label={t("admin.resendFor", { email: invitation.email })}
                      >
                        {t("admin.resend")}
                      </Button>
                      {invitation.status === "pending" && (
                        <Button
                          type="submit"
                          name="intent"
                          value={REVOKE_INVITATION_INTENT}
                          variant="danger"
                          className="px-3 py-1.5 text-sm"
                          disabled={busy}
                          aria-label={t("admin.revokeFor", { email: invitation.email })}
                        >
                          {t("admin.revoke")}
                        </Button>
                      )}
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
