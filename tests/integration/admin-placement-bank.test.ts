// The placement test's question bank in the admin (issue 29) through the real
// /admin/placement-test route module against PostgreSQL: who may use it, adding a choice and a
// cloze question with the form's rules (a refused one stores nothing), editing, the active switch,
// "up"/"down" within a level, delete, the audit log, and what a test started afterwards asks.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, placementQuestions } from "~/db/schema";
import { PLACEMENT_QUESTIONS_PER_LEVEL, type PlacementLevel, placementLevels } from "~/lib/placement-test";
import {
  getPlacementAttempt,
  startPlacementAttempt,
  submitPlacementAttempt,
} from "~/models/placement-test.server";
import { action, loader } from "~/routes/admin/placement-test";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
const PAGE = "/admin/placement-test";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.huong@lernhaus.test", "Cô Hương", "admin");
  userCookie = await fixture.cookieFor("hoc.vien@lernhaus.test", "Học Viên", "user");
});

/** A bank of `count` active cloze questions per level, numbered in one run across the levels as
 * the demo bank is ("<level>-<n>"), so that positions of two levels interleave nowhere. */
async function seedBank(count: Partial<Record<PlacementLevel, number>>) {
  let position = 0;
  const rows = placementLevels.flatMap((level) =>
    Array.from({ length: count[level] ?? 0 }, (_, n) => ({
      level,
      skill: "grammar",
      kind: "cloze",
      prompt: `${level}-${n}: Ich ___ hier.`,
      answers: ["bin"],
      position: position++,
    })),
  );
  if (rows.length > 0) await database.db.insert(placementQuestions).values(rows);
}

beforeEach(async () => {
  await database.db.delete(placementQuestions);
  await database.db.delete(auditLog);
});

type Fields = Record<string, string | string[]>;

