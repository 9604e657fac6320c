import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { calendarDayInVietnam } from "~/lib/format";
import { classMeetingDays } from "~/lib/trial-lesson";
import type { Db } from "./client.server";
import {
  type DemoClass,
  datedDemoPosts,
  demoAboutInfo,
  demoClasses,
  demoContactConfig,
  demoCourses,
  demoMilestones,
  demoStats,
  demoTeacherAccounts,
  demoTeamMembers,
  demoTestimonials,
  demoValues,
} from "./demo-content";
import { demoPlacementQuestions } from "./demo-placement-questions";
import {
  aboutInfo,
  classAttendance,
  classLessons,
  contactConfig,
  coreValues,
  courseClasses,
  courses,
  enrollments,
  milestones,
  placementQuestions,
  posts,
  stats,
  teamMembers,
  testimonials,
  trialSessions,
  user,
} from "./schema";

/** Fills an empty database with the demo content (architecture §4, SEED_DEMO). A database
 * that already has any content is left alone, so deleting demo rows never brings them back.
 * Returns whether anything was added. Its dates are counted from `seededAt`, the moment of
 * seeding: posts written in the months before, classes starting in the weeks after. */
export async function seedDemoContent(db: Db, seededAt: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes booting together on one database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:seed'))`);
    const { rows } = await tx.execute<{ has_content: boolean }>(sql`
      select exists(select 1 from ${courses}) or exists(select 1 from ${posts})
          or exists(select 1 from ${contactConfig}) or exists(select 1 from ${aboutInfo}) as has_content`);
    if (rows[0]?.has_content) return false;
    const courseRows = await tx
      .insert(courses)
      .values(demoCourses)
      .returning({ id: courses.id, level: courses.level });
    await tx
      .insert(posts)
      .values(datedDemoPosts(seededAt).map((post) => ({ ...post, updatedAt: post.createdAt })));
    await tx.insert(contactConfig).values({ id: 1, ...demoContactConfig });
    await tx.insert(aboutInfo).values({ id: 1, ...demoAboutInfo });
    await tx.insert(stats).values({ id: 1, ...demoStats });
    const teamRows = await tx
      .insert(teamMembers)
      .values(demoTeamMembers)
      .returning({ id: teamMembers.id, name: teamMembers.name });
    await tx.insert(coreValues).values(demoValues);
    await tx.insert(milestones).values(demoMilestones);
    await tx.insert(testimonials).values(demoTestimonials);
    await tx.insert(placementQuestions).values(
      demoPlacementQuestions.map(({ explanation, options, ...question }, position) => ({
        ...question,
        options: options ?? [],
        explanation: explanation.vi,
        translations: { en: { explanation: explanation.en }, de: { explanation: explanation.de } },
        position,
      })),
    );
    // The demo teachers' accounts, without passwords (the CLI's `user password` sets one).
    for (const member of teamRows) {
      const email = demoTeacherAccounts[member.name];
      if (!email) continue;
      const [account] = await tx
        .insert(user)
        .values({ id: randomUUID(), name: member.name, email, emailVerified: true, role: "teacher" })
        .onConflictDoNothing()
        .returning({ id: user.id });
      if (account)
        await tx.update(teamMembers).set({ userId: account.id }).where(eq(teamMembers.id, member.id));
    }
    const today = calendarDayInVietnam(seededAt);
    for (const demo of demoClasses) {
      const course = courseRows.find((row) => row.level === demo.level)!;
      const teacher = teamRows.find((row) => row.name === demo.teacher);
      await seedClass(tx, demo, {
        today,
        now: seededAt.getTime(),
        courseId: course.id,
        teacherId: teacher?.id ?? null,
      });
    }
    // Trial lessons over the next three weeks (issue 29): a new install shows /trial working.
    await tx.insert(trialSessions).values(
      demoTrialSessions(today).map((session) => ({
        ...session,
        teacherId: teamRows.find((row) => row.name === session.teacher)?.id ?? null,
      })),
    );
    return true;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the enrolment form would have recorded as the preferred time for this class. */
function scheduleOf(demo: DemoClass) {
  if (demo.weekdays.every((day) => day >= 6)) return "weekend";
  if (demo.startTime < "12:00") return "morning";
  return demo.startTime < "17:00" ? "afternoon" : "evening";
}

/** A demo class starting `startsInDays` after today, with its learners: the first `capacity`
 * hold seats (the class is full when they fill it), the others wait in order. */
async function seedClass(
  tx: Tx,
  demo: DemoClass,
  {
    today,
    now,
    courseId,
    teacherId,
  }: { today: string; now: number; courseId: string; teacherId: string | null },
) {
  const learners = demo.learners ?? [];
  const [row] = await tx
    .insert(courseClasses)
    .values({
      courseId,
      teacherId,
      startsOn: plusDays(today, demo.startsInDays),
      sessionCount: demo.sessionCount,
      weekdays: demo.weekdays,
      startTime: demo.startTime,
      endTime: demo.endTime,
      capacity: demo.capacity,
      note: demo.note ?? "",
      translations: demo.translations ?? {},
      status: demo.status ?? (learners.length >= demo.capacity ? "full" : "open"),
    })
    .returning({ id: courseClasses.id });
  if (learners.length === 0) return;
  const enrolled = await tx
    .insert(enrollments)
    .values(
      learners.map((person, index) => {
        const enrolledAt = new Date(now - person.enrolledDaysAgo * 86_400_000);
        return {
          fullName: person.fullName,
          email: person.email,
          phone: person.phone,
          course: demo.level.toLowerCase(),
          courseId,
          schedule: scheduleOf(demo),
          status: person.status,
          isProcessed: person.status !== "new",
          paymentStatus: person.paymentStatus,
          classId: row!.id,
          waitlistRank: index < demo.capacity ? null : index - demo.capacity + 1,
          language: "vi",
          createdAt: enrolledAt,
          updatedAt: enrolledAt,
        };
      }),
    )
    .returning({ id: enrollments.id });
  // The sessions already held, as the teacher recorded them.
  const sessions = demo.pastSessions ?? [];
  if (sessions.length === 0) return;
  const firstDay = plusDays(today, demo.startsInDays);
  const days = classMeetingDays(
    { startsOn: firstDay, weekdays: demo.weekdays, sessionCount: demo.sessionCount, endsOn: null },
    firstDay,
    today,
  );
  const held = sessions.slice(0, days.length).map((session, index) => ({ ...session, day: days[index]! }));
  if (held.length === 0) return;
  await tx
    .insert(classLessons)
    .values(held.map(({ day, covered, homework }) => ({ classId: row!.id, day, covered, homework })));
  await tx.insert(classAttendance).values(
    held.flatMap(({ day, marks }) =>
      marks.slice(0, enrolled.length).map((status, index) => ({
        classId: row!.id,
        enrollmentId: enrolled[index]!.id,
        day,
        status,
      })),
    ),
  );
}

/** Two trial lessons a week for three weeks from `today` (Vietnam): at 19:00, or at 9:30 when the
 * day is a Saturday; six seats each, with the demo school's meeting room. */
function demoTrialSessions(today: string) {
  const teachers = demoTeamMembers.map((member) => member.name);
  return [2, 5, 9, 12, 16, 19].map((days, index) => {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const morning = new Date(`${day}T00:00:00Z`).getUTCDay() === 6;
    return {
      startsAt: new Date(`${day}T${morning ? "09:30" : "19:00"}:00+07:00`),
      durationMinutes: 60,
      capacity: 6,
      meetingUrl: "https://meet.jit.si/lernhaus-hoc-thu",
      teacher: teachers[index % teachers.length],
    };
  });
}
