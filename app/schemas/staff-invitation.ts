// The forms of staff invitations (issue 30): Settings › Users' invite form and the invitation
// page's new password. The password follows the one password policy: the sign-up rules here
// (length, confirmation; client and server), `passwordWeakness` on the server (ADR 035).
import { z } from "zod";
import { languages } from "~/i18n/language";
import { staffRoles } from "~/lib/permissions";
import { newPasswordChecks } from "./auth";
import { emailField, nameField } from "./fields";

export const INVITE_STAFF_INTENT = "invite-staff";
export const RESEND_INVITATION_INTENT = "resend-invitation";
export const REVOKE_INVITATION_INTENT = "revoke-invitation";

export const inviteStaffSchema = z.object({
  intent: z.literal(INVITE_STAFF_INTENT),
  email: emailField,
  name: nameField,
  role: z.enum(staffRoles, { error: "validation.invalidChoice" }),
  language: z.enum(languages, { error: "validation.invalidChoice" }),
});

/** The invitation page's form: a new password and its confirmation. An invitee who already has
 * an account sets none (they sign in with what they have); the page then posts neither. */
export const acceptInvitationSchema = z
  .object({
    password: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine(newPasswordChecks);
