// The placement test's question bank as the admin manages it (issue 29): the list in the bank's
// order, with what a test asks today, and the writes. Every write gets the handle the admin's
// action was given (actor-scoped, ADR 014), so the audit trigger on placement_questions records
// who changed what. Results already stored are never touched: an attempt keeps its own score
// (placement_attempts), whatever later happens to the questions it asked.
//
// Order: a test asks the first active questions of each level by `position` (then id), as
// drawPlacementTest does. A new question, or one moved to another level, goes to the end of its
// level; "up" and "down" swap it with its neighbour in the same level. Positions need not be
// consecutive, nor apart between levels (the demo bank numbers all 44 in one run).
import { asc, eq, max, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { placementQuestions } from "~/db/schema";
import {
  drawPlacementTest,
  type PlacementKind,
  type PlacementLevel,
  type PlacementSkill,
  placementLevels,
} from "~/lib/placement-test";
import type { PlacementQuestionInput } from "~/schemas/placement-question";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A question as the admin list and its dialog show it. */
export interface AdminPlacementQuestion {
  id: string;
  level: PlacementLevel;
  skill: PlacementSkill;
  kind: PlacementKind;
  prompt: string;
  options: string[];
  answers: string[];
  explanation: string;
  explanationEn: string;
  explanationDe: string;
  active: boolean;
  /** Its place within its level, from 1 (inactive questions count too). */
  number: number;
  /** Whether a test started now asks it. */
  inTest: boolean;
}

/** Every question, active or not, in the bank's order: level A1 to B2, then position. */
export async function listPlacementBank(db: Db): Promise<AdminPlacementQuestion[]> {
  const rows = await db
    .select({
      id: placementQuestions.id,
      level: placementQuestions.level,
      skill: placementQuestions.skill,
      kind: placementQuestions.kind,
      prompt: placementQuestions.prompt,
      options: placementQuestions.options,
      answers: placementQuestions.answers,
      explanation: placementQuestions.explanation,
      translations: placementQuestions.translations,
      position: placementQuestions.position,
      active: placementQuestions.active,
    })
    .from(placementQuestions)
    .orderBy(asc(placementQuestions.position), asc(placementQuestions.id));
  const typed = rows.map((row) => ({ ...row, level: row.level as PlacementLevel }));
  // The same draw as a test's (app/lib/placement-test.ts), from the same order.
  const asked = new Set(drawPlacementTest(typed.filter((row) => row.active)).map((row) => row.id));
  return placementLevels.flatMap((level) =>
    typed
      .filter((row) => row.level === level)
      .map(({ translations, position: _position, ...row }, index) => ({
        ...row,
        skill: row.skill as PlacementSkill,
        kind: row.kind as PlacementKind,
        explanationEn: textOf(translations.en?.explanation),
        explanationDe: textOf(translations.de?.explanation),
        number: index + 1,
        inTest: asked.has(row.id),
      })),
  );
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** Writes to the bank's order wait for each other: two questions added to one level at once get
 * two places, and a move sees its neighbour as it is. */
async function lockBankOrder(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:placement-bank'))`);
}

/** The position after the last question of `level`. */
async function endOf(tx: Tx, level: PlacementLevel) {
  const [row] = await tx
    .select({ last: max(placementQuestions.position) })
    .from(placementQuestions)
    .where(eq(placementQuestions.level, level));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** A new question, at the end of its level. */
export async function createPlacementQuestion(db: Db, input: PlacementQuestionInput) {
  return db.transaction(async (tx) => {
    await lockBankOrder(tx);
    const [row] = await tx
      .insert(placementQuestions)
      .values({ ...input, position: await endOf(tx, input.level) })
      .returning({ id: placementQuestions.id });
    await notifyChange(tx, "placement");
    return row!.id;
  });
}

/** Saves the dialog's fields; a question moved to another level goes to the end of it. false
 * when the question no longer exists (deleted in another tab). */
export async function updatePlacementQuestion(db: Db, id: string, input: PlacementQuestionInput) {
  return db.transaction(async (tx) => {
    await lockBankOrder(tx);
    const [current] = await tx
      .select({ level: placementQuestions.level })
      .from(placementQuestions)
      .where(eq(placementQuestions.id, id))
      .for("update");
    if (!current) return false;
    const moved = current.level !== input.level ? { position: await endOf(tx, input.level) } : {};
    await tx
      .update(placementQuestions)
      .set({ ...input, ...moved })
      .where(eq(placementQuestions.id, id));
    await notifyChange(tx, "placement");
    return true;
  });
}

/** On: tests may ask it; off: it stays in the bank, no test asks it. */
export async function setPlacementQuestionActive(db: Db, id: string, active: boolean) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(placementQuestions)
      .set({ active })
      .where(eq(placementQuestions.id, id))
      .returning({ id: placementQuestions.id });
    if (updated.length > 0) await notifyChange(tx, "placement");
    return updated.length > 0;
  });
}

/** Removes a question from the bank. Attempts that asked it keep their stored result. */
export async function deletePlacementQuestion(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(placementQuestions)
      .where(eq(placementQuestions.id, id))
      .returning({ id: placementQuestions.id });
    if (deleted.length > 0) await notifyChange(tx, "placement");
    return deleted.length > 0 ? "deleted" : "not-found";
  });
}

export type PlacementMove = "up" | "down";

/**
 * Moves a question one place up or down within its level, in one transaction: it and its
 * neighbour swap positions. The first question does not move up, nor the last down (answered as
 * done: nothing to do). false when the question no longer exists.
 */
export async function movePlacementQuestion(db: Db, id: string, direction: PlacementMove) {
  return db.transaction(async (tx) => {
    await lockBankOrder(tx);
    const [question] = await tx
      .select({ level: placementQuestions.level })
      .from(placementQuestions)
      .where(eq(placementQuestions.id, id));
    if (!question) return false;
    const level = await tx
      .select({ id: placementQuestions.id, position: placementQuestions.position })
      .from(placementQuestions)
      .where(eq(placementQuestions.level, question.level))
      .orderBy(asc(placementQuestions.position), asc(placementQuestions.id))
      .for("update");
    const index = level.findIndex((row) => row.id === id);
    const other = index + (direction === "up" ? -1 : 1);
    if (other < 0 || other >= level.length) return true;
    const [a, b] = [level[index]!, level[other]!];
    if (a.position !== b.position) {
      await setPositions(tx, [
        [a.id, b.position],
        [b.id, a.position],
      ]);
      return true;
    }
    // Two questions on one position (written outside this page): number the level afresh from
    // its first position, in its order with these two swapped.
    const order = level.map((row) => row.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    const first = level[0]!.position;
    const was = new Map(level.map((row) => [row.id, row.position]));
    await setPositions(
      tx,
      order
        .map((rowId, place) => [rowId, first + place] as const)
        .filter(([rowId, to]) => was.get(rowId) !== to),
    );
    return true;
  });
}

async function setPositions(tx: Tx, positions: readonly (readonly [string, number])[]) {
  for (const [rowId, position] of positions)
    await tx.update(placementQuestions).set({ position }).where(eq(placementQuestions.id, rowId));
  await notifyChange(tx, "placement");
}
