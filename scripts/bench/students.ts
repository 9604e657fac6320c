// The students list with 50,000 enrolments: how long the database takes to
// answer a page of /admin/students — the default page and a filtered one deep in the list —
// through the very model function the page uses (count + page query), against a primary-key
// lookup measured in the same run as the baseline. Figures only, never a pass/fail assertion.
//
// The rows go into a database of their own, created next to the bench server's (same embedded
// PostgreSQL in the throw-away DATA_DIR) and migrated with the committed migrations, so the
// server's demo content is untouched and the migration with the list's indexes is exercised.
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectDatabase, type Database } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import {
  getEnrollmentForAdmin,
  listEnrollmentsForAdmin,
  studentListQueries,
} from "~/models/enrollment-admin.server";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { readRecordedServer } from "../../server/embedded-postgres";
import { BenchError, type Cleanup, formatMs, formatTable } from "./lib";

export const STUDENT_ROWS = 50_000;
const DATABASE = "lernhaus_bench_students";

/** What is timed; `search` is the /admin/students URL's query string. */
const SCENARIOS = [
  { name: "default page (newest first, page 1)", search: "" },
  { name: "filtered: status+course+search, page 50", search: "status=new&course=b1&q=nguyen&page=50" },
  {
    name: "filtered: course+date range, by name, page 20",
    search: "course=a2&from=2025-01-01&to=2025-12-31&sort=name&page=20",
  },
] as const;

export interface Timing {
  name: string;
  search: string;
  matched: number;
  page: number;
  p50Ms: number;
  p95Ms: number;
  /** p50 over the baseline's p50. */
  ratio: number;
  /** Indexes the page query's plan uses (EXPLAIN), or "seq scan". */
  plan: string;
}

export interface StudentFigures {
  rows: number;
  runs: number;
  seedSeconds: number;
  baseline: { p50Ms: number; p95Ms: number };
  scenarios: Timing[];
}

/** Seeds and measures; `dataDir` is the running bench server's. */
export async function measureStudents(dataDir: string, cleanup: Cleanup, runs = 30): Promise<StudentFigures> {
  const recorded = readRecordedServer(dataDir);
  if (!recorded) throw new BenchError(`no embedded database recorded in ${dataDir}`);
  const adminUrl = new URL(recorded.url);
  adminUrl.pathname = "/postgres";
  await adminQuery(adminUrl.href, `drop database if exists ${DATABASE} with (force)`);
  await adminQuery(adminUrl.href, `create database ${DATABASE} encoding 'UTF8' template template0`);
  const url = new URL(recorded.url);
  url.pathname = `/${DATABASE}`;
  const database = connectDatabase(url.href, { max: 2 });
  cleanup.add("drop the students benchmark database", async () => {
    await database.close();
    await adminQuery(adminUrl.href, `drop database if exists ${DATABASE} with (force)`);
  });
  await migrateDatabase(database.db);

  const started = performance.now();
  await seed(database);
  const seedSeconds = (performance.now() - started) / 1000;

  const [sample] = (
    await database.db.execute<{ id: string }>(sql`select id from enrollments order by random() limit 1`)
  ).rows;
  const baselineTimes = await time(runs, () => getEnrollmentForAdmin(database.db, sample!.id));
  const baseline = { p50Ms: percentile(baselineTimes, 50), p95Ms: percentile(baselineTimes, 95) };

  const scenarios: Timing[] = [];
  for (const scenario of SCENARIOS) {
    const query = readStudentListQuery(scenario.search);
    const first = await listEnrollmentsForAdmin(database.db, query);
    const times = await time(runs, () => listEnrollmentsForAdmin(database.db, query));
    const p50Ms = percentile(times, 50);
    scenarios.push({
      name: scenario.name,
      search: scenario.search,
      matched: first.total,
      page: first.page,
      p50Ms,
      p95Ms: percentile(times, 95),
      ratio: p50Ms / baseline.p50Ms,
      plan: await indexesUsed(
        database,
        studentListQueries(database.db, { ...query, page: first.page }).page.toSQL(),
      ),
    });
  }
  return { rows: STUDENT_ROWS, runs, seedSeconds, baseline, scenarios };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** 50,000 plausible enrolments over two years, in one INSERT … SELECT: Vietnamese names from
 * common family, middle and given names; statuses and courses in realistic shares. */
async function seed(database: Database) {
  await database.db.execute(sql`
    insert into enrollments
      (full_name, phone, email, course, schedule, experience, goals, hear_about, status,
       is_processed, payment_status, user_agent, created_at, updated_at)
    select
      family || ' ' || middle || ' ' || given,
      '+84 9' || lpad((n * 7919 % 100000000)::text, 8, '0'),
      'hv' || n || '@example.com',
      (array['a1','a1','a2','a2','b1','b1','b2','consultation'])[1 + n % 8],
      (array['morning','afternoon','evening','weekend','flexible'])[1 + n % 5],
      (array['beginner','basic','intermediate','advanced', null])[1 + n % 5],
      case when n % 3 = 0 then 'Thi B1 để đi du học nghề' end,
      (array['facebook','google','friend','website','other', null])[1 + n % 6],
      status,
      status <> 'new',
      case when status = 'enrolled' then 'paid' else 'pending' end,
      'Mozilla/5.0 (bench)',
      at, at
    from (
      select n,
        (array['Nguyễn','Nguyễn','Trần','Lê','Phạm','Hoàng','Vũ','Đặng'])[1 + (n / 8) % 8] as family,
        (array['Văn','Thị','Minh','Thu','Đức','Ngọc'])[1 + (n / 3) % 6] as middle,
        (array['Anh','Bình','Châu','Dũng','Hà','Hạnh','Khoa','Lan','Mai','Nam','Phúc','Quân','Trang','Vy'])[1 + (n / 5) % 14] as given,
        (array['new','new','new','contacted','contacted','trial','enrolled','enrolled','cancelled','new'])[1 + (n / 64) % 10] as status,
        timestamptz '2025-01-01 00:00+07' + (n * interval '21 minutes') as at
      from generate_series(1, ${STUDENT_ROWS}) as n
    ) as rows
  `);
  await database.db.execute(sql`analyze enrollments`);
}

async function time(runs: number, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run(); // warm the connection, the plan cache and the buffers
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function indexesUsed(database: Database, query: { sql: string; params: unknown[] }) {
  const { rows } = await database.pool.query<{ "QUERY PLAN": string }>(`explain ${query.sql}`, query.params);
  const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
  const indexes = [
    ...new Set(
      [...plan.matchAll(/(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/g)].map(
        (match) => match[1]!,
      ),
    ),
  ];
  return indexes.length ? indexes.join(", ") : /Seq Scan/.test(plan) ? "seq scan" : "?";
}

export function studentsReport(f: StudentFigures): string {
  return formatTable(
    `Students list, ${f.rows.toLocaleString("en")} enrolments (seeded in ${f.seedSeconds.toFixed(1)} s; ${f.runs} runs each; query time incl. count)`,
    [
      [
        "primary-key lookup (baseline)",
        `p50 ${formatMs(f.baseline.p50Ms)}  p95 ${formatMs(f.baseline.p95Ms)}`,
      ],
      ...f.scenarios.flatMap((s): [string, string][] => [
        [
          s.name,
          `p50 ${formatMs(s.p50Ms)}  p95 ${formatMs(s.p95Ms)}  = ${s.ratio.toFixed(1)}× baseline  (${s.matched} rows match, page ${s.page})`,
        ],
        ["  plan uses", s.plan],
      ]),
    ],
  );
}
