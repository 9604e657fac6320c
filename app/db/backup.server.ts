// Backups by logical dump (ADR 015). The embedded server ships no pg_dump, so the
// app reads every table itself inside one REPEATABLE READ transaction (a consistent snapshot
// while the site keeps writing) and restores through the committed migrations.
//
// The file is gzip-compressed JSON lines:
//   {"format":"lernhaus-backup","version":1,"createdAt":…,"migration":<created_at of the last
//     applied drizzle migration>,"tables":["user",…]}             the header
//   {"table":"user","columns":["id",…]}                             then, per table in FK order,
//   {"row":["…",null,…]}                                           its rows, every value as
//                                                                  PostgreSQL's text form
//   {"upload":"ab12.webp","data":"<base64>"}                        files still in DATA_DIR/uploads
//                                                                  (ADR 020: images are rows of
//                                                                  uploaded_images; only a DATA_DIR
//                                                                  not yet started on this version
//                                                                  has such files)
//   {"end":true,"rows":123,"uploads":4}                             the trailer (a cut file fails)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { isUploadFileName } from "~/lib/uploads";
import type { Db } from "./client.server";
import { migrationsFolder } from "./migrations-folder.server";
import { convertStoredBodies } from "./stored-bodies.server";

const FORMAT = "lernhaus-backup";
const FORMAT_VERSION = 1;
const BATCH_ROWS = 1000;
// A table with binary columns (uploaded_images: up to ~1 MB a row) is read a few rows at a time,
// and restored rows are sent when either bound is reached, so memory stays small.
const BATCH_ROWS_BINARY = 16;
const FLUSH_PARAMS = 30_000;
const FLUSH_CHARS = 16 * 1024 * 1024;

export class BackupError extends Error {}

interface Header {
  format: string;
  version: number;
  createdAt: string;
  migration: number;
  tables: string[];
}

type Line =
  | Header
  | { table: string; columns: string[] }
  | { row: (string | null)[] }
  | { upload: string; data: string }
  | { end: true; rows: number; uploads: number };

interface Column {
  name: string;
  type: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the public schema, parents before children (foreign keys). */
async function tablesInDependencyOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1",
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return; // a cycle: restore skips FK checks anyway
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    ordered.push(table);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<Column[]> {
  const { rows } = await client.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [`public.${quote(table)}`],
  );
  return rows;
}

/** The created_at (drizzle's "when" of the journal) of the newest applied migration. */
async function appliedMigration(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ when: string | null }>(
    "select max(created_at)::text as when from drizzle.__drizzle_migrations",
  );
  return Number(rows[0]?.when ?? 0);
}

interface Journal {
  entries: { when: number; tag: string }[];
}

function journal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
}

/** Writes a backup of the database at `databaseUrl` and of `uploadsDir` to `outFile` (through a
 * temporary file, so a failed backup leaves no file that looks complete). */
export async function writeBackup(databaseUrl: string, uploadsDir: string, outFile: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const partial = `${outFile}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  const write = (line: Line) =>
    gzip.write(`${JSON.stringify(line)}\n`) ? Promise.resolve() : new Promise((r) => gzip.once("drain", r));
  let rows = 0;
  let uploads = 0;
  let imageRows = 0;
  try {
    await client.query("begin transaction isolation level repeatable read read only");
    const tables = await tablesInDependencyOrder(client);
    const migration = await appliedMigration(client);
    await write({
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration,
      tables,
    });
    for (const table of tables) {
      const columns = await columnsOf(client, table);
      await write({ table, columns: columns.map((c) => c.name) });
      const list = columns.map((c) => `${quote(c.name)}::text`).join(", ");
      // Sorted by every column: the same database always gives the same file.
      const order = columns.map((_, i) => i + 1).join(", ");
      await client.query(
        `declare dump no scroll cursor for select ${list} from public.${quote(table)} order by ${order}`,
      );
      const batchRows = columns.some((c) => c.type === "bytea") ? BATCH_ROWS_BINARY : BATCH_ROWS;
      for (;;) {
        const batch = await client.query({ text: `fetch ${batchRows} from dump`, rowMode: "array" });
        for (const row of batch.rows as (string | null)[][]) await write({ row });
        rows += batch.rows.length;
        if (table === "uploaded_images") imageRows += batch.rows.length;
        if (batch.rows.length < batchRows) break;
      }
      await client.query("close dump");
    }
    await client.query("commit");
    // Image files a DATA_DIR still holds from before ADR 020 (its server has not started on
    // this version yet, which moves them into the database): restore puts them in the table.
    for (const name of fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []) {
      const file = path.join(uploadsDir, name);
      if (!fs.statSync(file).isFile()) continue;
      await write({ upload: name, data: fs.readFileSync(file).toString("base64") });
      uploads++;
    }
    await write({ end: true, rows, uploads });
    gzip.end();
    await written;
    fs.renameSync(partial, outFile);
    return { rows, uploads, images: imageRows + uploads };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The lines of a backup file, header first; throws on a file that is not one. */
export async function* readBackup(file: string): AsyncGenerator<Line> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let first = true;
  let ended = false;
  try {
    for await (const text of lines) {
      const line = JSON.parse(text) as Line;
      if (first && (!("format" in line) || line.format !== FORMAT || line.version !== FORMAT_VERSION))
        throw new BackupError(`${file} is not a Lernhaus backup (format ${FORMAT} ${FORMAT_VERSION})`);
      first = false;
      if ("end" in line) ended = true;
      yield line;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged: ${error instanceof Error ? error.message : error}`);
  }
  if (!ended) throw new BackupError(`${file} is incomplete (no end marker): the backup was cut short`);
}

