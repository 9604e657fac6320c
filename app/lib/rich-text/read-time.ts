// spec §9's read time of a post's body as stored (a document, ADR 055): of the words a reader
// reads, not of the document's JSON. Apart from app/lib/blog-rules.ts, which public pages load:
// they need the rule, not the document reader.
import { readTime } from "~/lib/blog-rules";
import { storedBodyText } from "./document";

export function bodyReadTime(body: string): number {
  return readTime(storedBodyText(body));
}
