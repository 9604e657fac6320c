// Converting the long texts of earlier versions into documents (ADR 055, ADR 056): posts' bodies
// were Markdown, a course's description and the about page's story plain text. SQL cannot parse
// Markdown, so this step runs right after the SQL migrations, on the migrating connection and
// under its lock (migrate.server.ts), and after a restore (a backup made before holds the old
// texts). It looks for texts that are not documents, so it is a no-op once done and safe to run
// on every start: the Vietnamese column, its translations, and the revisions.
//
// Nothing else changes: not `updated_at` (the sitemap's dates stay true), and no audit rows (the
// connection has no actor, ADR 014). A post's read time is counted again from the document's words.
import type pg from "pg";
import { readTime } from "~/lib/blog-rules";
import { documentText, serializeDocument } from "~/lib/rich-text/document";
import { type EarlierFormat, storedDocument } from "~/lib/rich-text/from-html.server";

/** Every column that holds a document, what it held before, and whether the row counts a read
 * time from it. A translation's text is under the column's name in `translations`. */
export const storedBodyColumns: readonly {
  table: string;
  column: string;
  earlier: EarlierFormat;
  readTime?: true;
}[] = [
  { table: "posts", column: "content", earlier: "markdown", readTime: true },
  { table: "post_revisions", column: "content", earlier: "markdown" },
  { table: "courses", column: "description", earlier: "plain" },
  { table: "course_revisions", column: "description", earlier: "plain" },
  { table: "about_info", column: "description", earlier: "plain" },
];

// What every stored document starts with: serializeDocument writes `type` first.
const DOCUMENT_START = '{"type":"doc",';
const BATCH = 100;

// An empty text (the about page's story left empty, a translation without one) stays empty.
const notDocument = (text: string) =>
  `(${text} <> '' and left(${text}, ${DOCUMENT_START.length}) <> '${DOCUMENT_START}')`;

const needsConversion = (column: string) => `
  ${notDocument(column)}
  or exists (select 1 from jsonb_each(translations) as version(language, value)
    where jsonb_typeof(version.value -> '${column}') = 'string'
      and ${notDocument(`version.value ->> '${column}'`)})`;

type Translations = Record<string, Record<string, unknown> | null> | null;

/** A stored text as it is stored from now on: a document as it is, an earlier text converted. */
function converted(text: string, earlier: EarlierFormat) {
  return text === "" ? "" : serializeDocument(storedDocument(text, earlier));
}

function convertedTranslations(translations: Translations, column: string, earlier: EarlierFormat) {
  if (!translations) return translations;
  return Object.fromEntries(
    Object.entries(translations).map(([language, version]) => [
      language,
      version && typeof version[column] === "string"
        ? { ...version, [column]: converted(version[column], earlier) }
        : version,
    ]),
  );
}

/** Converts every earlier text left; answers how many rows were changed. */
export async function convertStoredBodies(client: pg.ClientBase): Promise<number> {
  let changed = 0;
  for (const { table, column, earlier, readTime: counted } of storedBodyColumns) {
    for (;;) {
      const { rows } = await client.query<{ id: string; text: string; translations: Translations }>(
        `select id, ${column} as text, translations from ${table} where ${needsConversion(column)}
         order by id limit ${BATCH}`,
      );
      if (!rows.length) break;
      await client.query("begin");
      try {
        for (const row of rows) {
          const text = converted(row.text, earlier);
          const translations = JSON.stringify(convertedTranslations(row.translations, column, earlier));
          await client.query(
            `update ${table} set ${column} = $2, translations = $3::jsonb
              ${counted ? ", read_time = $4" : ""} where id = $1`,
            [
              row.id,
              text,
              translations,
              ...(counted ? [readTime(documentText(storedDocument(text, earlier)))] : []),
            ],
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
