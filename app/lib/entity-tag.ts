// Conditional requests for the immutable files the app serves (uploaded images and videos).

/** Whether an If-None-Match header names this entity tag (or is "*"). The comparison is weak
 * (RFC 9110 §13.1.2): W/"x" matches "x". */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
