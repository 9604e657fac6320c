// A line diff for the post revision comparison (ADR 053): which lines of an old text were kept,
// removed or added in the new one, and the same laid out side by side. Pure and small on purpose:
// the comparison is rendered on the server and needs no library. The common beginning and end are
// taken off first; the middle is a longest common subsequence, unless it is so large (two wholly
// rewritten long articles) that the table would cost more than it tells, when the middle is shown
// as removed and added as a whole.

export type DiffOp = { kind: "same" | "removed" | "added"; text: string };

/** Cells of the LCS table beyond which the middle is shown as replaced (some 2,000 × 2,000 lines). */
export const DIFF_TABLE_LIMIT = 4_000_000;

export function splitLines(text: string) {
  return text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n");
}

/** The edit from `before` to `after`, line by line, in order: "same" and "removed" lines give
 * `before` back, "same" and "added" lines give `after`. */
export function diffLines(before: string, after: string): DiffOp[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const same = (lines: string[]) => lines.map((text): DiffOp => ({ kind: "same", text }));
  return [
    ...same(a.slice(0, start)),
    ...diffMiddle(a.slice(start, endA), b.slice(start, endB)),
    ...same(a.slice(endA)),
  ];
}

function diffMiddle(a: string[], b: string[]): DiffOp[] {
  const removed = (text: string): DiffOp => ({ kind: "removed", text });
  const added = (text: string): DiffOp => ({ kind: "added", text });
  if (a.length === 0 || b.length === 0 || (a.length + 1) * (b.length + 1) > DIFF_TABLE_LIMIT) {
    return [...a.map(removed), ...b.map(added)];
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      ops.push(removed(a[i++]!));
    } else {
      ops.push(added(b[j++]!));
    }
  }
  while (i < a.length) ops.push(removed(a[i++]!));
  while (j < b.length) ops.push(added(b[j++]!));
  return ops;
}

/** One row of the side-by-side table: the old line on the left, the new on the right (either may
 * be missing), with their line numbers. */
export interface SideBySideRow {
  kind: "same" | "changed" | "removed" | "added";
  left?: { number: number; text: string };
  right?: { number: number; text: string };
}

/** The diff as rows: kept lines side by side; a run of removed lines next to the run of added
 * lines that follows it (a changed paragraph reads across); the rest alone on their side. */
export function sideBySide(ops: readonly DiffOp[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let left = 0;
  let right = 0;
  let index = 0;
  while (index < ops.length) {
    const op = ops[index]!;
    if (op.kind === "same") {
      rows.push({
        kind: "same",
        left: { number: ++left, text: op.text },
        right: { number: ++right, text: op.text },
      });
      index++;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (index < ops.length && ops[index]!.kind === "removed") removed.push(ops[index++]!.text);
    while (index < ops.length && ops[index]!.kind === "added") added.push(ops[index++]!.text);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const l = k < removed.length ? { number: ++left, text: removed[k]! } : undefined;
      const r = k < added.length ? { number: ++right, text: added[k]! } : undefined;
      rows.push({ kind: l && r ? "changed" : l ? "removed" : "added", left: l, right: r });
    }
  }
  return rows;
}
