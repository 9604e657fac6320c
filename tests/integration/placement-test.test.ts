// The placement test against real PostgreSQL (issue 29): what a test page gets of the bank (never
// an answer), one submission per attempt under parallel requests, an attempt's time limit, and a
// score from the stored key.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { placementAttempts, placementQuestions } from "~/db/schema";
import { PLACEMENT_QUESTIONS_PER_LEVEL, placementLevels } from "~/lib/placement-test";
import {
  getPlacementAttempt,
  listPlacementResultsOf,
  PLACEMENT_ATTEMPT_HOURS,
  startPlacementAttempt,
  submitPlacementAttempt,
} from "~/models/placement-test.server";
import { createTestDatabase } from "../support/test-database";

let database: Database;

/** A bank of 10 questions per level: cloze at even positions (answer "lücke-<level>-<n>"), choice
 * at odd ones (right option "richtig-<level>-<n>"), and an inactive one per level at the front. */
beforeAll(async () => {
  database = await createTestDatabase();
  const rows = placementLevels.flatMap((level) => [
    {
      level,
      skill: "grammar",
      kind: "cloze",
      prompt: `Inaktiv ${level} ___.`,
      answers: ["inaktiv"],
      position: -1,
      active: false,
    },
    ...Array.from({ length: 10 }, (_, n) =>
      n % 2 === 0
        ? {
            level,
            skill: "grammar",
            kind: "cloze",
            prompt: `Frage ${level}-${n}: ___.`,
            answers: [`lücke-${level}-${n}`],
            position: n,
          }
        : {
            level,
            skill: "vocabulary",
            kind: "choice",
            prompt: `Frage ${level}-${n}?`,
            options: [`falsch-${level}-${n}`, `richtig-${level}-${n}`, `auch falsch-${level}-${n}`],
            answers: [`richtig-${level}-${n}`],
            position: n,
          },
    ),
  ]);
  await database.db.insert(placementQuestions).values(rows);
});

async function keyOf(ids: string[]) {
  const rows = await database.db
    .select({ id: placementQuestions.id, answers: placementQuestions.answers })
    .from(placementQuestions);
  const byId = new Map(rows.map((row) => [row.id, row.answers[0]!]));
  return Object.fromEntries(ids.map((id) => [id, byId.get(id)!]));
}

