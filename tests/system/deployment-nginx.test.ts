// The deployment recipe of docs/deploy.md, run. The built app with the settings of
// deploy/lernhaus.env.example, behind Debian's nginx with deploy/nginx/lernhaus.conf and a
// certificate from deploy/nginx/self-signed-cert.sh, all on loopback; only ports, paths, the
// domain and the secret differ from what an operator installs. The nightly backup job
// (deploy/cron/lernhaus-backup) runs against the same server.
import { execFile } from "node:child_process";
import fs from "node:fs";
import type http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enMessages from "~/locales/en/common.json";
import viMessages from "~/locales/vi/common.json";
import { SUBMISSION_LIMITS } from "~/models/public-submission.server";
import { BODY_LIMITS } from "../../server/body-limit";
import {
  authSecret,
  BACKUP_JOB,
  CLI_WRAPPER,
  connectHttp2,
  http2Request,
  httpGet,
  httpsRequest,
  installedEnvironmentFile,
  NginxProxy,
  readEnvironmentFile,
  requireNginxAndOpenssl,
} from "./nginx-proxy";
import {
  cleanUpServers,
  connectToServerDatabase,
  freePort,
  makeDataDir,
  type ServerProcess,
  startServer,
} from "./server-process";

const run = promisify(execFile);
const MB = 1024 * 1024;

let server: ServerProcess;
let proxy: NginxProxy;
let h2: http2.ClientHttp2Session;
/** The installed /etc/lernhaus/lernhaus.env, and what it sets. */
let envFile: string;
let environment: Record<string, string>;
let scratch: string;

beforeAll(async () => {
  requireNginxAndOpenssl();
  const ports = await distinctFreePorts();
  const dataDir = makeDataDir();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-deploy-"));
  // The operator's environment file, with this machine's ports and folder and a fresh secret.
  envFile = path.join(scratch, "lernhaus.env");
  fs.writeFileSync(
    envFile,
    installedEnvironmentFile({
      PORT: String(ports.app),
      DATA_DIR: dataDir,
      APP_URL: `https://127.0.0.1:${ports.https}`,
      AUTH_SECRET: authSecret(),
    }),
  );
  environment = readEnvironmentFile(envFile);
  server = await startServer({ dataDir, port: ports.app, env: environment });
  proxy = await NginxProxy.start(ports);
  h2 = await connectHttp2(proxy.httpsUrl, proxy.ca);
}, 90_000);

