// ADR 012 through the real route modules: sign-in limits count
// failures only and are keyed on (email, IP); better-auth's raw endpoints are closed to the
// browser; changing the password keeps the current session.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "~/auth/attempt-limits.server";
import { DEVICE_COOKIE } from "~/auth/device-cookie.server";
import { authFor, getSessionUser } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { session as sessionTable, user as userTable } from "~/db/schema";
import { findUserByEmail } from "~/models/user.server";
import { action as authApiAction, loader as authApiLoader } from "~/routes/api/auth";
import { action as loginAction } from "~/routes/auth/login";
import { action as profileAction } from "~/routes/site/profile";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
const PASSWORD = "Lernen-2025!";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" };
  context = {
    db: database.db,
    config,
    clientIp: "127.0.0.1",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
});

let counter = 0;
async function newAccount() {
  const email = `lan.${++counter}@lernhaus.test`;
  await authFor(context).api.signUpEmail({
    body: { email, password: PASSWORD, name: "Trần Thị Lan" },
    headers: new Headers({ origin: APP_URL }),
  });
  await database.db.delete(sessionTable);
  return email;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");

type ActionData = {
  init: { status: number; headers?: Record<string, string> };
  data: Record<string, unknown>;
};

/** Posts the /login form from `ip`; a sign-in is a thrown redirect, a refusal returned data. */
async function signIn(email: string, password: string, ip: string, cookie = "") {
  const body = new FormData();
  body.set("email", email);
  body.set("password", password);
  const headers: Record<string, string> = { origin: APP_URL };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${APP_URL}/login`, { method: "POST", headers, body });
  try {
    const result = (await loginAction({
      request,
      context: { ...context, clientIp: ip },
      params: {},
    } as Parameters<typeof loginAction>[0])) as unknown as ActionData;
    return { status: result.init.status, data: result.data, headers: result.init.headers ?? {}, cookie: "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, data: {}, headers: {}, cookie: cookieOf(thrown) };
  }
}

// A limit is reached by signing in as often as it allows, and every attempt checks a password
// (scrypt, some 0.2 s of CPU each, more with the other CI stages on the same two cores): the
// file's cases (most reach one) get two minutes, not the default half.
const REACHES_A_LIMIT = { timeout: 120_000 };

describe("sign-in limits", REACHES_A_LIMIT, () => {
  it("do not count successful sign-ins: an admin on phone and laptop is never locked out", async () => {
    const email = await newAccount();
    for (let i = 0; i < SIGN_IN_LIMITS.emailAtIp.limit * 2; i++) {
      expect((await signIn(email, PASSWORD, i % 2 ? "10.0.0.1" : "10.0.0.2")).status).toBe(302);
    }
  });

  it("clear an account's failures at an address when the right password is given there", async () => {
    const email = await newAccount();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_LIMITS.emailAtIp.limit - 1; i++) {
        expect((await signIn(email, "falsch-123", "10.0.1.1")).status).toBe(400);
      }
      expect((await signIn(email, PASSWORD, "10.0.1.1")).status).toBe(302);
    }
  });

  it("let a stranger lock only their own address, telling them how many minutes to wait", async () => {
    const email = await newAccount();
    for (let i = 0; i < SIGN_IN_LIMITS.emailAtIp.limit; i++) {
      const failure = await signIn(email, "falsch-123", "203.0.113.9");
      expect(failure.status).toBe(400);
      expect(failure.data.error).toEqual({ "": ["auth:errors.wrongPassword"] });
    }
    const refused = await signIn(email, PASSWORD, "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.data.error).toEqual({ "": ["auth:errors.tooManyRequestsWait"] });
    expect(refused.data.retryAfterMinutes).toBe(10);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(590);

    // The real user, at their own address, still signs in.
    const own = await signIn(email, PASSWORD, "198.51.100.7");
    expect(own.status).toBe(302);
    expect(
      (await getSessionUser(new Request(APP_URL, { headers: { cookie: own.cookie } }), context))?.email,
    ).toBe(email);
  });

  it("stop guessing spread over many addresses at the per-email ceiling, without counting refusals", async () => {
    const email = await newAccount();
    const perAddress = SIGN_IN_LIMITS.emailAtIp.limit;
    const addresses = SIGN_IN_LIMITS.email.limit / perAddress;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < perAddress; i++) {
        expect((await signIn(email, "falsch-123", `192.0.2.${a + 1}`)).status).toBe(400);
      }
      // Refused attempts at a locked address do not fill the ceiling any further.
      expect((await signIn(email, "falsch-123", `192.0.2.${a + 1}`)).status).toBe(429);
    }
    expect((await signIn(email, PASSWORD, "192.0.2.200")).status).toBe(429);
  });

  it("count unknown emails too (no free guessing of which addresses have accounts)", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.emailAtIp.limit; i++) {
      const failure = await signIn("niemand@lernhaus.test", PASSWORD, "10.0.2.1");
      expect(failure.data.error).toEqual({ "": ["auth:errors.userNotFound"] });
    }
    expect((await signIn("niemand@lernhaus.test", PASSWORD, "10.0.2.1")).status).toBe(429);
  });
});

/** The device cookie (ADR 035) among the cookies a sign-in set. */
const deviceCookieOf = (cookie: string) =>
  cookie.split("; ").find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`)) ?? "";

