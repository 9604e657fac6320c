// ADR 062: a learner who comes back every day stays signed in. better-auth renews a session in the
// database once a day while it is used; its cookie must be renewed in the browser with it, or
// the browser drops it a week after sign-in however often it was used. The built server, on a
// database this test can reach to age the session as the days would.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../server/embedded-postgres";
import {
  CLI_ENTRY,
  cleanUpServers,
  REPO_ROOT,
  requireBuild,
  type ServerProcess,
  startServer,
} from "./server-process";

const EMAIL = "lan.renewal@lernhaus.test";
const PASSWORD = "Lernen-jeden-Tag-2026!";
const DAY_SECONDS = 24 * 60 * 60;
/** An external database asks for a secret of the operator's own, as in production. */
const AUTH_SECRET = randomBytes(48).toString("base64");

let databaseDir: string;
let embedded: EmbeddedDatabase;
let db: pg.Client;
let server: ServerProcess;

beforeAll(async () => {
  requireBuild();
  databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-renewal-database-"));
  fs.chmodSync(databaseDir, 0o755);
  embedded = await startEmbeddedPostgres(databaseDir);
  server = await startServer({ env: { DATABASE_URL: embedded.url, AUTH_SECRET } });
  db = new pg.Client({ connectionString: embedded.url });
  db.on("error", () => {});
  await db.connect();
  await promisify(execFile)(
    process.execPath,
    [CLI_ENTRY, "user", "create", "--email", EMAIL, "--password", PASSWORD, "--name", "Lan"],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        DATABASE_URL: embedded.url,
        AUTH_SECRET,
        NODE_ENV: "production",
      },
    },
  );
});

afterAll(async () => {
  await db?.end().catch(() => {});
  await cleanUpServers();
  await embedded?.stop();
  if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
});

/** Signs in through the sign-in form, as a browser does: the session cookie it is given. */
async function signIn() {
  const answer = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  const [cookie] = sessionCookies(answer);
  expect(cookie?.maxAge).toBe(7 * DAY_SECONDS);
  return cookie!;
}

/** The session cookies an answer sets: the Cookie header's pair and how long the browser keeps it. */
function sessionCookies(answer: Response) {
  return answer.headers
    .getSetCookie()
    .filter((line) => /^(__Secure-)?better-auth\.session_token=/.test(line))
    .map((line) => ({
      pair: line.split(";")[0]!,
      maxAge: Number(/;\s*Max-Age=(-?\d+)/i.exec(line)?.[1]),
    }));
}

async function visit(pathname: string, cookie?: string) {
  return fetch(`${server.baseUrl}${pathname}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
}

/** Ages the learner's session as if it had been made `days` ago and not used since. */
async function ageSession(days: number) {
  await db.query(
    `update session set expires_at = now() + make_interval(secs => $1), created_at = now() - make_interval(secs => $2)
     where user_id = (select id from "user" where email = $3)`,
    [(7 - days) * DAY_SECONDS, days * DAY_SECONDS, EMAIL],
  );
}

async function daysLeft() {
  const { rows } = await db.query<{ left: number }>(
    `select extract(epoch from expires_at - now()) / 86400 as left from session
     where user_id = (select id from "user" where email = $1)`,
    [EMAIL],
  );
  return rows.map((row) => Number(row.left));
}

describe("a session in use", () => {
  it("is kept by the browser another week when the server renews it, and is not renewed again that day", async () => {
    const { pair } = await signIn();
    await ageSession(6);
    expect((await daysLeft())[0]).toBeLessThan(1.01);

    const profile = await visit("/profile", pair);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Lan");
    // The same session, its cookie kept another week, and the page nobody else's.
    expect(sessionCookies(profile)).toEqual([{ pair, maxAge: 7 * DAY_SECONDS }]);
    expect(profile.headers.get("Cache-Control")).toMatch(/private|no-store/);
    expect((await daysLeft())[0]).toBeGreaterThan(6.99);

    const again = await visit("/profile", pair);
    expect(again.status).toBe(200);
    expect(sessionCookies(again)).toEqual([]);
  });

  it("renews from a page anonymous visitors get from the cache, which keeps neither the cookie nor the name", async () => {
    const { pair } = await signIn();
    // The home page in the cache first, as on a busy day.
    await visit("/");
    expect((await visit("/")).headers.get("X-Page-Cache")).toBe("hit");
    await ageSession(2);

    const home = await visit("/", pair);
    expect(home.status).toBe(200);
    expect(home.headers.get("X-Page-Cache")).toBeNull();
    expect(sessionCookies(home)).toEqual([{ pair, maxAge: 7 * DAY_SECONDS }]);
    expect(home.headers.get("Cache-Control")).toMatch(/private|no-store/);

    const anonymous = await visit("/");
    expect(anonymous.headers.getSetCookie()).toEqual([]);
    expect(anonymous.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("that has expired is dropped by the browser too, and its next page asks for a sign-in", async () => {
    const { pair } = await signIn();
    await ageSession(8);
    const profile = await visit("/profile", pair);
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(sessionCookies(profile).map((cookie) => cookie.maxAge)).toEqual([0]);
  });
});
