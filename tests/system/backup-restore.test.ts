// ADR 015: `npm run cli -- backup` under write load, `restore` into a fresh DATA_DIR,
// and every row of every table compared.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { readBackup } from "~/db/backup.server";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { lockDataDir } from "../../server/data-dir";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import {
  CLI_ENTRY,
  cleanUpServers,
  connectToServerDatabase,
  makeDataDir,
  REPO_ROOT,
  type ServerProcess,
  sleep,
  startServer,
} from "./server-process";

const run = promisify(execFile);

afterAll(async () => {
  await cleanUpServers();
});

/** The built CLI (`npm run cli -- …`) on `dataDir`, with none of the test runner's app variables. */
async function cli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_ENTRY, ...args], {
      cwd: REPO_ROOT,
      env,
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function postJson(server: ServerProcess, url: string, body: unknown, ip: string) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; error?: string } };
}

function contactMessage(n: number) {
  const tag = `${randomBytes(4).toString("hex")}${n}`;
  return {
    name: "Nguyễn Thị Lan",
    email: `lan-${tag}@example.com`,
    phone: `09${String(10_000_000 + n).slice(-8)}`,
    subject: "pricing",
    message: `Cho em hỏi "học phí" khóa B1\n(${tag})`,
    contactMethod: "email",
  };
}

/** Rows the API and the CLI cannot create on their own (sessions, 2FA, notes, …), written the
 * way the app would, with awkward values: arrays, JSON, NULLs, quotes, newlines, bigints. */
