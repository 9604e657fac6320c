// A long text shortened to a line or a card (a course's description on its card and in its meta
// description, a share card's heading): one rule for where it is cut. Browser-safe.

/** `text` on one line (runs of white space, line breaks included, become one space) and at most
 * `max` characters (code points: an emoji or a Vietnamese letter is one), cut at a word when one
 * ends in the last third, with "…" when anything was left out. */
export function textSummary(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > cut.length * 0.66 ? cut.slice(0, space) : cut.trimEnd()}…`;
}
