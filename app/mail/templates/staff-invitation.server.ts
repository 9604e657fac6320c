// The invitation to the staff (issue 30): in the language the admin chose for the invitee, who
// invites them, as what (the role's name of Settings › Users), the single-use link and until when
// it works.
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { formatDateTimeVi } from "~/lib/format";
import type { StaffRole } from "~/lib/permissions";
import { renderMail } from "../layout.server";
import { enqueueMails } from "../outbox.server";

type Executor = Parameters<typeof enqueueMails>[0];

export interface StaffInvitationMail {
  to: string;
  name: string;
  role: StaffRole;
  language: Language;
  /** Who invites them; the school's name when the admin's account is gone. */
  invitedBy: string | null;
  url: string;
  expiresAt: Date;
}

export async function queueStaffInvitationMail(db: Executor, mail: StaffInvitationMail) {
  const t = i18n.getFixedT(mail.language, "staff-invitation");
  const role = t(`admin-settings:users.roles.${mail.role}`);
  const body = renderMail({
    greeting: t("mail.greeting", { name: mail.name }),
    paragraphs: [
      t("mail.text", { inviter: mail.invitedBy ?? "Lernhaus", role }),
      t("mail.expiry", { date: formatDateTimeVi(mail.expiresAt) }),
    ],
    action: { label: t("mail.action"), url: mail.url },
    footer: t("mail.ignore"),
  });
  await enqueueMails(db, [
    { kind: "staff-invitation", to: mail.to, subject: t("mail.subject", { role }), ...body },
  ]);
}