/** `cookie` "": an anonymous visitor. */
async function post(fields: Fields, cookie = adminCookie, search = "") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of ([] as string[]).concat(value)) body.append(key, one);
  const headers = new Headers({ origin: APP_URL });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${APP_URL}${PAGE}${search}`, { method: "POST", headers, body });
  return action({ request, context: { ...fixture.context }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

async function list(cookie = adminCookie, search = "") {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${APP_URL}${PAGE}${search}`, { headers });
  return loader({ request, context: { ...fixture.context }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const errorsOf = (result: unknown) => (result as { data?: { error?: Record<string, string[]> } }).data?.error;

const choice = (overrides: Fields = {}): Fields => ({
  intent: "save",
  level: "A1",
  skill: "grammar",
  kind: "choice",
  prompt: "Ich ___ Linh und komme aus Vietnam.",
  options: "bin\nbist\r\n\n  ist  \nsind",
  answer: " Bin ",
  explanation: "Động từ 'sein' chia với 'ich' là 'bin'.",
  explanationEn: "",
  explanationDe: "Mit „ich“ heißt „sein“ immer „bin“.",
  ...overrides,
});

const cloze = (overrides: Fields = {}): Fields => ({
  intent: "save",
  level: "A1",
  skill: "vocabulary",
  kind: "cloze",
  prompt: "Montag, ___, Mittwoch",
  options: "",
  answer: "",
  accepted: "Dienstag\nDienstags",
  explanation: "",
  ...overrides,
});

async function bank(level?: PlacementLevel) {
  return database.db
    .select()
    .from(placementQuestions)
    .where(level ? eq(placementQuestions.level, level) : undefined)
    .orderBy(asc(placementQuestions.level), asc(placementQuestions.position), asc(placementQuestions.id));
}

describe("who may use the question bank", () => {
  it("sends an anonymous visitor to sign in and a learner away, and refuses their posts with 403", async () => {
    await seedBank({ A1: 1 });
    const anonymous = await list("");
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toBe("/login");
    const learner = await list(userCookie);
    expect(statusOf(learner)).toBe(302);
    expect((learner as Response).headers.get("Location")).toBe("/");

    const [question] = await bank();
    for (const cookie of ["", userCookie]) {
      expect(statusOf(await post(choice(), cookie))).toBe(403);
      expect(statusOf(await post({ intent: "delete", id: question!.id }, cookie))).toBe(403);
      expect(
        statusOf(await post({ intent: "toggle-active", id: question!.id, active: "false" }, cookie)),
      ).toBe(403);
      expect(statusOf(await post({ intent: "move-down", id: question!.id }, cookie))).toBe(403);
      // Even a request the page does not know: the guard answers first.
      expect(statusOf(await post({ intent: "nonsense" }, cookie))).toBe(403);
    }
    expect(await bank()).toEqual([question]);
  });

  it("answers an unknown intent of an admin with 400", async () => {
    expect(statusOf(await post({ intent: "nonsense" }))).toBe(400);
  });
});

describe("adding questions", () => {
  it("adds a choice question at the end of its level, the typed answer stored as its option", async () => {
    await seedBank({ A1: 2, A2: 2 });
    const result = await post(choice(), adminCookie, "?dialog=new&level=A1");
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`${PAGE}?level=A1&done=saved`);
    const a1 = await bank("A1");
    expect(a1).toHaveLength(3);
    expect(a1[2]).toMatchObject({
      level: "A1",
      skill: "grammar",
      kind: "choice",
      prompt: "Ich ___ Linh und komme aus Vietnam.",
      options: ["bin", "bist", "ist", "sind"],
      answers: ["bin"],
      explanation: "Động từ 'sein' chia với 'ich' là 'bin'.",
      translations: { de: { explanation: "Mit „ich“ heißt „sein“ immer „bin“." } },
      active: true,
    });
    // After the last A1 question, whatever positions the other levels have.
    expect(a1[2]!.position).toBeGreaterThan(a1[1]!.position);

    // The change is the admin's in the audit log.
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, a1[2]!.id));
    expect(entry).toMatchObject({
      entity: "placement_questions",
      action: "insert",
      actorEmail: "co.huong@lernhaus.test",
    });
  });

  it("adds a cloze question with its accepted answers (a repeat in other case refused), first of an empty level", async () => {
    const repeated = await post(cloze({ accepted: "Dienstag\n dienstag " }));
    expect(statusOf(repeated)).toBe(400);
    expect(errorsOf(repeated)).toEqual({ accepted: ["admin-placement:validation.duplicate"] });

    const result = await post(
      cloze({ accepted: "Dienstag\n\n Dienstags ", explanationEn: "The day after Monday." }),
    );
    expect(statusOf(result)).toBe(302);
    const [stored] = await bank("A1");
    expect(stored).toMatchObject({
      kind: "cloze",
      options: [],
      answers: ["Dienstag", "Dienstags"],
      explanation: "",
      translations: { en: { explanation: "The day after Monday." } },
      position: 0,
    });
  });

  it("refuses an invalid question with 400 and the field's message, and stores nothing", async () => {
    await seedBank({ A1: 1 });
    const before = await bank();
    const cases: [Fields, Record<string, string[]>][] = [
      [choice({ answer: "seid" }), { answer: ["admin-placement:validation.answerNotOption"] }],
      [
        choice({ options: "a\nb\nc\nd\ne\nf\ng", answer: "a" }),
        { options: ["admin-placement:validation.tooManyOptions"] },
      ],
      [choice({ prompt: "   " }), { prompt: ["validation.required"] }],
      [choice({ options: "bin", answer: "bin" }), { options: ["admin-placement:validation.fewOptions"] }],
      [
        choice({ options: `bin\n${"x".repeat(201)}` }),
        { options: ["admin-placement:validation.optionTooLong"] },
      ],
      [choice({ prompt: "x".repeat(1001) }), { prompt: ["validation.tooLong"] }],
      [choice({ explanation: "x".repeat(1001) }), { explanation: ["validation.tooLong"] }],
      [choice({ accepted: "bin" }), { accepted: ["admin-placement:validation.onlyCloze"] }],
      [cloze({ options: "a\nb" }), { options: ["admin-placement:validation.onlyChoice"] }],
      [cloze({ accepted: "" }), { accepted: ["validation.required"] }],
      [
        cloze({ accepted: Array.from({ length: 11 }, (_, n) => `wort${n}`).join("\n") }),
        { accepted: ["admin-placement:validation.tooManyAnswers"] },
      ],
      [cloze({ accepted: "x".repeat(61) }), { accepted: ["admin-placement:validation.answerTooLong"] }],
      [
        cloze({ prompt: "Montag, Dienstag, Mittwoch" }),
        { prompt: ["admin-placement:validation.gapMissing"] },
      ],
      [choice({ level: "C1" }), { level: ["validation.invalidChoice"] }],
      [choice({ kind: "essay" }), { kind: ["validation.invalidChoice"] }],
    ];
    for (const [fields, errors] of cases) {
      const result = await post(fields);
      expect(statusOf(result), JSON.stringify(errors)).toBe(400);
      expect(errorsOf(result)).toEqual(errors);
    }
    expect(await bank()).toEqual(before);
  });
});