/** Strangers fill the account's ceiling: wrong passwords spread over as many addresses as it takes. */
async function lockOutByStrangers(email: string, network: string) {
  const perAddress = SIGN_IN_LIMITS.emailAtIp.limit;
  for (let a = 0; a < SIGN_IN_LIMITS.email.limit / perAddress; a++) {
    for (let i = 0; i < perAddress; i++) await signIn(email, "falsch-123", `${network}.${a + 1}`);
  }
}

describe("device cookies (issue 26 item 8: strangers cannot lock a real user out)", REACHES_A_LIMIT, () => {
  it("let a browser that signed in before keep signing in while strangers hold the account's ceiling", async () => {
    const email = await newAccount();
    const first = await signIn(email, PASSWORD, "198.51.100.20");
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first.cookie);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{22}\\.[\\w-]+$`));

    await lockOutByStrangers(email, "192.0.3");
    // A browser the account has not signed in from is refused, even with the right password …
    expect((await signIn(email, PASSWORD, "198.51.100.21")).status).toBe(429);
    // … the known one, at its own address or another, signs in, again and again.
    for (const ip of ["198.51.100.20", "203.0.113.50", "198.51.100.20"]) {
      const own = await signIn(email, PASSWORD, ip, device);
      expect(own.status).toBe(302);
      expect(
        (await getSessionUser(new Request(APP_URL, { headers: { cookie: own.cookie } }), context))?.email,
      ).toBe(email);
    }
  });

  it("are sent HttpOnly, for a long time, and keep the device's id across sign-ins", async () => {
    const email = await newAccount();
    const body = new FormData();
    body.set("email", email);
    body.set("password", PASSWORD);
    const request = new Request(`${APP_URL}/login`, { method: "POST", headers: { origin: APP_URL }, body });
    const thrown = await Promise.resolve(
      loginAction({ request, context, params: {} } as Parameters<typeof loginAction>[0]),
    ).catch((error: unknown) => error as Response);
    const headers = (thrown as Response).headers
      .getSetCookie()
      .filter((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    // Sent to the sign-in form's action only (as a page and as a data request), nowhere else.
    expect(headers.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(["/login", "/login.data"]);
    const header = headers[0];
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(header ?? "")?.[1])).toBeGreaterThanOrEqual(60 * 60 * 24 * 30);
    const device = header!.split(";")[0]!;
    const again = await signIn(email, PASSWORD, "10.0.8.1", device);
    expect(deviceCookieOf(again.cookie)).toBe(device);
  });

  it("have a tight limit of their own that stops guessing through a known browser", async () => {
    const email = await newAccount();
    const device = deviceCookieOf((await signIn(email, PASSWORD, "10.0.9.1")).cookie);
    for (let i = 0; i < SIGN_IN_LIMITS.device.limit; i++) {
      expect((await signIn(email, `falsch-${i}`, `10.0.9.${i + 2}`, device)).status).toBe(400);
    }
    const refused = await signIn(email, PASSWORD, "10.0.9.50", device);
    expect(refused.status).toBe(429);
    expect(refused.data.error).toEqual({ "": ["auth:errors.tooManyRequestsWait"] });
    // Guessing through the device did not touch the account's limits: another browser signs in.
    expect((await signIn(email, PASSWORD, "10.0.9.51")).status).toBe(302);
  });

  it("give no exemption when forged, unsigned, or made for another account", async () => {
    const email = await newAccount();
    const other = await newAccount();
    const genuine = deviceCookieOf((await signIn(email, PASSWORD, "10.0.10.1")).cookie);
    const otherDevice = deviceCookieOf((await signIn(other, PASSWORD, "10.0.10.2")).cookie);
    const [, value] = genuine.split("=");
    const [id, mac] = value!.split(".");
    await lockOutByStrangers(email, "192.0.4");
    const forged = [
      `${DEVICE_COOKIE}=${id}`, // unsigned
      `${DEVICE_COOKIE}=${id}.${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`, // tampered
      `${DEVICE_COOKIE}=${"A".repeat(22)}.${mac}`, // another id under the genuine signature
      otherDevice, // genuine, but for another account
      `${DEVICE_COOKIE}=garbage`,
    ];
    for (const cookie of forged) {
      expect(await signIn(email, PASSWORD, "198.51.100.99", cookie).then((r) => r.status), cookie).toBe(429);
    }
    expect((await signIn(email, PASSWORD, "198.51.100.99", genuine)).status).toBe(302);
  });
});

/** A request to better-auth's own endpoints through our /api/auth/* route. */
async function rawAuth(method: string, path: string, options: { json?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: APP_URL };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${APP_URL}/api/auth${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const handler = method === "GET" ? authApiLoader : authApiAction;
  try {
    return await handler({ request, context, params: { "*": path.slice(1) } } as Parameters<
      typeof handler
    >[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("better-auth's raw endpoints", REACHES_A_LIMIT, () => {
  it("refuse signing in around our limits", async () => {
    const email = await newAccount();
    const response = await rawAuth("POST", "/sign-in/email", { json: { email, password: PASSWORD } });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuse sign-up, profile and password changes that skip our rules", async () => {
    const email = await newAccount();
    const { cookie } = await signIn(email, PASSWORD, "10.0.3.1");
    const attempts = [
      rawAuth("POST", "/sign-up/email", {
        json: { email: "weak@lernhaus.test", password: "123456", name: "A" },
      }),
      rawAuth("POST", "/update-user", { cookie, json: { name: "x".repeat(200_000) } }),
      rawAuth("POST", "/update-user", { cookie, json: { image: "javascript:alert(document.cookie)" } }),
      rawAuth("POST", "/change-password", {
        cookie,
        json: { currentPassword: PASSWORD, newPassword: "123456", revokeOtherSessions: true },
      }),
      rawAuth("POST", "/two-factor/enable", { cookie, json: { password: PASSWORD } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await findUserByEmail(database.db, "weak@lernhaus.test")).toBeUndefined();
    const [row] = await database.db.select().from(userTable).where(eq(userTable.email, email));
    expect(row).toMatchObject({ name: "Trần Thị Lan", image: null });
    // The password is still the old one.
    expect((await signIn(email, PASSWORD, "10.0.3.1")).status).toBe(302);
  });

  it("never hand the session token to the browser", async () => {
    const email = await newAccount();
    const { cookie } = await signIn(email, PASSWORD, "10.0.4.1");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    for (const path of ["/get-session", "/list-sessions"]) {
      const response = await rawAuth("GET", path, { cookie });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(token);
    }
  });

  it("still pass the identity provider's callbacks and the error page to better-auth", async () => {
    const callback = await rawAuth("GET", "/callback/google?state=x&code=y");
    expect(callback.status).not.toBe(404);
    expect((await rawAuth("GET", "/error")).status).toBe(200);
  });
});

describe("changing the password without JavaScript", REACHES_A_LIMIT, () => {
  it("keeps the current session and ends the others", async () => {
    const email = await newAccount();
    const current = await signIn(email, PASSWORD, "10.0.5.1");
    const other = await signIn(email, PASSWORD, "10.0.5.2");
    const body = new FormData();
    body.set("intent", "change-password");
    body.set("currentPassword", PASSWORD);
    body.set("password", "Neues-Passwort-2026");
    body.set("confirmPassword", "Neues-Passwort-2026");
    const request = new Request(`${APP_URL}/profile`, {
      method: "POST",
      headers: { cookie: current.cookie, origin: APP_URL },
      body,
    });
    const result = await profileAction({ request, context, params: {} } as Parameters<
      typeof profileAction
    >[0]);
    expect(result).toMatchObject({ intent: "change-password", ok: "account:password.changed" });

    // The page rendered after the POST (and every later one) still sees the person signed in.
    const after = new Request(`${APP_URL}/profile`, { headers: { cookie: current.cookie } });
    expect((await getSessionUser(after, context))?.email).toBe(email);
    const elsewhere = new Request(`${APP_URL}/profile`, { headers: { cookie: other.cookie } });
    expect(await getSessionUser(elsewhere, context)).toBeNull();
    expect((await signIn(email, "Neues-Passwort-2026", "10.0.5.1")).status).toBe(302);
  });
});

describe("a password asked again inside a session", REACHES_A_LIMIT, () => {
  it("counts like a sign-in, so a stolen session cannot guess the password faster", async () => {
    const email = await newAccount();
    const { cookie } = await signIn(email, PASSWORD, "127.0.0.1");
    const changePassword = async (currentPassword: string) => {
      const body = new FormData();
      body.set("intent", "change-password");
      body.set("currentPassword", currentPassword);
      body.set("password", "Neues-Passwort-2026");
      body.set("confirmPassword", "Neues-Passwort-2026");
      const request = new Request(`${APP_URL}/profile`, {
        method: "POST",
        headers: { cookie, origin: APP_URL },
        body,
      });
      const result = await profileAction({ request, context, params: {} } as Parameters<
        typeof profileAction
      >[0]);
      return result as unknown as ActionData;
    };
    for (let i = 0; i < SIGN_IN_LIMITS.emailAtIp.limit; i++) {
      expect((await changePassword(`falsch-${i}`)).init.status).toBe(400);
    }
    const refused = await changePassword(PASSWORD);
    expect(refused.init.status).toBe(429);
    expect(refused.data).toMatchObject({
      errors: { "": ["auth:errors.tooManyRequestsWait"] },
      retryAfterMinutes: 10,
    });
    // The password did not change.
    expect((await signIn(email, PASSWORD, "10.0.6.1")).status).toBe(302);
  });
});
