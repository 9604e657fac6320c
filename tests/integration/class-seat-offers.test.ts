// A freed seat goes to the first on the waitlist (ADR 026): cancelled in the students panel,
// deleted, or erased with its person; the offer mail in the learner's language through the
// outbox and the real SMTP sink, the rest of the waitlist moving up, and the class opening again
// once nobody waits.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { courseClasses, courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { formatDateVi } from "~/lib/format";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { countSeatsHeld, getEnrollmentSeat, waitlistPosition } from "~/models/class-seat.server";
import { changeEnrollmentStatus } from "~/models/enrollment.server";
import { erasePerson } from "~/models/person-erasure.server";
import { deleteEnrollment } from "~/models/personal-record.server";
import { createClass, enrolDirectly } from "../support/class-fixtures";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let b1: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.level, "B1"));
  b1 = course!.id;
});

async function enrolment(id: string) {
  const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, id));
  return row!;
}

async function classStatus(id: string) {
  const [row] = await database.db
    .select({ status: courseClasses.status })
    .from(courseClasses)
    .where(eq(courseClasses.id, id));
  return row!.status;
}

async function offersTo(email: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .then((rows) => rows.filter((row) => row.kind === "class-seat-offer"));
}

describe("a freed seat", () => {
  it("goes to the first waitlisted when the admin cancels a seat holder, with the offer mail in their language", async () => {
    const classId = await createClass(database.db, {
      courseId: b1,
      capacity: 2,
      status: "full",
      startsOn: "2099-03-02",
      weekdays: [1, 3],
    });
    const holder = await enrolDirectly(database.db, classId);
    await enrolDirectly(database.db, classId);
    const first = await enrolDirectly(database.db, classId, {
      waitlistRank: 1,
      language: "de",
      fullName: "Trần Minh",
    });
    const second = await enrolDirectly(database.db, classId, { waitlistRank: 2 });
    const third = await enrolDirectly(database.db, classId, { waitlistRank: 5 });
    await database.db.update(emailOutbox).set({ status: "sent" }); // only this test's mail is due

    expect(await changeEnrollmentStatus(database.db, holder, "cancelled")).toBe("changed");

    expect(await enrolment(first)).toMatchObject({ waitlistRank: null, seatOfferedAt: expect.any(Date) });
    expect(await waitlistPosition(database.db, second)).toBe(1);
    expect(await waitlistPosition(database.db, third)).toBe(2);
    expect(await countSeatsHeld(database.db, classId)).toBe(2);
    expect(await classStatus(classId)).toBe("full");

    // The admin's panel shows the offer.
    const seat = await getEnrollmentSeat(database.db, first);
    expect(seat).toMatchObject({ classId, waitlistPosition: null, cancelled: false });
    expect(formatDateVi(seat!.seatOfferedAt!)).toBe(formatDateVi(new Date()));
    expect((await getEnrollmentSeat(database.db, second))?.waitlistPosition).toBe(1);

    const { email } = await enrolment(first);
    expect(await offersTo(email)).toHaveLength(1);
    const sink = await startSmtpSink();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    try {
      await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toBe("Ein Platz für Sie im Kurs Tiếng Đức trung cấp B1");
      expect(mail.text).toContain("Hallo Trần Minh,");
      expect(mail.text).toContain("Beginn 02/03/2099 · Mo, Mi · 19:00–20:30");
      // The one offer, and the cancelled holder's notice (ADR 033): nobody else is mailed.
      const holderEmail = (await enrolment(holder)).email;
      await sink.waitFor((m) => m.to.includes(holderEmail));
      expect(sink.messages.flatMap((m) => m.to).sort()).toEqual([email, holderEmail].sort());
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it("goes on when a seat holder is deleted or erased, and the class opens once nobody waits", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 2, status: "full" });
    const deleted = await enrolDirectly(database.db, classId);
    const erased = await enrolDirectly(database.db, classId);
    const waiting = await enrolDirectly(database.db, classId, { waitlistRank: 1 });

    expect(await deleteEnrollment(database.db, deleted)).toBe(true);
    expect((await enrolment(waiting)).waitlistRank).toBeNull();
    expect(await offersTo((await enrolment(waiting)).email)).toHaveLength(1);
    expect(await classStatus(classId)).toBe("full");

    const { email } = await enrolment(erased);
    await erasePerson(database.db, { email, phone: undefined }, { dataDir: "/nonexistent", by: "admin" });
    expect(await countSeatsHeld(database.db, classId)).toBe(1);
    expect(await classStatus(classId)).toBe("open");
  });

  it("stays free in a class that no longer takes enrolments", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 1, status: "running" });
    const holder = await enrolDirectly(database.db, classId, { status: "enrolled" });
    const waiting = await enrolDirectly(database.db, classId, { waitlistRank: 1 });
    expect(await changeEnrollmentStatus(database.db, holder, "cancelled")).toBe("changed");
    expect((await enrolment(waiting)).waitlistRank).toBe(1);
    expect(await classStatus(classId)).toBe("running");
  });

  it("is not freed by a waitlisted enrolment's cancellation", async () => {
    const classId = await createClass(database.db, { courseId: b1, capacity: 1, status: "full" });
    await enrolDirectly(database.db, classId);
    const cancelled = await enrolDirectly(database.db, classId, { waitlistRank: 1 });
    const next = await enrolDirectly(database.db, classId, { waitlistRank: 2 });
    expect(await changeEnrollmentStatus(database.db, cancelled, "cancelled")).toBe("changed");
    expect(await waitlistPosition(database.db, next)).toBe(1);
    expect((await enrolment(next)).waitlistRank).toBe(2);
    expect(await classStatus(classId)).toBe("full");
  });
});
