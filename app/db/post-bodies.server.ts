// Converting the Markdown bodies of earlier versions into documents (ADR 055). SQL cannot parse
// Markdown, so this step runs right after the SQL migrations, on the migrating connection and
// under its lock (migrate.server.ts), and after a restore (a backup made before ADR 055 holds
// Markdown). It looks for bodies that are not documents, so it is a no-op once done and safe to
// run on every start: posts, their translations, and their revisions.
//
// Nothing else changes: not `updated_at` (the sitemap's dates stay true), and no audit rows (the
// connection has no actor, ADR 014). The read time is counted again from the document's words.
import type pg from "pg";
import { readTime } from "~/lib/blog-rules";
import { documentText, parseDocument, serializeDocument } from "~/lib/rich-text/document";
import { documentFromMarkdown } from "~/lib/rich-text/from-html.server";

// What every stored document starts with: serializeDocument writes `type` first.
const DOCUMENT_START = '{"type":"doc",';
const BATCH = 100;

const needsConversion = (column: string, translations: string) => `
  left(${column}, ${DOCUMENT_START.length}) <> '${DOCUMENT_START}'
  or exists (select 1 from jsonb_each(${translations}) as version(language, value)
    where jsonb_typeof(version.value -> 'content') = 'string'
      and left(version.value ->> 'content', ${DOCUMENT_START.length}) <> '${DOCUMENT_START}')`;

/** A stored body as a document: a document stays as it is, Markdown is converted. */
function converted(body: string) {
  return parseDocument(body) ?? documentFromMarkdown(body);
}

type Translations = Record<string, Record<string, unknown> | null> | null;

function convertedTranslations(translations: Translations): Translations {
  if (!translations) return translations;
  return Object.fromEntries(
    Object.entries(translations).map(([language, version]) => [
      language,
      version && typeof version.content === "string"
        ? { ...version, content: serializeDocument(converted(version.content)) }
        : version,
    ]),
  );
}

/** Converts every Markdown body left; answers how many rows were changed. */
export async function convertMarkdownBodies(client: pg.ClientBase): Promise<number> {
  let changed = 0;
  for (const table of ["posts", "post_revisions"] as const) {
    for (;;) {
      const { rows } = await client.query<{ id: string; content: string; translations: Translations }>(
        `select id, content, translations from ${table} where ${needsConversion("content", "translations")}
         order by id limit ${BATCH}`,
      );
      if (!rows.length) break;
      await client.query("begin");
      try {
        for (const row of rows) {
          const document = converted(row.content);
          const content = serializeDocument(document);
          const translations = JSON.stringify(convertedTranslations(row.translations));
          if (table === "posts")
            await client.query(
              "update posts set content = $2, translations = $3::jsonb, read_time = $4 where id = $1",
              [row.id, content, translations, readTime(documentText(document))],
            );
          else
            await client.query(
              "update post_revisions set content = $2, translations = $3::jsonb where id = $1",
              [row.id, content, translations],
            );
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
      changed += rows.length;
    }
  }
  return changed;
}