describe("a placement test", () => {
  it("asks the first active questions of each level, and shows their text and options but no answer", async () => {
    const token = await startPlacementAttempt(database.db, "vi");
    const attempt = await getPlacementAttempt(database.db, token!);
    if (attempt?.status !== "open") throw new Error("expected an open attempt");
    const total = placementLevels.reduce((sum, level) => sum + PLACEMENT_QUESTIONS_PER_LEVEL[level], 0);
    expect(attempt.questions).toHaveLength(total);
    expect(attempt.questions.map((question) => question.prompt.slice(0, 9))).toEqual(
      placementLevels.flatMap((level) =>
        Array.from({ length: PLACEMENT_QUESTIONS_PER_LEVEL[level] }, (_, n) =>
          `Frage ${level}-${n}`.slice(0, 9),
        ),
      ),
    );
    const page = JSON.stringify(attempt);
    // Nothing that tells which option is right, and no gap's word.
    expect(page).not.toMatch(/lücke-|"answers"|explanation/);
    for (const question of attempt.questions) {
      expect(Object.keys(question).sort()).toEqual(["id", "kind", "options", "prompt"]);
      if (question.kind === "choice") expect(question.options).toHaveLength(3);
    }
  });

  it("scores from the stored key: all right starts beyond B2, all blank at A1", async () => {
    const allRight = (await startPlacementAttempt(database.db, "de"))!;
    const open = await getPlacementAttempt(database.db, allRight);
    if (open?.status !== "open") throw new Error("expected an open attempt");
    const answers = await keyOf(open.questions.map((question) => question.id));
    const scored = await submitPlacementAttempt(database.db, allRight, answers, {
      email: "linh@example.com",
    });
    expect(scored).toMatchObject({ status: "scored", result: { reached: "B2", startAt: "beyond" } });
    expect(await getPlacementAttempt(database.db, allRight)).toMatchObject({
      status: "submitted",
      language: "de",
      result: { reached: "B2", startAt: "beyond", byLevel: { A1: { right: 8, asked: 8 } } },
    });

    const blank = (await startPlacementAttempt(database.db, "vi"))!;
    expect(await submitPlacementAttempt(database.db, blank, {})).toMatchObject({
      status: "scored",
      result: { reached: null, startAt: "A1" },
    });
  });

  it("counts exactly one of ten parallel submissions of one attempt; the others are told its result", async () => {
    const token = (await startPlacementAttempt(database.db, "vi"))!;
    const open = await getPlacementAttempt(database.db, token);
    if (open?.status !== "open") throw new Error("expected an open attempt");
    const key = await keyOf(open.questions.map((question) => question.id));
    // Submission n answers the first n questions right: each would score differently.
    const submissions = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        submitPlacementAttempt(database.db, token, Object.fromEntries(Object.entries(key).slice(0, n * 3))),
      ),
    );
    const scored = submissions.filter((submission) => submission.status === "scored");
    expect(scored).toHaveLength(1);
    const winner = scored[0]!.status === "scored" ? scored[0]!.result : undefined;
    for (const submission of submissions) {
      expect(["scored", "already-submitted"]).toContain(submission.status);
      expect("result" in submission && submission.result).toEqual(winner);
    }
    expect(await getPlacementAttempt(database.db, token)).toMatchObject({
      status: "submitted",
      result: winner,
    });
  });

  it("ignores answers to questions it did not ask", async () => {
    const token = (await startPlacementAttempt(database.db, "vi"))!;
    const [inactive] = await database.db
      .select({ id: placementQuestions.id })
      .from(placementQuestions)
      .where(eq(placementQuestions.active, false))
      .limit(1);
    await submitPlacementAttempt(database.db, token, { [inactive!.id]: "inaktiv", "not-a-question": "x" });
    const [row] = await database.db
      .select({ answers: placementAttempts.answers })
      .from(placementAttempts)
      .orderBy(sql`${placementAttempts.submittedAt} desc nulls last`)
      .limit(1);
    expect(row!.answers).toEqual({});
  });

  it("opens nothing for an unknown or malformed secret, and takes no answers once its time has passed", async () => {
    expect(await getPlacementAttempt(database.db, "0".repeat(32))).toBeUndefined();
    expect(await getPlacementAttempt(database.db, "../../etc")).toBeUndefined();
    expect(await submitPlacementAttempt(database.db, "x", {})).toEqual({ status: "not-found" });

    const late = (await startPlacementAttempt(database.db, "vi"))!;
    await database.db
      .update(placementAttempts)
      .set({ startedAt: sql`now() - make_interval(hours => ${PLACEMENT_ATTEMPT_HOURS}, mins => 1)` })
      .where(sql`${placementAttempts.submittedAt} is null`);
    expect(await getPlacementAttempt(database.db, late)).toBeUndefined();
    expect(await submitPlacementAttempt(database.db, late, {})).toEqual({ status: "not-found" });
  });

  it("finds a person's results by their email in any case or their phone however written, newest first", async () => {
    const taken = async (contact: { email?: string; phone?: string }, answered = true) => {
      const token = (await startPlacementAttempt(database.db, "vi"))!;
      if (answered) await submitPlacementAttempt(database.db, token, {}, contact);
      else
        await database.db
          .update(placementAttempts)
          .set(contact)
          .where(sql`${placementAttempts.submittedAt} is null`);
    };
    await taken({ email: "Hoa.Nguyen@Example.com" });
    await taken({ phone: "+84 912 345 678" });
    await taken({ email: "hoa.nguyenx@example.com", phone: "0912 345 679" });
    await taken({ email: "hoa.nguyen@example.com" }, false); // started, never answered
    const results = await listPlacementResultsOf(database.db, {
      email: "hoa.nguyen@example.com",
      phone: "0912.345.678",
    });
    expect(results).toHaveLength(2);
    expect(results.map((result) => result.startAt)).toEqual(["A1", "A1"]);
    expect(results[0]!.submittedAt.getTime()).toBeGreaterThanOrEqual(results[1]!.submittedAt.getTime());
    expect(await listPlacementResultsOf(database.db, { email: "nobody@example.com" })).toEqual([]);
  });

  it("starts nothing while the bank has no active question", async () => {
    const empty = await createTestDatabase();
    expect(await startPlacementAttempt(empty.db, "vi")).toBeUndefined();
  });
});