describe("changing the bank", () => {
  it("edits a question; one moved to another level goes to its end; a gone one answers 409", async () => {
    await seedBank({ A1: 3, A2: 2 });
    const [first] = await bank("A1");
    const edited = await post(choice({ id: first!.id, level: "A1", prompt: "Du ___ Linh.", answer: "bist" }));
    expect(statusOf(edited)).toBe(302);
    expect((await bank("A1"))[0]).toMatchObject({
      id: first!.id,
      kind: "choice",
      prompt: "Du ___ Linh.",
      answers: ["bist"],
      position: first!.position,
    });

    await post(choice({ id: first!.id, level: "A2" }));
    const a2 = await bank("A2");
    expect(a2.map((row) => row.id).at(-1)).toBe(first!.id);
    expect(await bank("A1")).toHaveLength(2);

    await database.db.delete(placementQuestions).where(eq(placementQuestions.id, first!.id));
    const gone = await post(choice({ id: first!.id }));
    expect(statusOf(gone)).toBe(409);
    expect(errorsOf(gone)).toEqual({ "": ["admin:errors.notFound"] });
  });

  it("switches a question off and on from the list", async () => {
    await seedBank({ B1: 1 });
    const [question] = await bank();
    expect(await post({ intent: "toggle-active", id: question!.id, active: "false" })).toEqual({
      status: "success",
    });
    expect((await bank())[0]!.active).toBe(false);
    await post({ intent: "toggle-active", id: question!.id, active: "true" });
    expect((await bank())[0]!.active).toBe(true);
  });

  it("moves a question up and down within its level only, swapping it with its neighbour", async () => {
    await seedBank({ A1: 3, A2: 3 });
    const ids = async (level: PlacementLevel) => (await bank(level)).map((row) => row.id);
    const [a, b, c] = await ids("A1");
    const a2Before = await bank("A2");

    expect(await post({ intent: "move-up", id: c! })).toEqual({ status: "success" });
    expect(await ids("A1")).toEqual([a, c, b]);
    await post({ intent: "move-down", id: a! });
    expect(await ids("A1")).toEqual([c, a, b]);
    // At the edges nothing moves: not into another level either.
    await post({ intent: "move-up", id: c! });
    await post({ intent: "move-down", id: b! });
    expect(await ids("A1")).toEqual([c, a, b]);
    // The A1 positions are the same three, swapped; A2 is untouched.
    expect((await bank("A1")).map((row) => row.position)).toEqual([0, 1, 2]);
    expect(await bank("A2")).toEqual(a2Before);

    // Two questions on one position (written elsewhere): the move still takes effect.
    await database.db
      .update(placementQuestions)
      .set({ position: 7 })
      .where(eq(placementQuestions.level, "A1"));
    const tied = await ids("A1");
    await post({ intent: "move-up", id: tied[2]! });
    expect(await ids("A1")).toEqual([tied[0], tied[2], tied[1]]);
  });

  it("deletes a question after the confirmation", async () => {
    await seedBank({ B2: 2 });
    const [question, kept] = await bank();
    const result = await post(
      { intent: "delete", id: question!.id },
      adminCookie,
      `?dialog=delete&id=${question!.id}`,
    );
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`${PAGE}?done=deleted`);
    expect((await bank()).map((row) => row.id)).toEqual([kept!.id]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "placement_questions"), eq(auditLog.action, "delete")));
    expect(entries).toMatchObject([{ entityId: question!.id, actorEmail: "co.huong@lernhaus.test" }]);
  });
});

