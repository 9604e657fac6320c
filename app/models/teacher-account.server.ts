// Which team member a teacher's account is (issue 30): the link that makes a class taught by that
// member the account's class in "Lớp của tôi". Set by an admin in Settings › Users.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { teamMembers, user } from "~/db/schema";

/** Every team member with the account linked to it, if any (the users tab's choices). */
export async function listTeamMemberLinks(db: Db) {
  return db
    .select({ id: teamMembers.id, name: teamMembers.name, userId: teamMembers.userId })
    .from(teamMembers)
    .orderBy(asc(teamMembers.order), asc(teamMembers.name));
}

export type TeacherLinkOutcome = "linked" | "not-a-teacher" | "taken" | "not-found";

/** Links a teacher's account to a team member (none: unlinks it). A member already linked to
 * another account is refused; the account's earlier member, if any, is let go. */
export async function linkTeacherAccount(
  db: Db,
  userId: string,
  teamMemberId: string | null,
): Promise<TeacherLinkOutcome> {
  return db.transaction(async (tx) => {
    // One change at a time: two admins linking the same member cannot both win.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:teacher-links'))`);
    const [account] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
    if (!account) return "not-found";
    if (account.role !== "teacher") return "not-a-teacher";
    if (teamMemberId) {
      const [member] = await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(eq(teamMembers.id, teamMemberId));
      if (!member) return "not-found";
      if (member.userId && member.userId !== userId) return "taken";
    }
    await tx
      .update(teamMembers)
      .set({ userId: null })
      .where(
        teamMemberId
          ? and(eq(teamMembers.userId, userId), ne(teamMembers.id, teamMemberId))
          : eq(teamMembers.userId, userId),
      );
    if (teamMemberId) await tx.update(teamMembers).set({ userId }).where(eq(teamMembers.id, teamMemberId));
    await notifyChange(tx, "users", "classes");
    return "linked";
  });
}