afterAll(async () => {
  h2?.close();
  await proxy?.stop();
  await cleanUpServers();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Three free ports, none the same (one is let go before the next is asked for). */
async function distinctFreePorts() {
  const taken = new Set<number>();
  while (taken.size < 3) taken.add(await freePort());
  const [http, https, app] = [...taken] as [number, number, number];
  return { http, https, app };
}

/** deploy/lernhaus-cli with the installed environment file, as the operator runs it. */
const cli = (...args: string[]) =>
  run(CLI_WRAPPER, args, { env: { ...process.env, LERNHAUS_ENV_FILE: envFile } });

const page = (path: string) => ({ ":method": "GET", ":path": path });

describe("the app behind nginx with TLS", () => {
  it("serves pages over HTTPS with HTTP/2, with HSTS from the app (once) and nginx's request id", async () => {
    expect(h2.alpnProtocol, "ALPN chose HTTP/2").toBe("h2");
    const home = await http2Request(h2, page("/"));
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    expect(home.text).toContain("<html");
    expect(home.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // The CSP sends browsers to HTTPS for every sub-resource too.
    expect(String(home.headers["content-security-policy"])).toContain("upgrade-insecure-requests");

    // One id for the request in nginx's access log and in the app's (ADR 016): nginx's.
    const requestId = String(home.headers["x-request-id"]);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    await expect
      .poll(() => fs.readFileSync(path.join(proxy.dir, "lernhaus.access.log"), "utf8"), { timeout: 5_000 })
      .toContain(`rid=${requestId}`);

    const health = await http2Request(h2, page("/healthz"));
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ ok: true, database: "ok", disk: "ok" });

    // An HTTP/1.1 client gets the same.
    const courses = await httpsRequest(`${proxy.httpsUrl}/courses`, proxy.ca);
    expect(courses.alpn).toBe("http/1.1");
    expect(courses.status).toBe(200);
    expect(courses.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("sends plain HTTP to HTTPS with the same path, and serves certbot's challenge files over HTTP", async () => {
    const redirect = await httpGet(`${proxy.httpUrl}/courses?level=B1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`${proxy.httpsUrl}/courses?level=B1`);
    const followed = await httpsRequest(String(redirect.headers.location), proxy.ca);
    expect(followed.status).toBe(200);

    fs.writeFileSync(path.join(proxy.acmeRoot, ".well-known/acme-challenge/token-123"), "token-123.key");
    const challenge = await httpGet(`${proxy.httpUrl}/.well-known/acme-challenge/token-123`);
    expect(challenge.status).toBe(200);
    expect(challenge.text).toBe("token-123.key");
  });

  it("marks every cookie Secure: the session of an admin signed in through the proxy, and the language", async () => {
    const email = "deploy-admin@lernhaus.test";
    const password = "Deploy-admin-2026!";
    // The first admin, as docs/deploy.md makes it.
    await cli(
      "user",
      "create",
      "--email",
      email,
      "--password",
      password,
      "--name",
      "Admin",
      "--role",
      "admin",
    );
    // As a browser posts the form: over HTTP/2, with its Origin (React Router compares it with
    // the request's scheme and host, which nginx passes on).
    const signIn = await http2Request(
      h2,
      {
        ":method": "POST",
        ":path": "/login",
        "content-type": "application/x-www-form-urlencoded",
        origin: environment.APP_URL!,
      },
      Buffer.from(new URLSearchParams({ email, password }).toString()),
    );
    expect(signIn.status, signIn.text).toBe(302);
    const cookies = signIn.headers["set-cookie"] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie, "every cookie is Secure").toMatch(/;\s*Secure(;|$)/i);
      expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    }
    const session = cookies.find((cookie) => cookie.startsWith("__Secure-better-auth.session_token="));
    expect(session, `a __Secure- session cookie among ${cookies.join(" | ")}`).toBeDefined();

    // The session works through the proxy.
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const admin = await http2Request(h2, { ...page("/admin"), cookie: cookieHeader });
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("deploy-admin@lernhaus.test");

    // Over HTTP/2 as a browser sends it (no Host header, only :authority), with the session.
    const language = await http2Request(
      h2,
      {
        ":method": "POST",
        ":path": "/api/language",
        "content-type": "application/x-www-form-urlencoded",
        origin: environment.APP_URL!,
        cookie: cookieHeader,
      },
      Buffer.from("language=en"),
    );
    const lng = (language.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("lng="));
    expect(lng, `the language cookie (answer ${language.status})`).toBeDefined();
    expect(lng).toMatch(/;\s*Secure(;|$)/i);
  });

  it("counts rate limits against the address nginx saw, whatever X-Forwarded-For the client sent", async () => {
    const perIp = SUBMISSION_LIMITS.ip.limit;
    const send = (n: number, from: string) =>
      httpsRequest(`${proxy.httpsUrl}/api/email/contact`, proxy.ca, {
        method: "POST",
        localAddress: from,
        // A different claimed address every time: it must not buy a fresh allowance.
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${n % 250}` },
        body: JSON.stringify({
          name: "Nguyễn Thị Lan",
          email: `lan-${n}@example.com`,
          phone: `09${String(10_000_000 + n).slice(-8)}`,
          subject: "pricing",
          message: `Cho em hỏi học phí khóa B1 (${n})`,
          contactMethod: "email",
        }),
      });

    for (let n = 0; n < perIp; n++) {
      const answer = await send(n, "127.0.0.2");
      expect(answer.status, `message ${n + 1}: ${answer.text}`).toBe(200);
    }
    const refused = await send(perIp, "127.0.0.2");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // Another visitor behind the same proxy is not affected.
    const other = await send(perIp + 1, "127.0.0.3");
    expect(other.status, other.text).toBe(200);

    const client = await connectToServerDatabase(server.dataDir);
    try {
      const { rows } = await client.query<{ ip: string; count: string }>(
        "select ip_address as ip, count(*) from contact_messages group by ip_address order by ip_address",
      );
      expect(rows).toEqual([
        { ip: "127.0.0.2", count: String(perIp) },
        { ip: "127.0.0.3", count: "1" },
      ]);
    } finally {
      await client.end();
    }
  });

  it("passes live updates through unbuffered: a change reaches the /api/events stream while it stays open", async () => {
    const stream = h2.request({ ...page("/api/events"), accept: "text/event-stream" });
    let received = "";
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
      stream.once("response", resolve);
      stream.once("error", reject);
    });
    stream.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    try {
      expect(headers[":status"]).toBe(200);
      expect(headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(headers["content-encoding"]).toBeUndefined();
      await expect.poll(() => received, { timeout: 5_000 }).toContain(": connected");

      const answer = await httpsRequest(`${proxy.httpsUrl}/api/email/contact`, proxy.ca, {
        method: "POST",
        localAddress: "127.0.0.4",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Trần Văn Minh",
          email: "minh@example.com",
          phone: "0987654321",
          subject: "schedule",
          message: "Lớp tối còn chỗ không ạ?",
          contactMethod: "phone",
        }),
      });
      expect(answer.status, answer.text).toBe(200);
      // A buffering proxy holds an event of a few bytes until its buffer fills or the stream
      // ends: neither happens here. (Not a time limit: the post itself took over 1 s once with
      // every CI stage running.)
      await expect.poll(() => received, { timeout: 10_000 }).toMatch(/data: messages\n/);
      expect(stream.closed).toBe(false);
    } finally {
      stream.close();
    }
  });
});

