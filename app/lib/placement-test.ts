// The placement test's one scoring rule and the one way a test is drawn from the bank (issue 29).
// Pure: the server scores with it; nothing of it that knows an answer ever reaches the browser
// (the bank's answers are read only by app/models/placement-test.server.ts).

export const placementLevels = ["A1", "A2", "B1", "B2"] as const;
export type PlacementLevel = (typeof placementLevels)[number];

export const placementSkills = ["grammar", "vocabulary", "reading"] as const;
export type PlacementSkill = (typeof placementSkills)[number];

export const placementKinds = ["choice", "cloze"] as const;
export type PlacementKind = (typeof placementKinds)[number];

/** How many questions of each level a test asks, easiest first: 30 in all. */
export const PLACEMENT_QUESTIONS_PER_LEVEL: Readonly<Record<PlacementLevel, number>> = {
  A1: 8,
  A2: 8,
  B1: 7,
  B2: 7,
};

/** A level is reached with at least this share of its questions right. */
export const PLACEMENT_PASS_SHARE = 0.6;

/** The longest option a question may have (a reading question's options are sentences), and so
 * the longest answer the test takes. */
export const PLACEMENT_ANSWER_MAX_LENGTH = 200;
/** The longest word a learner may type into a gap. */
export const PLACEMENT_GAP_MAX_LENGTH = 60;

export interface PlacementQuestionKey {
  id: string;
  level: PlacementLevel;
  kind: PlacementKind;
  /** "choice": the right option's text; "cloze": every accepted word. */
  answers: readonly string[];
}

/** How an answer is compared: trimmed, inner spaces folded, case and Unicode form ignored
 * ("Dass", " dass ", "dass" are one answer; a typed "ß" and "ß" composed differently too). */
export function normalizeAnswer(answer: string): string {
  return answer.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("de");
}

export function isRightAnswer(question: Pick<PlacementQuestionKey, "answers">, answer: string | undefined) {
  if (answer === undefined) return false;
  const given = normalizeAnswer(answer);
  return given !== "" && question.answers.some((right) => normalizeAnswer(right) === given);
}

export interface LevelScore {
  right: number;
  asked: number;
}

export interface PlacementResult {
  byLevel: Record<PlacementLevel, LevelScore>;
  /** The highest level reached with every level below it reached too; null: not even A1. */
  reached: PlacementLevel | null;
  /** Where to start: the first level not reached, or "beyond" when B2 is reached too (the school
   * advises in person). */
  startAt: PlacementLevel | "beyond";
}

/**
 * The scoring rule, per level: a level is reached when at least PLACEMENT_PASS_SHARE of the
 * questions asked at it are right, and it counts only when every easier level is reached too —
 * a lucky guess at B2 does not lift someone who missed A2. A level the test asked nothing of
 * (the bank had none) is passed over: neither reached nor in the way.
 */
export function scorePlacement(
  asked: readonly Pick<PlacementQuestionKey, "id" | "level" | "answers">[],
  answers: Readonly<Record<string, string | undefined>>,
): PlacementResult {
  const byLevel = Object.fromEntries(
    placementLevels.map((level) => [level, { right: 0, asked: 0 }]),
  ) as Record<PlacementLevel, LevelScore>;
  for (const question of asked) {
    const score = byLevel[question.level];
    score.asked += 1;
    if (isRightAnswer(question, answers[question.id])) score.right += 1;
  }
  let reached: PlacementLevel | null = null;
  for (const level of placementLevels) {
    const { right, asked: count } = byLevel[level];
    if (count === 0) continue;
    if (right < Math.ceil(count * PLACEMENT_PASS_SHARE - 1e-9)) break;
    reached = level;
  }
  const next = reached === null ? 0 : placementLevels.indexOf(reached) + 1;
  return { byLevel, reached, startAt: placementLevels[next] ?? "beyond" };
}

/** The questions a test asks, from the active bank in its order: the first
 * PLACEMENT_QUESTIONS_PER_LEVEL of each level, easiest level first. Every learner gets the same
 * test while the bank does not change, so results compare. */
export function drawPlacementTest<Question extends { level: PlacementLevel; position: number }>(
  bank: readonly Question[],
): Question[] {
  return placementLevels.flatMap((level) =>
    bank
      .filter((question) => question.level === level)
      .sort((a, b) => a.position - b.position)
      .slice(0, PLACEMENT_QUESTIONS_PER_LEVEL[level]),
  );
}
