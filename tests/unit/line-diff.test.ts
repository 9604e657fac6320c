// The revision comparison's line diff (ADR 053): it gives both texts back, finds the longest
// run of kept lines, and lays them out side by side.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIFF_TABLE_LIMIT, diffLines, sideBySide, splitLines } from "~/lib/line-diff";

const oldLines = (ops: ReturnType<typeof diffLines>) =>
  ops.filter((op) => op.kind !== "added").map((op) => op.text);
const newLines = (ops: ReturnType<typeof diffLines>) =>
  ops.filter((op) => op.kind !== "removed").map((op) => op.text);

/** The longest common subsequence's length, the slow obvious way. */
function lcs(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] =
        a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  return table[a.length]![b.length]!;
}

// Few distinct lines, so that texts share many of them.
const text = fc
  .array(fc.constantFrom("a", "b", "c", "", "Hallo", "Xin chào"), { maxLength: 25 })
  .map((lines) => lines.join("\n"));

describe("diffLines", () => {
  it("marks a changed line and keeps the rest", () => {
    expect(diffLines("Tiêu đề\nDòng cũ\nCuối", "Tiêu đề\nDòng mới\nCuối")).toEqual([
      { kind: "same", text: "Tiêu đề" },
      { kind: "removed", text: "Dòng cũ" },
      { kind: "added", text: "Dòng mới" },
      { kind: "same", text: "Cuối" },
    ]);
    expect(diffLines("", "")).toEqual([]);
    expect(diffLines("", "Mới")).toEqual([{ kind: "added", text: "Mới" }]);
    expect(splitLines("a\r\nb\rc")).toEqual(["a", "b", "c"]);
  });

  it("gives both texts back and keeps as many lines as can be kept", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const ops = diffLines(a, b);
        expect(oldLines(ops)).toEqual(splitLines(a));
        expect(newLines(ops)).toEqual(splitLines(b));
        expect(ops.filter((op) => op.kind === "same")).toHaveLength(lcs(splitLines(a), splitLines(b)));
      }),
    );
  });

  it("shows the same text as unchanged", () => {
    fc.assert(
      fc.property(text, (a) => {
        expect(diffLines(a, a).every((op) => op.kind === "same")).toBe(true);
      }),
    );
  });

  it("shows a huge rewrite as removed and added, still giving both texts back", () => {
    const size = Math.ceil(Math.sqrt(DIFF_TABLE_LIMIT)) + 1;
    const a = Array.from({ length: size }, (_, i) => `old ${i}`).join("\n");
    const b = Array.from({ length: size }, (_, i) => `new ${i}`).join("\n");
    const ops = diffLines(`Title\n${a}`, `Title\n${b}`);
    expect(ops[0]).toEqual({ kind: "same", text: "Title" });
    expect(oldLines(ops)).toEqual(splitLines(`Title\n${a}`));
    expect(newLines(ops)).toEqual(splitLines(`Title\n${b}`));
  });
});

describe("sideBySide", () => {
  it("puts a changed line across from its replacement", () => {
    expect(sideBySide(diffLines("a\nb\nc", "a\nB\nc\nd"))).toEqual([
      { kind: "same", left: { number: 1, text: "a" }, right: { number: 1, text: "a" } },
      { kind: "changed", left: { number: 2, text: "b" }, right: { number: 2, text: "B" } },
      { kind: "same", left: { number: 3, text: "c" }, right: { number: 3, text: "c" } },
      { kind: "added", left: undefined, right: { number: 4, text: "d" } },
    ]);
  });

  it("numbers each side's lines in order, every line once", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const rows = sideBySide(diffLines(a, b));
        expect(rows.flatMap((row) => (row.left ? [row.left.text] : []))).toEqual(splitLines(a));
        expect(rows.flatMap((row) => (row.right ? [row.right.text] : []))).toEqual(splitLines(b));
        expect(rows.flatMap((row) => (row.left ? [row.left.number] : []))).toEqual(
          splitLines(a).map((_, i) => i + 1),
        );
      }),
    );
  });
});
