// Invitations to the staff (issue 30, ADR 047): how long a link works and what state an
// invitation is in. Pure: the model, the invitation page and Settings › Users read it.

/** How long an invitation's link works from the moment it is sent (or sent again). */
export const INVITATION_VALID_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationStatuses = ["pending", "accepted", "revoked", "expired"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** When an invitation sent at `from` stops working. */
export function invitationExpiry(from: Date = new Date()): Date {
  return new Date(from.getTime() + INVITATION_VALID_DAYS * DAY_MS);
}

/** The one rule: accepted and revoked are final (whichever came first), otherwise the link
 * works until its expiry (exclusive). Only a pending invitation may be accepted or sent again. */
export function invitationStatus(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date = new Date(),
): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}
