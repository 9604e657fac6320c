// The first-course discount's one definition (spec §2 "Giảm 10% khóa học đầu tiên", ADR 033).
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { enrollments } from "~/db/schema";
import { CONSULTATION_COURSE } from "~/schemas/domain";

/** The last nine digits of a phone number: a Vietnamese number written "0912 345 678",
 * "+84 912 345 678" or "84912345678" is one number. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-9);
}

/** A learner's first course: no earlier enrolment in a course (asking for advice does not count)
 * that is not cancelled, made with the same email address (any case) or the same phone number
 * (its last nine digits). A learner who cancelled keeps the discount; typing another address
 * with the same phone does not get it twice. Two enrolments of one learner at the same moment
 * queue on transaction-scoped locks on their address and their phone (taken in one order), so
 * only one of them can be the first. Call it inside the enrolment's transaction. */
export async function isFirstCourse(
  tx: Pick<Db, "execute">,
  learner: { email: string; phone: string },
): Promise<boolean> {
  const email = learner.email.toLowerCase();
  const phone = phoneKey(learner.phone);
  for (const key of [`first-course:email:${email}`, `first-course:phone:${phone}`].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const { rows } = await tx.execute<{ earlier: boolean }>(sql`select exists (
      select 1 from ${enrollments}
      where (lower(${enrollments.email}) = ${email}
          or right(regexp_replace(${enrollments.phone}, '\\D', '', 'g'), 9) = ${phone})
        and ${enrollments.course} <> ${CONSULTATION_COURSE}
        and ${enrollments.status} <> 'cancelled'
    ) as earlier`);
  return rows[0]?.earlier !== true;
}