async function fillRemainingTables(client: pg.Client, enrollmentId: string, messageId: string) {
  const { rows } = await client.query<{ id: string }>("select id from \"user\" where role = 'admin' limit 1");
  const userId = rows[0]?.id;
  await client.query("begin");
  // An admin's edit: the audit trigger writes audit_log (ADR 014).
  await client.query(
    `set local lernhaus.actor = '{"id":"${userId}","email":"admin@example.com","ip":"10.0.0.1"}'`,
  );
  await client.query("insert into school_settings (id, require_admin_two_factor) values (1, true)");
  await client.query("commit");
  await client.query(
    `insert into session (id, expires_at, token, user_id, ip_address) values ('s1', now() + interval '1 day', 't1', $1, null)`,
    [userId],
  );
  await client.query(
    `insert into verification (id, identifier, value, expires_at) values ('v1', 'reset:x', e'a\\tb ''q''', now())`,
  );
  await client.query(
    `insert into two_factor (id, secret, backup_codes, user_id) values ('tf1', 'sec', '["a","b"]', $1)`,
    [userId],
  );
  await client.query(
    `insert into rate_limit (id, key, count, last_request) values ('r1', 'k', 3, 9007199254740993)`,
  );
  await client.query(
    `insert into post_views (post_id, visitor, day) select id, 'visitor-1', '2026-01-01' from posts limit 1`,
  );
  await client.query(
    "insert into enrollment_notes (enrollment_id, author_id, author_name, body) values ($1, $2, 'Cô Mai', 'Gọi lại\nthứ Hai')",
    [enrollmentId, userId],
  );
  await client.query(
    "insert into message_replies (message_id, author_id, author_name, body, outbox_id) values ($1, $2, 'Cô Mai', 'Chào em', (select id from email_outbox limit 1))",
    [messageId, userId],
  );
  await client.query(
    "insert into newsletter_subscribers (email, token, confirmed_at) values ('news@example.com', 'tok', null)",
  );
  await client.query(
    `insert into audit_log (entity, action, changed_fields, detail) values ('user', 'update', '{a,"b c"}', '{"k": [1, "ü"]}')`,
  );
  // An uploaded video (ADR 027): its chunks are binary, every byte value included.
  const video = "0123456789abcdef0123456789abcdef.mp4";
  const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
  await client.query(
    "insert into uploaded_videos (name, content_type, byte_size, chunk_bytes, sha256) values ($1, 'video/mp4', 768, 512, 'abc')",
    [video],
  );
  await client.query("insert into uploaded_video_chunks (name, seq, data) values ($1, 0, $2), ($1, 1, $3)", [
    video,
    bytes,
    bytes.subarray(0, 256),
  ]);
  // Payments (ADR 028) and a newsletter campaign (ADR 029), with the outbox's JSON columns.
  await client.query(
    `insert into payment_settings (id, bank_bin, account_number, account_holder, transfer_prefix, first_course_discount, statement_columns)
     values (1, '970436', '0123456789', 'TRUONG DUC NGU', 'HOCPHI', true, '{"date": "Ngày", "amount": "Số tiền", "description": "Mô tả"}')`,
  );
  await client.query(
    `insert into payments (enrollment_id, amount, paid_on, method, statement_line, recorded_by_id)
     values ($1, 3150000, '2026-11-20', 'transfer', e'20/11/2026;"3.150.000";HOCPHI LH7K2Q9X\tx', $2)`,
    [enrollmentId, userId],
  );
  // A bank's notification of that transfer (issue 31), with the provider's body as jsonb.
  await client.query(
    `update payment_settings set bank_feed_provider = 'sepay', bank_feed_auth = 'hmac', bank_feed_secret = 'v1.aaa.bbb.ccc',
       bank_feed_secret_hint = 'x9Qz', bank_feed_refused = 2, bank_feed_refused_at = now() where id = 1`,
  );
  await client.query(
    `with n as (
       insert into bank_notifications (provider, transaction_id, account_number, direction, amount, content,
         transferred_at, paid_on, outcome, enrollment_id, payload)
       values ('sepay', '92704', '0123456789', 'in', 3150000, 'HOCPHI LH7K2Q9X', '2026-11-20 14:02:37+07', '2026-11-20',
         'paid', $1, '{"id": 92704, "content": "HOCPHI LH7K2Q9X", "transferType": "in"}')
       returning id)
     update payments set bank_notification_id = (select id from n) where enrollment_id = $1`,
    [enrollmentId],
  );
  await client.query(
    "insert into newsletter_campaigns (post_id, sent_by_id, recipient_count) select id, $1, 1 from posts limit 1",
    [userId],
  );
  // A post scheduled with its newsletter, and a revision of it (ADR 053).
  await client.query(
    `update posts set publish_at = now() + interval '1 day', newsletter_on_publish = true, scheduled_by_id = $1
     where id = (select id from posts order by created_at limit 1)`,
    [userId],
  );
  await client.query(
    `insert into post_revisions (post_id, title, slug, excerpt, content, category, tags, translations, saved_by_id, saved_by_name)
     select id, title, slug, excerpt, content, category, tags, translations, $1, 'Cô Mai' from posts limit 1`,
    [userId],
  );
  // A course scheduled to open, and a revision of its texts (ADR 057).
  await client.query(
    "update courses set publish_at = now() + interval '1 day' where id = (select id from courses order by created_at limit 1)",
  );
  await client.query(
    `insert into course_revisions (course_id, title, slug, description, duration, lessons, features, translations, saved_by_id, saved_by_name)
     select id, title, slug, description, duration, lessons, features, translations, $1, 'Cô Mai' from courses limit 1`,
    [userId],
  );
  await client.query(
    `insert into email_outbox (kind, "to", subject, text, headers, attachments, campaign_id)
     select 'newsletter', 'news@example.com', 'Bản tin', 'Chào bạn', '{"List-Unsubscribe": "<https://lernhaus.test/u?t=1>"}',
       '[{"filename": "qr.png", "contentType": "image/png", "cid": "qr@lernhaus", "contentBase64": "iVBORw0KGgo="}]', id
     from newsletter_campaigns limit 1`,
  );
  // A placement test answered by a learner who left an email (uuid[] and jsonb columns).
  await client.query(
    `insert into placement_attempts (token_hash, question_ids, language, submitted_at, answers, by_level,
       reached_level, start_level, email, name)
     select repeat('a', 64), array_agg(id order by level, position), 'de', now(),
       jsonb_build_object((array_agg(id))[1]::text, 'bin'), '{"A1": {"right": 1, "asked": 8}}', null, 'A1',
       'test@example.com', 'Lê Ánh'
     from placement_questions`,
  );
  // A trial lesson booked and turned into the enrolment (issue 29): a session of the school's own.
  await client.query(
    `insert into trial_sessions (starts_at, teacher_id, capacity, meeting_url)
     select now() + interval '3 days', id, 4, 'https://meet.example.com/trial' from team_members limit 1`,
  );
  await client.query(
    `insert into trial_bookings (trial_session_id, starts_at, ends_at, full_name, phone, email, level, language,
       source, status, note, enrollment_id, user_id)
     select id, starts_at, starts_at + interval '1 hour', 'Lê Ánh', '0903 111 222', 'test@example.com', 'a2', 'de',
       'placement-test', 'attended', e'Ghi chú\nhai dòng', $1, $2
     from trial_sessions limit 1`,
    [enrollmentId, userId],
  );
  // A class's life (issue 30): a session's note, a late learner, a file, an invitation, a teacher's account.
  await client.query(
    `insert into class_lessons (class_id, day, covered, homework)
     select id, '2026-11-30', 'Lektion 3: Perfekt', e'Bài tập\ntrang 12' from course_classes limit 1`,
  );
  await client.query(
    `insert into class_attendance (class_id, enrollment_id, day, status)
     select id, $1, '2026-11-30', 'late' from course_classes limit 1`,
    [enrollmentId],
  );
  await client.query(
    `insert into class_materials (class_id, title, file_name, content_type, byte_size, data, created_by)
     select id, 'Wortschatz', 'wortschatz.pdf', 'application/pdf', 4, '\\x25504446'::bytea, $1 from course_classes limit 1`,
    [userId],
  );
  await client.query(
    `insert into staff_invitations (email, name, role, language, token_hash, invited_by, expires_at)
     values ('gv@example.com', 'Cô Hạnh', 'teacher', 'de', repeat('b', 64), $1, now() + interval '3 days')`,
    [userId],
  );
  await client.query(
    "update team_members set user_id = $1 where id = (select id from team_members limit 1)",
    [userId],
  );
  // A course renamed (ADR 052): the database keeps its former address in course_slug_history.
  await client.query(
    "update courses set title = title || ' (mới)' where id = (select id from courses order by created_at, id limit 1)",
  );
}

