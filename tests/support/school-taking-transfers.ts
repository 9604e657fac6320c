// The school as the bank-notification tests need it (issue 31): a B1 course with a fee, and
// payment by transfer turned on for the account the fake provider's posts name.
import type { Db } from "~/db/client.server";
import { courses } from "~/db/schema";
import { updatePaymentSettings } from "~/models/payment-settings.server";

/** The account tests/support/fake-bank-provider.ts posts for by default. */
export const SCHOOL_ACCOUNT = "0123456789";

/** Inserts the course and turns transfers on; returns the course's id. */
export async function schoolTakingTransfers(db: Db, fee: number): Promise<string> {
  const [course] = await db
    .insert(courses)
    .values({
      level: "B1",
      title: "Tiếng Đức B1",
      description: "x",
      duration: "3 tháng",
      lessons: "36 buổi",
      price: fee,
      color: "blue",
    })
    .returning({ id: courses.id });
  await updatePaymentSettings(db, {
    bankBin: "970436",
    accountNumber: SCHOOL_ACCOUNT,
    accountHolder: "TRUONG DUC NGU LERNHAUS",
    transferPrefix: "HOCPHI",
    firstCourseDiscount: false,
  });
  return course!.id;
}
