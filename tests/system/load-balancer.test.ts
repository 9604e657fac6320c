// Several instances on one PostgreSQL, behind a real load balancer (ADR 022). Two built
// instances (A and B) with the same AUTH_SECRET, each with a DATA_DIR of its own, behind Debian's
// nginx running the shipped site (deploy/nginx/lernhaus.conf) with both in its upstream: nginx's
// round robin alternates between them. nginx adds X-Upstream to each answer (a test-only header)
// so that every check knows which instance answered.
//
// The database: LB_TEST_DATABASE_URL when the runner gives one (an administrator's URL, as CI's
// for Debian's server; a fresh database is created in it and dropped afterwards), else an
// embedded PostgreSQL started by this test process: a third process, as an operator's separate
// database server would be.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "~/auth/attempt-limits.server";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../server/embedded-postgres";
import { withDatabase } from "../support/postgres-global-setup";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import {
  authSecret,
  httpsRequest,
  NginxProxy,
  type ProxyAnswer,
  requireNginxAndOpenssl,
} from "./nginx-proxy";
import {
  CLI_ENTRY,
  cleanUpServers,
  freePort,
  makeDataDir,
  READY_LINE,
  REPO_ROOT,
  requireBuild,
  type ServerProcess,
  sleep,
  spawnServer,
} from "./server-process";

const run = promisify(execFile);

type Name = "A" | "B";

interface Instance {
  name: Name;
  port: number;
  dataDir: string;
  server: ServerProcess;
}

const ADMIN = { email: "lb-admin@lernhaus.test", password: "Cân-bằng-tải-2026!" };
const SCHOOL_INBOX = "school@lernhaus.test";

let databaseUrl: string;
/** Set when a database was created in the runner's server: dropped at the end. */
let dropDatabase: (() => Promise<void>) | undefined;
let embedded: EmbeddedDatabase | undefined;
let databaseDir: string | undefined;
let db: pg.Client;
let sink: SmtpSink;
let proxy: NginxProxy;
let appUrl: string;
let environment: Record<string, string>;
const instances = new Map<Name, Instance>();
/** How the two instances started together on the empty database fared. */
const firstBoot = new Map<Name, { ok: boolean; output: string }>();

beforeAll(async () => {
  requireBuild();
  requireNginxAndOpenssl();
  const taken = new Set<number>();
  while (taken.size < 4) taken.add(await freePort());
  const [httpPort, httpsPort, portA, portB] = [...taken] as [number, number, number, number];

  databaseUrl = await freshDatabase();
  db = new pg.Client({ connectionString: databaseUrl });
  db.on("error", () => {}); // the database stopping at the end; a failing query fails its check
  await db.connect();
  sink = await startSmtpSink();
  appUrl = `https://127.0.0.1:${httpsPort}`;
  environment = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret(),
    TRUST_PROXY: "1",
    APP_URL: appUrl,
    SMTP_URL: sink.url,
    SCHOOL_INBOX,
    MAIL_FROM: "Lernhaus <no-reply@lernhaus.test>",
  };
  proxy = await NginxProxy.start(
    { http: httpPort, https: httpsPort, app: [portA, portB] },
    { revealUpstream: true },
  );

  // Both at once, on a database without a single table.
  const started = await Promise.all(
    (
      [
        ["A", portA],
        ["B", portB],
      ] as const
    ).map(async ([name, port]) => {
      const dataDir = makeDataDir();
      const server = await spawnServer({ dataDir, port, env: instanceEnvironment(name) });
      const ok = await server.waitForOutput(READY_LINE, 90_000).then(
        () => true,
        () => false,
      );
      return { name, port, dataDir, server, ok };
    }),
  );
  for (const { ok, ...instance } of started) {
    firstBoot.set(instance.name, { ok, output: instance.server.output });
    if (!ok) {
      // Started again, alone, so that the other checks still run.
      instance.server.kill();
      instance.server = await spawnServer({
        dataDir: instance.dataDir,
        port: instance.port,
        env: instanceEnvironment(instance.name),
      });
      await instance.server.waitForOutput(READY_LINE, 90_000);
    }
    instances.set(instance.name, instance);
  }
  await cli(
    "user",
    "create",
    "--email",
    ADMIN.email,
    "--password",
    ADMIN.password,
    "--name",
    "Admin",
    "--role",
    "admin",
  );
}, 180_000);