async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where nspname = 'public' and relkind = 'r' order by 1",
  );
  return rows.map((row) => row.name);
}

/** Every row of `table`, each value in PostgreSQL's text form, in the backup's order. */
async function tableRows(client: pg.Client, table: string, columns: string[]) {
  const list = columns.map((name) => `"${name}"::text`).join(", ");
  const order = columns.map((_, i) => i + 1).join(", ");
  const { rows } = await client.query({
    text: `select ${list} from public."${table}" order by ${order}`,
    rowMode: "array",
  });
  return rows as (string | null)[][];
}

// Several servers, CLI runs and database starts in a row: more than the project's 120 s default.
test("a backup made under write load restores into a fresh DATA_DIR with every row of every table", {
  timeout: 240_000,
}, async () => {
  // A DATA_DIR from before images were rows (ADR 020): its uploads folder is moved into the
  // database at start, so the backup carries the image as a row of uploaded_images.
  const dataDir = makeDataDir();
  const imageName = `${randomBytes(16).toString("hex")}-1200.webp`;
  const image = randomBytes(2048);
  fs.mkdirSync(path.join(dataDir, "uploads"));
  fs.writeFileSync(path.join(dataDir, "uploads", imageName), image);
  // With the demo content; X-Forwarded-For gives each visitor its own IP (no rate limit applies).
  const server = await startServer({ dataDir, env: { TRUST_PROXY: "1" } });
  expect(server.stdout).toContain("uploads: moved 1 image files");
  expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
  const created = await cli(
    server.dataDir,
    "user",
    "create",
    "--email",
    "admin@example.com",
    "--password",
    "Vững-chắc-2026-mật-khẩu",
    "--name",
    "Quản trị",
    "--role",
    "admin",
  );
  expect(created.stderr).toBe("");
  const enrollment = await postJson(
    server,
    "/api/email/enrollment",
    {
      fullName: "Trần Văn Minh",
      phone: "0912345678",
      email: "minh@example.com",
      course: CONSULTATION_COURSE,
      schedule: "evening",
    },
    "10.8.0.1",
  );
  expect(enrollment).toMatchObject({ status: 200 });
  const message = await postJson(server, "/api/email/contact", contactMessage(0), "10.8.0.2");
  expect(message).toMatchObject({ status: 200 });
  const client = await connectToServerDatabase(server.dataDir);
  await fillRemainingTables(client, enrollment.body.id as string, message.body.id as string);
  for (const table of await publicTables(client)) {
    const { rowCount } = await client.query(`select 1 from public."${table}" limit 1`);
    expect(rowCount, `table ${table} has a row`).toBe(1);
  }
  await client.end();

  // Write load: visitors keep sending messages while the backup runs.
  const acknowledged: { id: string; at: number }[] = [];
  let stopped = false;
  let sent = 1;
  const visitor = async () => {
    while (!stopped) {
      const n = sent++;
      const answer = await postJson(
        server,
        "/api/email/contact",
        contactMessage(n),
        `10.9.${n >> 8}.${n & 255}`,
      );
      if (answer.status === 200) acknowledged.push({ id: answer.body.id as string, at: Date.now() });
      await sleep(10);
    }
  };
  const load = Promise.all(Array.from({ length: 3 }, visitor));
  // The backup starts once the load has been answered a few times, however slow the machine: a
  // fixed 500 ms was not always enough for the first answer while other CI stages ran beside it.
  const loadDeadline = Date.now() + 30_000;
  while (acknowledged.length < 3 && Date.now() < loadDeadline) await sleep(20);
  expect(acknowledged.length, "messages acknowledged before the backup").toBeGreaterThanOrEqual(3);
  const backupFile = path.join(makeDataDir(), "site.backup.jsonl.gz");
  const backupStarted = Date.now();
  const backup = await cli(server.dataDir, "backup", "--out", backupFile);
  await sleep(300);
  stopped = true;
  await load;
  expect(backup.stderr).toBe("");
  expect(backup.stdout).toMatch(/backup written to .* \(\d+ rows, 1 uploaded images\)/);

  // The backup's own contents: table → columns and rows.
  const dumped = new Map<string, { columns: string[]; rows: (string | null)[][] }>();
  let current: { columns: string[]; rows: (string | null)[][] } | undefined;
  let uploadLines = 0;
  for await (const line of readBackup(backupFile)) {
    if ("table" in line) {
      current = { columns: line.columns, rows: [] };
      dumped.set(line.table, current);
    } else if ("row" in line) current?.rows.push(line.row);
    else if ("upload" in line) uploadLines++;
  }
  // The image is a row (bytea in PostgreSQL's hex text form), no longer a file line.
  expect(uploadLines).toBe(0);
  const images = dumped.get("uploaded_images");
  expect(images?.rows.map((row) => row[images.columns.indexOf("name")])).toEqual([imageName]);
  expect(images?.rows[0]?.[images.columns.indexOf("data")]).toBe(`\\x${image.toString("hex")}`);
  // Every message acknowledged before the backup started is in it (its snapshot is later).
  const messages = dumped.get("contact_messages");
  const dumpedIds = new Set(messages?.rows.map((row) => row[messages.columns.indexOf("id")]));
  const before = acknowledged.filter((entry) => entry.at < backupStarted);
  expect(before.length).toBeGreaterThan(0);
  for (const { id } of before) expect(dumpedIds.has(id), `message ${id}`).toBe(true);
  // … and the load really wrote during the backup: some acknowledged messages came after it.
  expect(acknowledged.some((entry) => !dumpedIds.has(entry.id))).toBe(true);

  // Restore into a fresh DATA_DIR (no server runs there: the CLI starts the database itself).
  const target = makeDataDir();
  const restored = await cli(target, "restore", backupFile);
  expect(restored.stderr).toBe("");
  expect(restored.stdout).toMatch(/^restored /);
  expect(restored.stdout).toContain("1 uploaded images");
  await expectSameRows(target, dumped);
  expect(fs.existsSync(path.join(target, "uploads"))).toBe(false);

  // A server starts on the restored data and serves the image; a second restore is refused while
  // it runs…
  const second = await startServer({ dataDir: target });
  expect((await fetch(`${second.baseUrl}/login`)).status).toBe(200);
  const served = await fetch(`${second.baseUrl}/uploads/${imageName}`);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  const refused = await cli(target, "restore", backupFile);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/not empty; restore with --force/);
  // … and with --force replaces everything.
  await second.stop();
  const forced = await cli(target, "restore", backupFile, "--force");
  expect(forced.stderr).toBe("");
  await expectSameRows(target, dumped);

  // A backup made by newer code (a migration this code does not know) is refused.
  const newer = path.join(path.dirname(backupFile), "newer.backup.jsonl.gz");
  const header = { format: "lernhaus-backup", version: 1, createdAt: "", migration: 9e12, tables: [] };
  fs.writeFileSync(
    newer,
    gzipSync(`${JSON.stringify(header)}\n${JSON.stringify({ end: true, rows: 0, uploads: 0 })}\n`),
  );
  const tooNew = await cli(makeDataDir(), "restore", newer);
  expect(tooNew.code).toBe(1);
  expect(tooNew.stderr).toMatch(/made by a newer version of Lernhaus/);
});

/** Compares the database in `dataDir` (no server running: the database is started here, before
 * any app process can change a row, e.g. the mail worker sending the restored outbox) with the
 * backup's contents. */
async function expectSameRows(
  dataDir: string,
  dumped: Map<string, { columns: string[]; rows: (string | null)[][] }>,
) {
  const release = lockDataDir(dataDir);
  const embedded = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    expect(await publicTables(client)).toEqual([...dumped.keys()].sort());
    for (const [table, { columns, rows }] of dumped) {
      expect(await tableRows(client, table, columns), `table ${table}`).toEqual(rows);
    }
  } finally {
    await client.end();
    await embedded.stop();
    release();
  }
}
