// ADR 040: the operator's metrics on the built production server — no endpoint without
// METRICS_TOKEN; with it, GET /metrics refuses a scraper without the token and shows one with it
// counts that move as visitors use the site, in series whose number does not grow with the
// addresses visitors make up.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { cleanUpServers, httpGet, type ServerProcess, startServer } from "./server-process";

afterAll(async () => {
  await cleanUpServers();
});

const TOKEN = randomBytes(24).toString("base64url"); // 32 characters
const AUTHORIZED = { Authorization: `Bearer ${TOKEN}` };

/** A scrape, as Prometheus reads it: each sample's name with its labels → value. */
async function scrape(server: ServerProcess): Promise<Map<string, number>> {
  const answer = await httpGet(`${server.baseUrl}/metrics`, { headers: AUTHORIZED });
  expect(answer.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of answer.text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** Scrapes until `done` holds of a scrape (a request's count is written when its answer has been
 * handed to the network, a moment after the client may have read it); how many it took. */
async function scrapeUntil(server: ServerProcess, done: (samples: Map<string, number>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (let scrapes = 1; ; scrapes++) {
    const samples = await scrape(server);
    if (done(samples) || Date.now() > deadline) return { samples, scrapes };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const requests = (route: string, method: string, status: number) =>
  `lernhaus_http_request_duration_seconds_count{route="${route}",method="${method}",status="${status}"}`;

/** The change of every sample between two scrapes (absent before: 0). */
function moved(before: Map<string, number>, after: Map<string, number>, sample: string) {
  return (after.get(sample) ?? 0) - (before.get(sample) ?? 0);
}

async function inParallel<T>(count: number, width: number, task: (index: number) => Promise<T>) {
  let next = 0;
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe("without METRICS_TOKEN", () => {
  it("there is no /metrics: an unknown page, token or not, and never from the page cache", async () => {
    const server = await startServer();
    for (const headers of [{}, AUTHORIZED, {}]) {
      const answer = await httpGet(`${server.baseUrl}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.text).not.toContain("lernhaus_http_request");
    }
  });
});

describe("with METRICS_TOKEN", () => {
  it("refuses a scraper without the token, and shows one with it counts that move under load", {
    timeout: 300_000,
  }, async () => {
    // TRUST_PROXY: each visitor below has an address of its own (no limit of one IP applies).
    const server = await startServer({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "1" } });
    const url = `${server.baseUrl}/metrics`;

    const wrongHeaders: Record<string, string>[] = [
      {},
      // One character off (the random token may itself end in "x").
      { Authorization: `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith("x") ? "y" : "x"}` },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { Authorization: TOKEN },
    ];
    for (const headers of wrongHeaders) {
      const refused = await httpGet(url, { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers["www-authenticate"]).toMatch(/^Bearer /);
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(refused.text).not.toContain("lernhaus_");
    }

    const first = await httpGet(url, { headers: AUTHORIZED });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["x-page-cache"]).toBeUndefined();
    expect(first.text).toMatch(/^# TYPE lernhaus_http_request_duration_seconds histogram$/m);

    // The home page into the page cache (a miss), so that the load below is answered from it.
    expect((await httpGet(`${server.baseUrl}/`)).headers["x-page-cache"]).toBe("miss");
    const before = await scrape(server);
    expect(before.get('lernhaus_page_cache_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    // An open live-update stream, counted while it is open.
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${server.baseUrl}/api/events`, { agent: false }, resolve).on("error", reject);
    });
    expect(stream.statusCode).toBe(200);

    // The load: the home page from the page cache, side by side with scrapes; an unknown page;
    // a sign-in with a wrong password; an enrolment that queues its mails.
    const during: Map<string, number>[] = [];
    await Promise.all([
      inParallel(200, 8, () => httpGet(`${server.baseUrl}/`)),
      inParallel(5, 1, async () => during.push(await scrape(server))),
    ]);
    expect(during.length).toBe(5);
    const unknown = await httpGet(`${server.baseUrl}/no/such/page`);
    expect(unknown.status).toBe(404);
    const signIn = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseUrl,
        "X-Forwarded-For": "10.28.5.1",
      },
      body: new URLSearchParams({ email: "nobody@example.com", password: "not-the-password" }).toString(),
    });
    expect(signIn.status).toBe(400);
    await signIn.text();
    const enrolment = await fetch(`${server.baseUrl}/api/email/enrollment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.28.5.2" },
      body: JSON.stringify({
        fullName: "Trần Văn Minh",
        phone: "0912345678",
        email: "minh@example.com",
        course: CONSULTATION_COURSE,
        schedule: "evening",
      }),
    });
    expect(enrolment.status).toBe(200);
    await enrolment.text();

    const { samples: after, scrapes } = await scrapeUntil(
      server,
      (samples) => moved(before, samples, requests("/api/email/enrollment", "POST", 200)) === 1,
    );
    stream.destroy();
    expect(moved(before, after, requests("/", "GET", 200))).toBeGreaterThanOrEqual(200);
    expect(moved(before, after, 'lernhaus_page_cache_total{result="hit"}')).toBeGreaterThanOrEqual(200);
    expect(moved(before, after, requests("/*", "GET", 404))).toBe(1);
    expect(moved(before, after, requests("/login", "POST", 400))).toBe(1);
    expect(moved(before, after, requests("/api/email/enrollment", "POST", 200))).toBe(1);
    // The scrape before, the five during the load, all but the last of the ones after.
    expect(moved(before, after, requests("/metrics", "GET", 200))).toBe(1 + 5 + scrapes - 1);
    expect(moved(before, after, 'lernhaus_sign_in_refusals_total{reason="bad_credentials"}')).toBe(1);
    // The durations are a histogram: every request is in the +Inf bucket, and the sum grew.
    const homeBuckets =
      'lernhaus_http_request_duration_seconds_bucket{le="+Inf",route="/",method="GET",status="200"}';
    expect(after.get(homeBuckets)).toBe(after.get(requests("/", "GET", 200)));
    expect(
      moved(before, after, 'lernhaus_http_request_duration_seconds_sum{route="/",method="GET",status="200"}'),
    ).toBeGreaterThan(0);
    // What is read when Prometheus asks: the live stream, the pool, the outbox, the process.
    expect(after.get("lernhaus_live_streams")).toBe(1);
    expect(after.get('lernhaus_db_pool_connections{state="max"}')).toBe(10);
    expect(after.get("lernhaus_db_pool_waiting")).toBeGreaterThanOrEqual(0);
    expect(moved(before, after, "lernhaus_db_pool_wait_seconds_count")).toBeGreaterThan(0);
    for (const outbox of [
      "lernhaus_mail_outbox_queued",
      "lernhaus_mail_outbox_failed",
      "lernhaus_mail_outbox_oldest_due_seconds",
    ]) {
      expect(after.get(outbox), outbox).toBeGreaterThanOrEqual(0);
    }
    expect(after.get("nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(after.get("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

    // A thousand made-up addresses are one series, not a thousand.
    const made = Array.from(
      { length: 1000 },
      () => `/${randomBytes(6).toString("hex")}/${randomBytes(3).toString("hex")}`,
    );
    const answers = await inParallel(made.length, 16, (index) => httpGet(`${server.baseUrl}${made[index]}`));
    expect(answers.every((answer) => answer.status === 404)).toBe(true);
    const { samples: last } = await scrapeUntil(
      server,
      (samples) => moved(after, samples, requests("/*", "GET", 404)) >= made.length,
    );
    expect(moved(after, last, requests("/*", "GET", 404))).toBe(made.length);
    // The same request series as before, besides the live stream's, which ended meanwhile.
    const requestSeries = (samples: Map<string, number>) =>
      [...samples.keys()].filter(
        (name) => name.startsWith("lernhaus_http_request") && !name.includes('route="/api/events"'),
      );
    expect(requestSeries(last)).toEqual(requestSeries(after));
    const text = [...last.keys()].join("\n");
    for (const path of made.slice(0, 50)) expect(text).not.toContain(path.split("/")[1]);
  });
});
