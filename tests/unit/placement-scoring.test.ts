// The placement test's scoring rule (app/lib/placement-test.ts), generated over answer sets: the
// level a learner is told to start at follows from the per-level thresholds alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  drawPlacementTest,
  isRightAnswer,
  PLACEMENT_PASS_SHARE,
  PLACEMENT_QUESTIONS_PER_LEVEL,
  type PlacementLevel,
  placementLevels,
  scorePlacement,
} from "~/lib/placement-test";

/** A full test as the bank draws it: PLACEMENT_QUESTIONS_PER_LEVEL questions of each level. */
const test = placementLevels.flatMap((level) =>
  Array.from({ length: PLACEMENT_QUESTIONS_PER_LEVEL[level] }, (_, n) => ({
    id: `${level}-${n}`,
    level,
    answers: [`richtig-${level}-${n}`],
  })),
);

/** Answers with `right[level]` of each level's questions answered right (the first ones), the
 * rest wrong or left out. */
function answering(right: Record<PlacementLevel, number>, wrongOrBlank: boolean[]) {
  const answers: Record<string, string | undefined> = {};
  test.forEach((question, index) => {
    const n = Number(question.id.split("-")[1]);
    if (n < right[question.level]) answers[question.id] = ` ${question.answers[0]!.toUpperCase()} `;
    else answers[question.id] = wrongOrBlank[index] ? "falsch" : undefined;
  });
  return answers;
}

const needed = (level: PlacementLevel) =>
  Math.ceil(PLACEMENT_QUESTIONS_PER_LEVEL[level] * PLACEMENT_PASS_SHARE);

const rightCounts = fc.record(
  Object.fromEntries(
    placementLevels.map((level) => [
      level,
      fc.integer({ min: 0, max: PLACEMENT_QUESTIONS_PER_LEVEL[level] }),
    ]),
  ) as {
    [Level in PlacementLevel]: fc.Arbitrary<number>;
  },
);

describe("placement scoring", () => {
  it("counts the right answers per level, whatever the case and spaces of a typed answer", () => {
    fc.assert(
      fc.property(
        rightCounts,
        fc.array(fc.boolean(), { minLength: test.length, maxLength: test.length }),
        (right, noise) => {
          const { byLevel } = scorePlacement(test, answering(right, noise));
          for (const level of placementLevels) {
            expect(byLevel[level]).toEqual({
              right: right[level],
              asked: PLACEMENT_QUESTIONS_PER_LEVEL[level],
            });
          }
        },
      ),
    );
  });

  it("starts a learner at the first level below its threshold; a later level does not count past a missed one", () => {
    fc.assert(
      fc.property(rightCounts, (right) => {
        const firstMissed = placementLevels.find((level) => right[level] < needed(level));
        const result = scorePlacement(test, answering(right, []));
        expect(result.startAt).toBe(firstMissed ?? "beyond");
        const reachedIndex = firstMissed
          ? placementLevels.indexOf(firstMissed) - 1
          : placementLevels.length - 1;
        expect(result.reached).toBe(reachedIndex < 0 ? null : placementLevels[reachedIndex]);
      }),
    );
  });

  it("puts the threshold exactly at 60 %: 5 of 8 passes A1, 4 of 8 does not; 5 of 7 passes B1, 4 of 7 does not", () => {
    const none = { A1: 0, A2: 0, B1: 0, B2: 0 };
    expect(scorePlacement(test, answering({ ...none, A1: 5 }, [])).startAt).toBe("A2");
    expect(scorePlacement(test, answering({ ...none, A1: 4 }, [])).startAt).toBe("A1");
    expect(scorePlacement(test, answering({ A1: 8, A2: 8, B1: 5, B2: 0 }, [])).reached).toBe("B1");
    expect(scorePlacement(test, answering({ A1: 8, A2: 8, B1: 4, B2: 7 }, [])).reached).toBe("A2");
    expect(scorePlacement(test, answering({ A1: 8, A2: 8, B1: 7, B2: 7 }, [])).startAt).toBe("beyond");
    expect(scorePlacement(test, {}).reached).toBeNull();
  });

  it("passes over a level the bank asked nothing of", () => {
    const withoutA2 = test.filter((question) => question.level !== "A2");
    const answers = Object.fromEntries(withoutA2.map((question) => [question.id, question.answers[0]!]));
    expect(scorePlacement(withoutA2, answers)).toMatchObject({ reached: "B2", startAt: "beyond" });
    expect(scorePlacement(withoutA2, answers).byLevel.A2).toEqual({ right: 0, asked: 0 });
  });

  it("takes an answer as right only when it is one of the accepted ones, not empty and not a part of one", () => {
    const gap = { answers: ["dass", "Daß"] };
    expect(isRightAnswer(gap, "  DASS ")).toBe(true);
    expect(isRightAnswer(gap, "daß")).toBe(true);
    expect(isRightAnswer(gap, "da")).toBe(false);
    expect(isRightAnswer(gap, "")).toBe(false);
    expect(isRightAnswer(gap, undefined)).toBe(false);
    expect(isRightAnswer({ answers: ["Straße"] }, "Stra\u00DFe")).toBe(true);
  });

  it("draws the first questions of each level in the bank's order, easiest level first", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            level: fc.constantFrom(...placementLevels),
            position: fc.integer({ min: 0, max: 1000 }),
          }),
          {
            maxLength: 80,
          },
        ),
        (bank) => {
          const drawn = drawPlacementTest(bank);
          for (const level of placementLevels) {
            const ofLevel = bank
              .filter((question) => question.level === level)
              .map((question) => question.position);
            const expected = [...ofLevel]
              .sort((a, b) => a - b)
              .slice(0, PLACEMENT_QUESTIONS_PER_LEVEL[level]);
            expect(
              drawn.filter((question) => question.level === level).map((question) => question.position),
            ).toEqual(expected);
          }
          const levelOrder = drawn.map((question) => placementLevels.indexOf(question.level));
          expect(levelOrder).toEqual([...levelOrder].sort((a, b) => a - b));
        },
      ),
    );
  });
});
