// The advertising campaign's spike (issue 28, item 3): CAMPAIGN_CONNECTIONS visitors browsing
// the public pages an advertisement leads to — `/enroll` and `/contact` among them, in the three
// languages and with a class chosen — while ENROLMENTS_PER_SECOND enrolments arrive through the
// page's JSON API (each into a class, which changes the seats every class page shows), for the
// run's duration. On a server of its own (a fresh DATA_DIR, demo content) that believes the
// X-Forwarded-For it is sent (TRUST_PROXY), so that each enrolment comes from its own address as
// it would from people's phones, and the per-IP limit (ADR 013) is not what is measured.
//
// Then it checks what an operator would: every acknowledged enrolment is stored, once, and its
// two mails (the learner's confirmation, the school's notice) are written, waiting up to
// MAIL_WAIT_SECONDS for the outbox to drain.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { readRecordedServer } from "../../server/embedded-postgres";
import {
  autocannon,
  BenchError,
  type Cleanup,
  delay,
  formatMs,
  formatRate,
  formatTable,
  makeDataDir,
  startServer,
  verdict,
} from "./lib";

export const CAMPAIGN_CONNECTIONS = 200;
export const ENROLMENTS_PER_SECOND = 5;
/** The targets: no timeouts and no errors, pages' p99 and enrolments' p99 at most these. */
export const CAMPAIGN_PAGE_P99_MS = 200;
export const CAMPAIGN_ENROLMENT_P99_MS = 500;
/** What a visitor's browser waits before it gives up on an answer. */
const TIMEOUT_SECONDS = 10;
const MAIL_WAIT_SECONDS = 180;
const MAILS_PER_ENROLMENT = 2;
const EMAIL_DOMAIN = "campaign.bench.lernhaus.test";
/** What a browser sends. */
const HEADERS = { "Accept-Encoding": "gzip, br" };

export interface CampaignFigures {
  seconds: number;
  connections: number;
  pages: string[];
  page: {
    requests: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    timeouts: number;
    errors: number;
    non2xx: number;
  };
  enrolment: {
    sent: number;
    acknowledged: number;
    failed: number;
    /** The statuses of the refused ones (or the network error's code), by count. */
    refusals: Record<string, number>;
    timeouts: number;
    p50Ms: number;
    p99Ms: number;
  };
  stored: number;
  mailsExpected: number;
  mailsWritten: number;
  ok: boolean;
}

