// A learner's trial lessons on /profile (issue 29), as their enrolments (ADR 026): a proven
// address lists the bookings made under it (any case) and those made while signed in, never
// someone else's, and an unproven one lists nothing; the learner cancels only their own booking,
// only while it is booked and ahead, and its seat frees for the next learner (the audit log names
// the learner); the profile's action answers bad input with a translated 4xx.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { TRIAL_CANCELLED_PATH } from "~/auth/learner-profile.server";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { signUpWithPassword } from "~/auth/sign-in.server";
import { parseConfig } from "~/config.server";
import { auditLog, emailOutbox, trialBookings, trialSessions, user } from "~/db/schema";
import { i18n } from "~/i18n/resources.server";
import { trialSlotKey } from "~/lib/trial-lesson";
import { getSchoolContact } from "~/models/school-contact.server";
import {
  bookTrial,
  cancelLearnerTrial,
  defaultTrialSettings,
  listLearnerTrials,
  TrialSlotError,
} from "~/models/trial-lesson.server";
import { action as profileAction, loader as profileLoader } from "~/routes/site/profile";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3993";
const SECRET = "integration-test-secret-0123456789abcdef";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

function contextFor(ip = "203.0.113.9"): AppLoadContext {
  return { ...context, db: database.db, clientIp: ip };
}

/** Signs up through our sign-up path; returns the session cookie and the account. */
async function signUp(email: string, name: string) {
  const outcome = await signUpWithPassword(
    new Request(`${APP_URL}/signup`, { method: "POST", headers: { cookie: "lng=vi", origin: APP_URL } }),
    contextFor(),
    { name, email, password: "Lernen-2025!" },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  const cookie = `${outcome.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")}; lng=vi`;
  const found = await getSessionUser(
    new Request(`${APP_URL}/profile`, { headers: { cookie } }),
    contextFor(),
  );
  if (!found) throw new Error("not signed in");
  return { cookie, learner: found };
}

async function verify(learner: SessionUser): Promise<SessionUser> {
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learner.id));
  return { ...learner, emailVerified: true };
}