describe("request sizes at the proxy", () => {
  const multipart = (bytes: number) => {
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const tail = Buffer.from("\r\n--x--\r\n");
    return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x61), tail]);
  };
  const formHeaders = { "Content-Type": "multipart/form-data; boundary=x" };

  it("refuses a 10 MB upload to a public form with a clean 413 in the visitor's language (HTTP/1.1, chunked, HTTP/2)", async () => {
    const declared = await httpsRequest(`${proxy.httpsUrl}/contact`, proxy.ca, {
      method: "POST",
      headers: formHeaders,
      body: multipart(10 * MB),
    });
    expect(declared.status).toBe(413);
    expect(declared.text).toBe(viMessages.errors.bodyTooLarge);
    expect(declared.headers["content-type"]).toBe("text/plain; charset=utf-8");

    const chunked = await httpsRequest(`${proxy.httpsUrl}/enroll`, proxy.ca, {
      method: "POST",
      headers: { ...formHeaders, Cookie: "lng=en" },
      body: multipart(10 * MB),
      chunked: true,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.text).toBe(enMessages.errors.bodyTooLarge);

    const overHttp2 = await http2Request(
      h2,
      { ":method": "POST", ":path": "/contact", "content-type": formHeaders["Content-Type"] },
      multipart(10 * MB),
    );
    expect(overHttp2.status).toBe(413);
    expect(overHttp2.text).toBe(viMessages.errors.bodyTooLarge);
    // The session is still usable afterwards.
    expect((await http2Request(h2, page("/healthz"))).status).toBe(200);
  });

  it("refuses exactly the bodies the app would refuse: each limit passes, one byte more is stopped by nginx", async () => {
    const cases = [
      { path: "/contact", limit: BODY_LIMITS.public },
      { path: "/admin/courses", limit: BODY_LIMITS.admin },
      { path: "/admin/uploads", limit: BODY_LIMITS.upload },
      { path: "/admin/uploads/video", limit: BODY_LIMITS.videoUpload },
      { path: "/admin/uploads/material", limit: BODY_LIMITS.materialUpload },
    ];
    for (const { path: target, limit } of cases) {
      const atLimit = await httpsRequest(`${proxy.httpsUrl}${target}`, proxy.ca, {
        method: "POST",
        headers: formHeaders,
        body: multipart(limit),
      });
      expect(atLimit.status, `${target} with ${limit} bytes reaches the app`).not.toBe(413);
      expect(atLimit.headers["content-security-policy"], `${target}: answered by the app`).toBeDefined();

      const over = await httpsRequest(`${proxy.httpsUrl}${target}`, proxy.ca, {
        method: "POST",
        headers: formHeaders,
        body: multipart(limit + 1),
      });
      expect(over.status, `${target} with ${limit + 1} bytes`).toBe(413);
      expect(
        over.headers["content-security-policy"],
        `${target}: refused by nginx, not forwarded`,
      ).toBeUndefined();
      expect(over.text).toBe(viMessages.errors.bodyTooLarge);
    }
  });
});

describe("the nightly backup job", () => {
  it("writes a backup of the running site and deletes those older than KEEP_DAYS", async () => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-backups-"));
    try {
      const old = path.join(backupDir, "lernhaus-20200101-031700.backup.jsonl.gz");
      const recent = path.join(backupDir, "lernhaus-20200102-031700.backup.jsonl.gz");
      const day = 24 * 60 * 60;
      fs.writeFileSync(old, "");
      fs.writeFileSync(recent, "");
      const now = Date.now() / 1000;
      fs.utimesSync(old, now - 30 * day, now - 30 * day);
      fs.utimesSync(recent, now - 2 * day, now - 2 * day);

      await run(BACKUP_JOB, [], {
        env: { ...process.env, LERNHAUS_ENV_FILE: envFile, BACKUP_DIR: backupDir, KEEP_DAYS: "14" },
      });

      const files = fs.readdirSync(backupDir).filter((name) => name.endsWith(".backup.jsonl.gz"));
      expect(files).toContain(path.basename(recent));
      expect(files).not.toContain(path.basename(old));
      const made = files.filter((name) => name !== path.basename(recent));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/^lernhaus-\d{8}-\d{6}\.backup\.jsonl\.gz$/);
      const lines = gunzipSync(fs.readFileSync(path.join(backupDir, made[0]!)))
        .toString("utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines[0]).toMatchObject({ format: "lernhaus-backup" });
      // The messages sent through the proxy above are in it.
      let table: unknown;
      let messageRows = 0;
      for (const line of lines) {
        if ("table" in line) table = line.table;
        else if ("row" in line && table === "contact_messages") messageRows++;
      }
      expect(messageRows).toBe(SUBMISSION_LIMITS.ip.limit + 2);
      expect(lines.at(-1)).toMatchObject({ end: true });
    } finally {
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });
});