/** Whether any table of the public schema holds a row. */
export async function databaseHasRows(client: pg.ClientBase): Promise<boolean> {
  for (const table of await tablesInDependencyOrder(client)) {
    const { rowCount } = await client.query(`select 1 from public.${quote(table)} limit 1`);
    if (rowCount) return true;
  }
  return false;
}

/** Applies the committed migrations up to (and including) the one created at `when`. */
async function migrateUpTo(db: Db, when: number) {
  const all = journal();
  const entries = all.entries.filter((entry) => entry.when <= when);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-migrations-"));
  try {
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...all, entries }));
    for (const { tag } of entries)
      fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Restores `file` into the database at `databaseUrl`. Refuses a database with rows unless
 * `force` (then its schemas are dropped first, and image files left in `uploadsDir` by an
 * earlier version are deleted) and a backup made by newer code. The upload lines of older
 * backups become rows of uploaded_images (ADR 020). */
export async function restoreBackup(
  databaseUrl: string,
  db: Db,
  uploadsDir: string,
  file: string,
  options: { force: boolean },
) {
  const reader = readBackup(file);
  const first = await reader.next();
  const header = first.value as Header;
  if (!journal().entries.some((entry) => entry.when === header.migration))
    throw new BackupError(
      `${file} was made by a newer version of Lernhaus (database migration ${header.migration} is unknown here); update the code first`,
    );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows = 0;
  let uploadLines = 0;
  let uploads = 0;
  try {
    if ((await databaseHasRows(client)) && !options.force)
      throw new BackupError("the database is not empty; restore with --force to replace everything in it");
    await client.query(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
    await migrateUpTo(db, header.migration);
    if (options.force) fs.rmSync(uploadsDir, { recursive: true, force: true });

    await client.query("begin");
    // Replica mode skips triggers (the audit log is restored as it was, not written again)
    // and foreign-key checks (rows arrive table by table).
    await client.query("set local session_replication_role = replica");
    let insert: ((values: (string | null)[][]) => Promise<void>) | undefined;
    let pending: (string | null)[][] = [];
    let pendingChars = 0;
    const flush = async () => {
      if (insert && pending.length) await insert(pending);
      pending = [];
      pendingChars = 0;
    };
    for (;;) {
      const { value: line, done } = await reader.next();
      if (done) break;
      if ("table" in line) {
        await flush();
        const known = new Map((await columnsOf(client, line.table)).map((c) => [c.name, c.type]));
        const missing = line.columns.filter((name) => !known.has(name));
        if (missing.length)
          throw new BackupError(`table ${line.table}: unknown columns ${missing.join(", ")}`);
        const names = line.columns.map(quote).join(", ");
        const target = `public.${quote(line.table)}`;
        insert = async (values) => {
          const params = values.flat();
          const tuples = values.map(
            (_, r) =>
              `(${line.columns.map((name, c) => `$${r * line.columns.length + c + 1}::${known.get(name)}`).join(", ")})`,
          );
          await client.query(
            `insert into ${target} (${names}) overriding system value values ${tuples.join(", ")}`,
            params,
          );
        };
      } else if ("row" in line) {
        pending.push(line.row);
        rows++;
        for (const value of line.row) pendingChars += value?.length ?? 0;
        if (pending.length * line.row.length >= FLUSH_PARAMS || pendingChars >= FLUSH_CHARS) await flush();
      } else if ("upload" in line) {
        await flush();
        // Held in a temporary table of this session until the schema has uploaded_images (an
        // older backup restores at a version without it). Other files of the old folder (a
        // `.part` left by a crash) are not images anyone links to.
        if (uploadLines++ === 0)
          await client.query(
            "create temporary table restored_uploads (name text primary key, data bytea not null)",
          );
        if (isUploadFileName(line.upload)) {
          await client.query(
            "insert into restored_uploads (name, data) values ($1, $2) on conflict do nothing",
            [line.upload, Buffer.from(line.data, "base64")],
          );
          uploads++;
        }
      } else if ("end" in line) {
        await flush();
        if (line.rows !== rows || line.uploads !== uploadLines)
          throw new BackupError(`${file} is damaged: the end marker counts other rows or uploads`);
      }
    }
    await resetSequences(client);
    await client.query("commit");
    // Then forward to this code's schema, as a start of the app would, bodies included.
    await migrate(db, { migrationsFolder });
    await convertStoredBodies(client);
    if (uploadLines) {
      await client.query(
        `insert into uploaded_images (name, content_type, byte_size, sha256, data)
         select name, 'image/webp', octet_length(data), encode(sha256(data), 'hex'), data from restored_uploads
         on conflict do nothing`,
      );
      await client.query("drop table restored_uploads");
    }
    const { rows: counted } = await client.query<{ images: number }>(
      "select count(*)::int as images from uploaded_images",
    );
    return { rows, uploads, images: counted[0]?.images ?? 0 };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Serial and identity columns continue after the restored rows. */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `select c.relname as table, a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as sequence
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  );
  for (const { table, column, sequence } of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quote(column)}) from public.${quote(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}