describe("the list and the test it draws", () => {
  it("numbers each level's questions and marks those a test asks: the first active ones", async () => {
    await seedBank({ A1: PLACEMENT_QUESTIONS_PER_LEVEL.A1 + 2, B1: 2 });
    const a1 = await bank("A1");
    await post({ intent: "toggle-active", id: a1[1]!.id, active: "false" });
    const page = (await list()) as Awaited<ReturnType<typeof loader>>;
    const listed = page.questions.filter((question) => question.level === "A1");
    expect(listed.map((question) => question.number)).toEqual(a1.map((_, index) => index + 1));
    // The second is off, so the test reaches one further: the first 8 active are asked.
    expect(listed.map((question) => question.inTest)).toEqual([
      true,
      false,
      ...Array.from({ length: PLACEMENT_QUESTIONS_PER_LEVEL.A1 - 1 }, () => true),
      false,
    ]);
    expect(page.questions.filter((question) => question.level === "B1").every((q) => q.inTest)).toBe(true);
    // Narrowed to a level by the address; a dialog for a question that is gone is a stale link.
    const filtered = (await list(
      adminCookie,
      `?level=B1&dialog=edit&id=${crypto.randomUUID()}`,
    )) as typeof page;
    expect(filtered).toMatchObject({ level: "B1", dialog: undefined });
    expect((await list(adminCookie, "?level=C2")) as typeof page).toMatchObject({ level: null });
    // What the list shows is what a test asks.
    const token = await startPlacementAttempt(database.db, "vi");
    const attempt = await getPlacementAttempt(database.db, token!);
    if (attempt?.status !== "open") throw new Error("expected an open attempt");
    expect(attempt.questions.map((question) => question.id)).toEqual(
      page.questions.filter((question) => question.inTest).map((question) => question.id),
    );
  });

  it("asks the new first active questions after changes, and leaves stored results as they were", async () => {
    await seedBank({ A1: 2, A2: 1 });
    const oldToken = await startPlacementAttempt(database.db, "vi");
    const old = await getPlacementAttempt(database.db, oldToken!);
    if (old?.status !== "open") throw new Error("expected an open attempt");
    const answers = Object.fromEntries(old.questions.map((question) => [question.id, "bin"]));
    const scored = await submitPlacementAttempt(database.db, oldToken!, answers);
    expect(scored.status).toBe("scored");

    // A new A1 question, moved to the front; the old first one switched off; A2's only question deleted.
    await post(cloze({ accepted: "Dienstag" }));
    const a1 = await bank("A1");
    const added = a1.at(-1)!;
    await post({ intent: "move-up", id: added.id });
    await post({ intent: "move-up", id: added.id });
    await post({ intent: "toggle-active", id: a1[0]!.id, active: "false" });
    await post({ intent: "delete", id: (await bank("A2"))[0]!.id });
    // And the right answer of the one still asked changed.
    await post(cloze({ id: a1[1]!.id, prompt: "Ich ___ hier.", accepted: "wohne" }));

    const token = await startPlacementAttempt(database.db, "vi");
    const attempt = await getPlacementAttempt(database.db, token!);
    if (attempt?.status !== "open") throw new Error("expected an open attempt");
    expect(attempt.questions.map((question) => question.id)).toEqual([added.id, a1[1]!.id]);
    expect(attempt.questions[0]).toMatchObject({
      kind: "cloze",
      prompt: "Montag, ___, Mittwoch",
      options: [],
    });

    // The attempt answered before keeps the result it was given.
    const stored = await getPlacementAttempt(database.db, oldToken!);
    expect(stored).toMatchObject({
      status: "submitted",
      result: scored.status === "scored" ? scored.result : {},
    });
  });
});