afterAll(async () => {
  await proxy?.stop();
  await cleanUpServers();
  await sink?.close();
  await db?.end().catch(() => {});
  await dropDatabase?.();
  await embedded?.stop();
  if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
});

/** A database of its own: in the runner's server (LB_TEST_DATABASE_URL), or in an embedded one. */
async function freshDatabase(): Promise<string> {
  const adminUrl = process.env.LB_TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `lernhaus_lb_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return withDatabase(adminUrl, name);
  }
  // Not a makeDataDir() folder: cleanUpServers() stops any PostgreSQL it finds in those, and this
  // one must outlive the instances.
  databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-lb-database-"));
  fs.chmodSync(databaseDir, 0o755);
  embedded = await startEmbeddedPostgres(databaseDir);
  return embedded.url;
}

/** Each instance signs in to the SMTP sink under its own name, so a mail tells who sent it. */
function instanceEnvironment(name: Name) {
  const smtp = new URL(environment.SMTP_URL!);
  smtp.username = name;
  smtp.password = "x";
  return { ...environment, SMTP_URL: smtp.toString() };
}

/** The built CLI on the shared database, as an operator runs it on any machine. */
function cli(...args: string[]) {
  return run(process.execPath, [CLI_ENTRY, ...args], {
    cwd: REPO_ROOT,
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: makeDataDir(),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: environment.AUTH_SECRET,
    },
  });
}

/* ------------------------------------------------------------------ which instance answered */

function instance(name: Name): Instance {
  return instances.get(name)!;
}

/** The instance that answered, from nginx's $upstream_addr (after a retry it lists every
 * server tried; the last one answered). */
function servedBy(answer: { headers: Record<string, string | string[] | undefined> }): Name {
  const upstream = String(answer.headers["x-upstream"] ?? "");
  const port = Number(upstream.split(",").at(-1)?.trim().split(":").at(-1));
  for (const [name, { port: own }] of instances) if (own === port) return name;
  throw new Error(`no instance listens on the upstream nginx named: "${upstream}"`);
}

/** Makes nginx's round robin send the next request to `target`: light requests until one is
 * answered by the other instance. */
async function nextGoesTo(target: Name) {
  for (let n = 0; n < 6; n++) {
    const answer = await get("/healthz");
    if (servedBy(answer) !== target) return;
  }
  throw new Error(`nginx sent six requests in a row to ${target}: no round robin`);
}

const get = (target: string, headers: Record<string, string> = {}, localAddress?: string) =>
  httpsRequest(`${appUrl}${target}`, proxy.ca, { headers, localAddress });

/** A form post as a browser sends it (its Origin is the site's). */
const postForm = (
  target: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  localAddress?: string,
) =>
  httpsRequest(`${appUrl}${target}`, proxy.ca, {
    method: "POST",
    localAddress,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const cookieHeader = (answer: ProxyAnswer) =>
  (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");

async function signIn(): Promise<{ cookie: string; by: Name }> {
  const answer = await postForm("/login", ADMIN);
  expect(answer.status, answer.text.slice(0, 500)).toBe(302);
  const cookie = cookieHeader(answer);
  expect(cookie).toContain("__Secure-better-auth.session_token=");
  return { cookie, by: servedBy(answer) };
}

/** An open Server-Sent Events stream through nginx; `text` grows as events arrive. */
interface OpenStream {
  status: number;
  by: Name;
  text: string;
  close(): void;
}

function openEventStream(): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = https.request(`${appUrl}/api/events`, {
      ca: proxy.ca,
      agent: false,
      headers: { Accept: "text/event-stream" },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const stream: OpenStream = {
        status: response.statusCode ?? 0,
        by: servedBy(response),
        text: "",
        close: () => request.destroy(),
      };
      response.on("data", (chunk: Buffer) => {
        stream.text += chunk.toString("utf8");
      });
      response.on("error", () => {});
      resolve(stream);
    });
    request.end();
  });
}

/* ------------------------------------------------------------------ the checks */

describe("two instances behind nginx on one PostgreSQL", () => {
  it("both come up when started at the same moment on an empty database", () => {
    for (const name of ["A", "B"] as const) {
      const boot = firstBoot.get(name)!;
      expect(boot.ok, `${name} did not start; its output:\n${boot.output}`).toBe(true);
    }
  });

  it("keeps a session signed in on one instance on the other: no sticky sessions needed", async () => {
    const { cookie, by } = await signIn();
    const other: Name = by === "A" ? "B" : "A";
    await nextGoesTo(other);
    const admin = await get("/admin", { Cookie: cookie });
    expect(servedBy(admin), "the next page comes from the other instance").toBe(other);
    expect(admin.status).toBe(200);
    expect(admin.text).toContain(ADMIN.email);
    // And back on the first.
    const again = await get("/admin", { Cookie: cookie });
    expect(servedBy(again)).toBe(by);
    expect(again.status).toBe(200);
  });

  it("counts failed sign-ins across both instances: the limit for one email at one address is shared", async () => {
    const from = "127.0.0.5";
    const limit = SIGN_IN_LIMITS.emailAtIp.limit;
    const failuresBy: Name[] = [];
    for (let n = 0; n < limit; n++) {
      const answer = await postForm(
        "/login",
        { email: ADMIN.email, password: `wrong-${n}-Passwort!` },
        {},
        from,
      );
      expect(answer.status, `failure ${n + 1}`).toBe(400);
      failuresBy.push(servedBy(answer));
    }
    expect(new Set(failuresBy), "the failures were spread over both").toEqual(new Set(["A", "B"]));
    // Now even the right password is refused, by either instance.
    const refusedBy = new Set<Name>();
    for (let n = 0; n < 2; n++) {
      const refused = await postForm("/login", ADMIN, {}, from);
      expect(refused.status).toBe(429);
      refusedBy.add(servedBy(refused));
    }
    expect(refusedBy).toEqual(new Set(["A", "B"]));
    // From another address the same account still signs in.
    const elsewhere = await postForm("/login", ADMIN, {}, "127.0.0.6");
    expect(elsewhere.status).toBe(302);
  });

  it("brings an admin's change saved through A to a public page's stream on B, and B's cached page is fresh", async () => {
    const { cookie } = await signIn();
    // The public page on B, cached there (the second visit is the page cache's).
    await nextGoesTo("B");
    expect(servedBy(await get("/about"))).toBe("B");
    await nextGoesTo("B");
    const cachedOnB = await get("/about");
    expect(servedBy(cachedOnB)).toBe("B");

    let stream: OpenStream | undefined;
    for (let n = 0; n < 6 && stream?.by !== "B"; n++) {
      stream?.close();
      stream = await openEventStream();
    }
    try {
      expect(stream!.by).toBe("B");
      expect(stream!.status).toBe(200);
      await expect.poll(() => stream!.text, { timeout: 5_000 }).toContain(": connected");

      const students = `${1000 + (Date.now() % 9000)}+`;
      expect(cachedOnB.text).not.toContain(students);
      await nextGoesTo("A");
      const saved = await postForm(
        "/admin/about",
        {
          intent: "save-stats",
          yearsActive: "7+",
          totalStudents: students,
          successRate: "97%",
          averageRating: "4.9",
        },
        { Cookie: cookie },
      );
      expect(servedBy(saved), "saved through A").toBe("A");
      expect(saved.status, saved.text.slice(0, 500)).toBe(302);
      // It arrives on the stream that stays open (how soon is a figure, not a test: it took 1.1 s
      // once with every CI stage on the same two cores).
      await expect.poll(() => stream!.text, { timeout: 15_000, interval: 20 }).toMatch(/data: stats\n/);

      await nextGoesTo("B");
      const fresh = await get("/about");
      expect(servedBy(fresh)).toBe("B");
      expect(fresh.text).toContain(students);
    } finally {
      stream?.close();
    }
  });

  it("shows a contact change saved through A on a signed-in page B renders, though B kept the contacts it read", async () => {
    const { cookie } = await signIn();
    const signedInOnB = async (target: string) => {
      await nextGoesTo("B");
      const answer = await get(target, { Cookie: cookie });
      expect(servedBy(answer)).toBe("B");
      expect(answer.status).toBe(200);
      return answer.text;
    };
    // B renders a signed-in page (never from the page cache) and keeps the contacts it read
    // (ADR 064).
    const phone = `0912 ${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    expect(await signedInOnB("/about")).not.toContain(phone);

    await nextGoesTo("A");
    const saved = await postForm(
      "/admin/settings",
      { intent: "save-contact", phone, email: "info@lernhaus.test" },
      { Cookie: cookie },
    );
    expect(servedBy(saved), "saved through A").toBe("A");
    expect(saved.status, saved.text.slice(0, 500)).toBe(302);
    // B takes its kept contacts out when the change arrives over the change bus.
    await expect.poll(() => signedInOnB("/about"), { timeout: 15_000, interval: 50 }).toContain(phone);
    await expect.poll(() => signedInOnB("/en/about"), { timeout: 15_000, interval: 50 }).toContain(phone);
  });

  it("serves an image uploaded through A from B, both sizes, cached for long; neither instance keeps it on its disk", async () => {
    const { cookie } = await signIn();
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 60, b: 30 } },
    })
      .png()
      .toBuffer();
    const head = Buffer.from(
      '--lb\r\nContent-Disposition: form-data; name="file"; filename="hof.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const body = Buffer.concat([head, png, Buffer.from("\r\n--lb--\r\n")]);
    await nextGoesTo("A");
    const uploaded = await httpsRequest(`${appUrl}/admin/uploads`, proxy.ca, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=lb", Origin: appUrl, Cookie: cookie },
      body,
    });
    expect(servedBy(uploaded), "uploaded through A").toBe("A");
    expect(uploaded.status, uploaded.text.slice(0, 500)).toBe(200);
    const { url } = JSON.parse(uploaded.text) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);

    for (const variant of [url, url.replace(/-1200\.webp$/, "-480.webp")]) {
      await nextGoesTo("B");
      const image = await httpsRequest(`${appUrl}${variant}`, proxy.ca);
      expect(servedBy(image), `${variant} from B`).toBe("B");
      expect(image.status, `${variant} on B`).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(String(image.headers["cache-control"])).toMatch(/max-age=31536000/);
      expect(image.headers.etag).toBeDefined();
    }

    // Nothing in either DATA_DIR: another instance, or a replaced machine, would not have it.
    for (const { name, dataDir } of instances.values()) {
      const folder = path.join(dataDir, "uploads");
      const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
      expect(files, `${name}'s DATA_DIR/uploads`).toEqual([]);
    }
  });

  it("runs the hourly housekeeping once for both instances, not once each", async () => {
    await housekeepingRuns();
  });

  it("loses no acknowledged enrolment and sends each mail once when an instance is killed (kill -9) in a burst", async () => {
    const acknowledged: { id: string; email: string }[] = [];
    const failedAnswers: number[] = [];
    let stop = false;
    let sent = 0;
    const visitor = async (v: number) => {
      while (!stop) {
        const n = sent++;
        const email = `burst-${n}@lernhaus.test`;
        try {
          const answer = await httpsRequest(`${appUrl}/api/email/enrollment`, proxy.ca, {
            method: "POST",
            // 30 enrolments per address in 10 minutes: a few addresses share the burst.
            localAddress: `127.0.1.${1 + (n % 200)}`,
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              fullName: `Lê Thị Burst ${n}`,
              phone: `09${String(20_000_000 + n).slice(-8)}`,
              email,
              course: CONSULTATION_COURSE,
              schedule: "evening",
            }),
            timeoutMs: 15_000,
          });
          if (answer.status >= 200 && answer.status < 300) {
            acknowledged.push({ id: (JSON.parse(answer.text) as { id: string }).id, email });
          } else failedAnswers.push(answer.status);
        } catch {
          failedAnswers.push(0); // the connection broke: not acknowledged
        }
        await sleep(5 * v);
      }
    };
    const burst = Promise.all([1, 2, 3, 4].map(visitor));
    // The kill comes in the middle of the burst, once A has acknowledged some (however long that
    // takes on a loaded machine), and while more are in flight.
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
    await sleep(200);
    const a = instance("A");
    const acknowledgedBeforeKill = acknowledged.length;
    a.server.child.kill("SIGKILL");
    await a.server.waitForExit(10_000);
    await sleep(2_000);
    stop = true;
    await burst;

    expect(acknowledgedBeforeKill, "enrolments were acknowledged before the kill").toBeGreaterThan(0);
    expect(acknowledged.length, "and after it, by B").toBeGreaterThan(acknowledgedBeforeKill);
    // Every acknowledged enrolment is stored.
    const { rows: stored } = await db.query<{ id: string; email: string }>(
      "select id, email from enrollments where email like 'burst-%'",
    );
    const storedIds = new Set(stored.map((row) => row.id));
    for (const { id, email } of acknowledged)
      expect(storedIds.has(id), `${email} (${id}) was acknowledged`).toBe(true);

    // Every stored enrolment's two mails leave the outbox: the survivor takes over what A had
    // claimed once its lease runs out (2 minutes; only when A died with mail claimed but not yet
    // recorded, a small part of each 2-second round).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ waiting: string }>(
              "select count(*) as waiting from email_outbox where kind like 'enrollment-%' and status <> 'sent'",
            )
          ).rows[0]!.waiting,
        { timeout: 150_000, interval: 500 },
      )
      .toBe("0");
    const { rows: outbox } = await db.query<{ id: string; to: string; kind: string }>(
      "select id, \"to\", kind from email_outbox where kind like 'enrollment-%'",
    );
    expect(outbox).toHaveLength(2 * stored.length);
    await expect.poll(() => sink.messages.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(outbox.length);
    await sleep(3_000); // a duplicate would arrive now

    // Each mail by its Message-ID: every one delivered; none twice, except a mail A had handed
    // to the SMTP server just before it died and could not record as sent (its retry carries the
    // same Message-ID, so that the receiver drops it). Who sent each copy is the SMTP user it
    // signed in as (instanceEnvironment): the order of arrival cannot tell, since what A wrote
    // to its socket just before the kill is still read after it.
    const deliveries = sink.messages
      .map((mail) => ({ mail, messageId: header(mail, "message-id") }))
      .filter(({ mail }) => mail.to.some((to) => to.startsWith("burst-") || to === SCHOOL_INBOX));
    const byMessageId = new Map<string, (string | undefined)[]>();
    for (const { mail, messageId } of deliveries) {
      expect(messageId, "every mail has a Message-ID").toBeTruthy();
      expect(["A", "B"], "every mail's sender signed in").toContain(mail.sentBy);
      byMessageId.set(messageId, [...(byMessageId.get(messageId) ?? []), mail.sentBy]);
    }
    expect(byMessageId.size, "one Message-ID per outbox row").toBe(outbox.length);
    for (const [messageId, senders] of byMessageId) {
      for (const name of ["A", "B"]) {
        const copies = senders.filter((by) => by === name).length;
        expect(copies, `${messageId}: sent by ${name} at most once`).toBeLessThanOrEqual(1);
      }
    }
    // The stable Message-ID names its outbox row.
    for (const row of outbox) {
      expect(
        [...byMessageId.keys()].filter((id) => id.includes(row.id)),
        `the Message-ID of outbox row ${row.id}`,
      ).toHaveLength(1);
    }
    // By recipient: each person's confirmation once, the school one notification per enrolment.
    const confirmations = new Map<string, Set<string>>();
    for (const { mail, messageId } of deliveries) {
      for (const to of mail.to) confirmations.set(to, (confirmations.get(to) ?? new Set()).add(messageId));
    }
    for (const { email } of stored) expect(confirmations.get(email)?.size, email).toBe(1);
    expect(confirmations.get(SCHOOL_INBOX)?.size).toBe(stored.length);
    console.info(
      `[load-balancer] burst: ${sent} sent, ${acknowledged.length} acknowledged (${acknowledgedBeforeKill} before the kill), ` +
        `${stored.length} stored, ${failedAnswers.length} not acknowledged (${[...new Set(failedAnswers)].join(", ")}), ` +
        `${outbox.length} mails, ${deliveries.length} deliveries`,
    );
  }, 200_000);
});

function header(mail: { headers: { key: string; value: string }[] }, name: string) {
  return mail.headers.find((h) => h.key.toLowerCase() === name)?.value ?? "";
}

/** The housekeeping runs since both instances started: the line the instance that ran it logs,
 * counted over both, and the shared record of the job (a row of request_limits whose count is
 * the number of runs, app/models/scheduled-job.server.ts). */
async function housekeepingRuns() {
  const recorded = async () =>
    (await db.query<{ count: number }>("select count from request_limits where key = 'job:housekeeping'"))
      .rows[0]?.count;
  // Each instance asks on its mail worker's first round (2 s after it listens), then every minute.
  await expect.poll(recorded, { timeout: 15_000 }).toBeDefined();
  await sleep(3_000);
  const logged = [...instances.values()].map(
    ({ name, server }) => [name, server.output.match(/retention: housekeeping ran/g)?.length ?? 0] as const,
  );
  expect(
    logged.reduce((sum, [, count]) => sum + count, 0),
    `runs logged: ${logged.map(([name, count]) => `${name} ${count}`).join(", ")}`,
  ).toBe(1);
  expect(await recorded()).toBe(1);
}