function post(cookie: string, form: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}/profile`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return (profileAction as (args: unknown) => Promise<unknown>)({
    request,
    context: contextFor(),
    params: {},
  }).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: { status?: number } })?.init?.status ?? 200);
const errorOf = (result: unknown) =>
  (result as { data: { errors: Record<string, string[]> } }).data.errors[""]![0]!;

const DAY = 86_400_000;

/** A trial session `days` from now (negative: past), with `capacity` seats. */
async function session(days: number, capacity = 6) {
  const [row] = await database.db
    .insert(trialSessions)
    .values({ startsAt: new Date(Date.now() + days * DAY), capacity })
    .returning({ id: trialSessions.id, startsAt: trialSessions.startsAt });
  return row!;
}

/** A booking of the session, inserted as /trial would have saved it. */
async function booking(
  slot: { id: string; startsAt: Date },
  values: { email: string; userId?: string | null; status?: string },
) {
  const [row] = await database.db
    .insert(trialBookings)
    .values({
      trialSessionId: slot.id,
      startsAt: slot.startsAt,
      endsAt: new Date(slot.startsAt.getTime() + 3_600_000),
      fullName: "Học viên",
      phone: "0912345678",
      level: "beginner",
      ...values,
    })
    .returning({ id: trialBookings.id });
  return row!.id;
}

const statusOfBooking = async (id: string) =>
  (
    await database.db
      .select({ status: trialBookings.status })
      .from(trialBookings)
      .where(eq(trialBookings.id, id))
  )[0]!.status;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...parseConfig({ APP_URL, SCHOOL_INBOX: "school@lernhaus.test" }), authSecret: SECRET };
  context = {
    db: database.db,
    config,
    clientIp: "203.0.113.9",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
});

describe("a learner's trial lessons", () => {
  it("lists the proven address's bookings (any case) and the account's, none of others, nothing while unproven", async () => {
    const { cookie, learner } = await signUp("lan.trial@lernhaus.test", "Lan");
    const slot = await session(3);
    const earlier = await session(-10);
    const underAddress = await booking(slot, { email: "LAN.Trial@Lernhaus.test" });
    const whileSignedIn = await booking(earlier, { email: "typed-else@lernhaus.test", userId: learner.id });
    const someoneElse = await booking(slot, { email: "someone@lernhaus.test" });

    // Unproven: nothing, not even what was booked while signed in (as listLearnerTrials says).
    expect(await listLearnerTrials(database.db, learner)).toEqual([]);
    const load = () =>
      (
        profileLoader as (
          args: unknown,
        ) => Promise<{ learner: { trials: { id: string; cancellable: boolean }[] } }>
      )({
        request: new Request(`${APP_URL}/profile`, { headers: { cookie } }),
        context: contextFor(),
        params: {},
      });
    expect((await load()).learner.trials).toEqual([]);

    const proven = await verify(learner);
    const listed = await listLearnerTrials(database.db, proven);
    // Newest lesson first.
    expect(listed.map((row) => row.id)).toEqual([underAddress, whileSignedIn]);
    expect(listed.map((row) => row.id)).not.toContain(someoneElse);
    // The page: the one ahead may be cancelled, the past one not.
    expect((await load()).learner.trials.map(({ id, cancellable }) => ({ id, cancellable }))).toEqual([
      { id: underAddress, cancellable: true },
      { id: whileSignedIn, cancellable: false },
    ]);
  });

  it("cancels only the learner's own booking: someone else's is not found, and left as it was", async () => {
    const { cookie, learner } = await signUp("minh.trial@lernhaus.test", "Minh");
    const proven = await verify(learner);
    const slot = await session(4);
    const theirs = await booking(slot, { email: "stranger@lernhaus.test" });
    expect(await cancelLearnerTrial(database.db, proven, theirs, "school@lernhaus.test")).toBe("not-found");
    const answer = await post(cookie, { intent: "cancel-trial", bookingId: theirs });
    expect(statusOf(answer)).toBe(404);
    expect(errorOf(answer)).toBe("account:myTrials.notFound");
    expect(await statusOfBooking(theirs)).toBe("booked");
  });

  it("frees the seat: a full session takes a new booking once the learner cancelled theirs", async () => {
    const { cookie, learner } = await signUp("hoa.trial@lernhaus.test", "Hoa");
    await verify(learner);
    const slot = await session(5, 1);
    const mine = await booking(slot, { email: "hoa.trial@lernhaus.test" });
    const school = await getSchoolContact(database.db);
    const bookingContext = {
      language: "vi" as const,
      userAgent: null,
      userId: null,
      settings: defaultTrialSettings,
      school,
      schoolInbox: "school@lernhaus.test",
    };
    const values = {
      slot: trialSlotKey({ kind: "session", sessionId: slot.id }),
      fullName: "Người đến sau",
      phone: "0912000111",
      email: "next@lernhaus.test",
      level: "a1" as const,
      source: "direct" as const,
    };
    await expect(bookTrial(database.db, values, bookingContext)).rejects.toEqual(new TrialSlotError("full"));

    const done = await post(cookie, { intent: "cancel-trial", bookingId: mine });
    expect(statusOf(done)).toBe(302);
    expect((done as Response).headers.get("Location")).toBe(TRIAL_CANCELLED_PATH);
    expect(await statusOfBooking(mine)).toBe("cancelled");
    // The school is told, reply-to the learner.
    const notices = (
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "trial-cancelled-by-learner"))
    ).filter((mail) => mail.replyTo === "hoa.trial@lernhaus.test");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Học viên hủy buổi học thử: /);
    // The profile's action scopes the database to the learner: the audit log names them.
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "trial_bookings"),
          eq(auditLog.entityId, mine),
          eq(auditLog.action, "update"),
        ),
      );
    expect(entry).toMatchObject({ actorId: learner.id });

    const next = await bookTrial(database.db, values, bookingContext);
    expect(await statusOfBooking(next.id)).toBe("booked");
  });

  it("refuses to cancel a booking already cancelled, one that has begun, and one attended", async () => {
    const { cookie, learner } = await signUp("tuan.trial@lernhaus.test", "Tuấn");
    const proven = await verify(learner);
    const ahead = await session(6);
    const past = await session(-1);
    const cancelled = await booking(ahead, { email: "tuan.trial@lernhaus.test", status: "cancelled" });
    const begun = await booking(past, { email: "tuan.trial@lernhaus.test" });
    const attended = await booking(past, { email: "tuan.trial@lernhaus.test", status: "attended" });
    for (const id of [cancelled, begun, attended]) {
      const answer = await post(cookie, { intent: "cancel-trial", bookingId: id });
      expect(statusOf(answer)).toBe(409);
      expect(errorOf(answer)).toBe("account:myTrials.notCancellable");
    }
    expect([await statusOfBooking(begun), await statusOfBooking(attended)]).toEqual(["booked", "attended"]);
    // A booking ahead stops being cancellable once its lesson starts.
    const soon = await booking(ahead, { email: "tuan.trial@lernhaus.test" });
    expect(
      await cancelLearnerTrial(
        database.db,
        proven,
        soon,
        "school@lernhaus.test",
        new Date(Date.now() + 7 * DAY),
      ),
    ).toBe("not-cancellable");
    expect(await statusOfBooking(soon)).toBe("booked");
  });

  it("answers bad input with a 400 whose message exists in every language", async () => {
    const { cookie, learner } = await signUp("bad.input@lernhaus.test", "Bad");
    await verify(learner);
    const forms: Record<string, string>[] = [
      { intent: "cancel-trial", bookingId: "nope" },
      { intent: "cancel-trial" },
      { intent: "cancel-trial", bookingId: "" },
    ];
    for (const form of forms) {
      const answer = await post(cookie, form);
      expect(statusOf(answer)).toBe(400);
      const key = errorOf(answer);
      expect(key).toBe("account:myTrials.notFound");
      const texts = (["vi", "en", "de"] as const).map((language) => i18n.withLanguage(language).t(key));
      expect(texts).toEqual([
        "Không tìm thấy buổi học thử này trong tài khoản của bạn.",
        "This trial lesson is not one of yours.",
        "Diese Probestunde gehört nicht zu Ihrem Konto.",
      ]);
    }
  });
});
