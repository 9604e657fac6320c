// The Range header of a request for a file (RFC 9110 §14): what a browser sends to start a video
// or to seek in it. Only a single range is served; a server may ignore the others, and answering
// the whole file instead is always correct.

export type RangeAnswer =
  /** Serve the whole file (no Range, one we do not serve, or If-Range no longer matching). */
  | { kind: "whole" }
  /** Serve bytes start…end (inclusive) with 206. */
  | { kind: "part"; start: number; end: number }
  /** 416: the range starts past the end of the file. */
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** What to answer for `range` on a file of `size` bytes. A malformed header or several ranges
 * are ignored (the whole file); so is a range when `ifRange` names another version. */
export function rangeOf(
  range: string | undefined,
  size: number,
  ifRange?: { header: string | undefined; etag: string },
): RangeAnswer {
  if (!range) return { kind: "whole" };
  // If-Range with an entity tag that no longer matches: the client's part is of another file.
  if (ifRange?.header !== undefined && ifRange.header.trim() !== ifRange.etag) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(range.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // bytes=-N: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}