export async function measureCampaign(duration: number, cleanup: Cleanup): Promise<CampaignFigures> {
  const dataDir = makeDataDir();
  cleanup.add("remove the campaign's DATA_DIR", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ dataDir, env: { TRUST_PROXY: "true" } });
  cleanup.add("stop the campaign's server", () => server.stop());
  const recorded = readRecordedServer(dataDir);
  if (!recorded) throw new BenchError(`no embedded database recorded in ${dataDir}`);
  const database = connectDatabase(recorded.url, { max: 2 });
  cleanup.add("close the campaign's database pool", () => database.close());

  // Classes taking enrolments (open or full, not started, of an active course; the app's own
  // list needs the app's bundler to load): the enrolments pick them in turn. One the app refuses
  // would show as refused enrolments.
  const { rows: classes } = await database.pool.query<{ id: string; courseId: string }>(
    `select c.id, c.course_id as "courseId" from course_classes c join courses k on k.id = c.course_id
      where c.status in ('open', 'full') and c.starts_on > (now() at time zone 'Asia/Ho_Chi_Minh')::date
        and k.active order by c.starts_on`,
  );
  if (classes.length === 0) throw new BenchError("the demo content has no class taking enrolments");
  const pages = [
    "/",
    "/courses",
    "/schedule",
    "/about",
    "/blog",
    "/enroll",
    "/contact",
    `/enroll?class=${classes[0]!.id}`,
    "/en/enroll",
    "/de/enroll",
    "/en/contact",
    "/de/contact",
  ];
  const mailDir = path.join(dataDir, "mail");
  const mailsBefore = countFiles(mailDir);

  // The page's form ticket (ADR 042), as a visitor's browser holds it: older than the minimum
  // fill time by the time the first enrolment is sent.
  const ticket = await formTicketOf(`${server.url}/enroll`);
  await delay(3_500);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  cleanup.add("close the enrolments' connections", () => agent.destroy());
  const latencies: number[] = [];
  let sent = 0;
  let acknowledged = 0;
  let failed = 0;
  let timeouts = 0;
  const refusals: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  const enrol = async (n: number) => {
    const klass = classes[n % classes.length]!;
    const body = JSON.stringify({
      fullName: `Học viên chiến dịch ${n}`,
      phone: `+84 97 ${String(n).padStart(7, "0")}`,
      email: `campaign-${n}@${EMAIL_DOMAIN}`,
      course: klass.courseId,
      classId: klass.id,
    });
    const started = performance.now();
    const answer = await post(`${server.url}/api/email/enrollment`, body, {
      agent,
      headers: {
        "Content-Type": "application/json",
        Origin: server.url,
        Cookie: ticket,
        // Each enrolment from its own address (10.8.x.y), as from people's phones.
        "X-Forwarded-For": `10.8.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      },
    });
    latencies.push(performance.now() - started);
    if (answer === "timeout") timeouts++;
    else if (answer === 200) acknowledged++;
    else {
      failed++;
      refusals[answer] = (refusals[answer] ?? 0) + 1;
    }
  };

  const visitors = autocannon({
    url: server.url,
    connections: CAMPAIGN_CONNECTIONS,
    duration,
    timeout: TIMEOUT_SECONDS,
    headers: HEADERS,
    // Each connection goes through the pages in turn, starting where the one before it did not.
    requests: pages.map((page) => ({ method: "GET", path: page })),
  });
  cleanup.add("stop the visitors", () => visitors.stop());
  const spacingMs = 1000 / ENROLMENTS_PER_SECOND;
  const startedAt = performance.now();
  while (performance.now() - startedAt < duration * 1000) {
    const n = ++sent;
    inFlight.push(enrol(n));
    await delay(startedAt + n * spacingMs - performance.now());
  }
  const load = await visitors;
  await Promise.all(inFlight);

  const { rows } = await database.pool.query<{ stored: number }>(
    "select count(*)::int as stored from enrollments where email like $1",
    [`campaign-%@${EMAIL_DOMAIN}`],
  );
  const stored = rows[0]?.stored ?? 0;
  const mailsExpected = acknowledged * MAILS_PER_ENROLMENT;
  const waitUntil = Date.now() + MAIL_WAIT_SECONDS * 1000;
  let mailsWritten = countFiles(mailDir) - mailsBefore;
  while (mailsWritten < mailsExpected && Date.now() < waitUntil) {
    await delay(1_000);
    mailsWritten = countFiles(mailDir) - mailsBefore;
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const percentile = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const figures: CampaignFigures = {
    seconds: duration,
    connections: CAMPAIGN_CONNECTIONS,
    pages,
    page: {
      requests: load.requests.total,
      requestsPerSecond: load.requests.average,
      p50Ms: load.latency.p50,
      p99Ms: load.latency.p99,
      timeouts: load.timeouts,
      errors: load.errors,
      non2xx: load.non2xx,
    },
    enrolment: {
      sent,
      acknowledged,
      failed,
      refusals,
      timeouts,
      p50Ms: percentile(50),
      p99Ms: percentile(99),
    },
    stored,
    mailsExpected,
    mailsWritten,
    ok: false,
  };
  figures.ok =
    figures.page.timeouts === 0 &&
    figures.page.errors === 0 &&
    figures.page.non2xx === 0 &&
    figures.page.p99Ms <= CAMPAIGN_PAGE_P99_MS &&
    failed === 0 &&
    timeouts === 0 &&
    figures.enrolment.p99Ms <= CAMPAIGN_ENROLMENT_P99_MS &&
    stored === acknowledged &&
    mailsWritten === mailsExpected;
  return figures;
}

export function campaignReport(f: CampaignFigures): string {
  return formatTable(
    `Advertising campaign: ${f.connections} visitors over ${f.pages.length} public pages + ${ENROLMENTS_PER_SECOND} enrolments/s, ${f.seconds} s (${verdict(f.ok)})`,
    [
      ["pages", f.pages.join(" ")],
      [
        "page requests",
        `${f.page.requests} (${formatRate(f.page.requestsPerSecond)}), p50 ${formatMs(f.page.p50Ms)}, p99 ${formatMs(f.page.p99Ms)} (target ≤ ${CAMPAIGN_PAGE_P99_MS} ms)`,
      ],
      [
        "page timeouts / errors / non-2xx",
        `${f.page.timeouts} / ${f.page.errors} / ${f.page.non2xx} (target 0)`,
      ],
      [
        "enrolments",
        `${f.enrolment.acknowledged} of ${f.enrolment.sent} acknowledged, ${f.enrolment.failed} refused${
          f.enrolment.failed
            ? ` (${Object.entries(f.enrolment.refusals)
                .map(([status, count]) => `${/^\d+$/.test(status) ? `HTTP ${status}` : status} × ${count}`)
                .join(", ")})`
            : ""
        }, ${f.enrolment.timeouts} timeouts; p50 ${formatMs(f.enrolment.p50Ms)}, p99 ${formatMs(f.enrolment.p99Ms)} (target ≤ ${CAMPAIGN_ENROLMENT_P99_MS} ms)`,
      ],
      ["stored", `${f.stored} of ${f.enrolment.acknowledged} acknowledged`],
      ["mails written", `${f.mailsWritten} of ${f.mailsExpected}`],
    ],
  );
}

/** The `name=value` of the form ticket a page gives. */
async function formTicketOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: HEADERS });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("form_ticket="));
  if (!cookie) throw new BenchError(`${url} gave no form ticket`);
  return cookie.split(";")[0]!;
}

/** One POST; its status, "timeout" after TIMEOUT_SECONDS (a visitor's browser gives up), or the
 * network error's code. A kept-alive connection the server closed as the request left (its idle
 * timeout) is tried once more on a new one, as browsers do: nothing of it reached the app. */
async function post(
  url: string,
  body: string,
  options: { agent: http.Agent; headers: Record<string, string> },
): Promise<number | "timeout" | string> {
  const answer = await postOnce(url, body, options);
  return answer === STALE_CONNECTION ? postOnce(url, body, options) : answer;
}

const STALE_CONNECTION = "stale kept-alive connection";

function postOnce(
  url: string,
  body: string,
  options: { agent: http.Agent; headers: Record<string, string> },
): Promise<number | "timeout" | string> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent: options.agent,
      headers: { ...options.headers, "Content-Length": Buffer.byteLength(body) },
      timeout: TIMEOUT_SECONDS * 1000,
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => {
      request.destroy();
      resolve("timeout");
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered && request.reusedSocket && error.code === "ECONNRESET") resolve(STALE_CONNECTION);
      else resolve(error.code ?? "network error");
    });
    request.end(body);
  });
}

function countFiles(folder: string): number {
  try {
    return fs.readdirSync(folder, { recursive: true }).filter((name) => String(name).endsWith(".eml")).length;
  } catch {
    return 0;
  }
}
