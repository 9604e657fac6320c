// The second factor (ADR 012) through the real route modules: an admin sets up a TOTP second factor on
// /admin/profile, then signs in with password + a code computed here as an authenticator app
// would (RFC 6238), or with a recovery code; code attempts are limited; the school can require
// a second factor of every admin.
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECOND_FACTOR_LIMITS } from "~/auth/attempt-limits.server";
import { authFor, getSessionUser, requireStaff } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { session as sessionTable, user as userTable } from "~/db/schema";
import { removeTwoFactor } from "~/models/two-factor.server";
import { findUserByEmail, setUserRole } from "~/models/user.server";
import { action as profileAction, loader as profileLoader } from "~/routes/admin/profile";
import { action as securityAction } from "~/routes/admin/settings.security";
import { loader as authApiLoader } from "~/routes/api/auth";
import { action as loginAction } from "~/routes/auth/login";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/auth/two-factor";
import { cli } from "../support/cli";
import { createTestDatabase } from "../support/test-database";
import { totp, wrongTotp } from "../support/totp";

const APP_URL = "http://localhost:3995";
const PASSWORD = "Lernen-2025!";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
// A real OpenID Connect provider on loopback; it signs in whoever `oidcPerson` names.
const oidc = new OAuth2Server();
let oidcPerson = { sub: "", email: "", name: "Cô Hoa" };

beforeAll(async () => {
  database = await createTestDatabase();
  await oidc.issuer.keys.generate("RS256");
  oidc.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { ...oidcPerson, email_verified: true });
  });
  oidc.service.on("beforeUserinfo", (response) => {
    response.body = { ...oidcPerson, email_verified: true };
  });
  await oidc.start(0, "localhost");
  const config = {
    ...parseConfig({
      APP_URL,
      OIDC_ISSUER: oidc.issuer.url!,
      OIDC_CLIENT_ID: "lernhaus-test",
      OIDC_CLIENT_SECRET: "lernhaus-test-secret",
    }),
    authSecret: "integration-test-secret-0123456789abcdef",
  };
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

afterAll(async () => {
  await oidc.stop();
});

/** Each call gets its own copy: admin actions swap the request's database handle. */
const ctx = (ip = "127.0.0.1") => ({ ...context, clientIp: ip });

let counter = 0;
async function newAdmin() {
  const email = `admin.${++counter}@lernhaus.test`;
  const { user } = await authFor(context).api.signUpEmail({
    body: { email, password: PASSWORD, name: "Cô Hoa" },
    headers: new Headers({ origin: APP_URL }),
  });
  await setUserRole(database.db, user.id, "admin");
  return email;
}

/** Cookies set by a response, as a Cookie header (expired ones dropped). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

type ActionData = {
  init: { status: number; headers?: Record<string, string> };
  data: Record<string, unknown>;
};

/** Runs a route action; a redirect comes back as the thrown Response, anything else as data. */
async function run<A extends (args: never) => unknown>(
  action: A,
  url: string,
  form: Record<string, string>,
  cookie = "",
  ip?: string,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.set(key, value);
  const request = new Request(`${APP_URL}${url}`, {
    method: "POST",
    headers: { origin: APP_URL, cookie },
    body,
  });
  try {
    const result = (await action({ request, context: ctx(ip), params: {} } as never)) as unknown;
    if (result && typeof result === "object" && "init" in result) {
      const { init, data } = result as ActionData;
      return { status: init.status, data, headers: init.headers ?? {}, location: "", cookie: "" };
    }
    return { status: 200, data: result as Record<string, unknown>, headers: {}, location: "", cookie: "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      data: {},
      headers: {},
      location: thrown.headers.get("Location") ?? "",
      cookie: cookiesOf(thrown),
    };
  }
}

const signIn = (email: string, password = PASSWORD, ip?: string) =>
  run(loginAction, "/login", { email, password }, "", ip);

async function profile(cookie: string) {
  const request = new Request(`${APP_URL}/admin/profile`, { headers: { cookie } });
  return profileLoader({ request, context: ctx(), params: {} } as never);
}

/** Sets up the second factor for a signed-in admin; returns the secret and recovery codes. */
async function enrol(cookie: string) {
  expect(
    (await run(profileAction, "/admin/profile", { intent: "two-factor-start", password: PASSWORD }, cookie))
      .status,
  ).toBe(200);
  const setup = (await profile(cookie)).twoFactor;
  if (setup.status !== "pending") throw new Error(`setup is ${setup.status}`);
  const confirmed = await run(
    profileAction,
    "/admin/profile",
    { intent: "two-factor-confirm", code: totp(setup.secret) },
    cookie,
  );
  expect(confirmed.data).toMatchObject({ intent: "two-factor-confirm", ok: "account:twoFactor.turnedOn" });
  return { secret: setup.secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

describe("the admin second factor", () => {
  it("is set up on /admin/profile with a QR code, confirmed with a code, and keeps the session", async () => {
    const email = await newAdmin();
    const { cookie } = await signIn(email);

    const wrongPassword = await run(
      profileAction,
      "/admin/profile",
      { intent: "two-factor-start", password: "falsch-123" },
      cookie,
    );
    expect(wrongPassword.status).toBe(400);
    expect((await profile(cookie)).twoFactor).toEqual({ status: "off" });

    await run(profileAction, "/admin/profile", { intent: "two-factor-start", password: PASSWORD }, cookie);
    const setup = (await profile(cookie)).twoFactor;
    if (setup.status !== "pending") throw new Error("no pending setup");
    expect(setup.uri).toMatch(
      new RegExp(
        `^otpauth://totp/Lernhaus:${encodeURIComponent(email)}\\?secret=${setup.secret}&issuer=Lernhaus`,
      ),
    );
    expect(setup.qr.size).toBeGreaterThan(20);
    expect(setup.qr.path).toMatch(/^(M\d+ \d+h(\d+)v1h-\2z)+$/);

    const wrong = await run(
      profileAction,
      "/admin/profile",
      { intent: "two-factor-confirm", code: wrongTotp(setup.secret) },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors).toEqual({ code: ["auth:twoFactor.invalidCode"] });

    const confirmed = await run(
      profileAction,
      "/admin/profile",
      { intent: "two-factor-confirm", code: totp(setup.secret) },
      cookie,
    );
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    // The page rendered after this POST still has the admin signed in, now with a second factor.
    const me = await getSessionUser(new Request(APP_URL, { headers: { cookie } }), context);
    expect(me).toMatchObject({ email, twoFactorEnabled: true });
    expect((await profile(cookie)).twoFactor).toEqual({ status: "on" });
  });

  it("asks for the code after the password, and signs in with a real TOTP code", async () => {
    const email = await newAdmin();
    const { secret } = await enrol((await signIn(email)).cookie);

    const password = await signIn(email);
    expect(password.status).toBe(302);
    expect(password.location).toBe("/login/two-factor");
    expect(password.cookie).toMatch(/better-auth\.two_factor=/);
    expect(password.cookie).not.toMatch(/session_token=/);
    // The password alone is no session.
    expect(
      await getSessionUser(new Request(APP_URL, { headers: { cookie: password.cookie } }), context),
    ).toBeNull();
    // The second step's page opens only with that challenge.
    const page = new Request(`${APP_URL}/login/two-factor`, { headers: { cookie: password.cookie } });
    expect(await secondStepLoader({ request: page, context: ctx(), params: {} } as never)).toBeNull();
    await expect(
      secondStepLoader({
        request: new Request(`${APP_URL}/login/two-factor`),
        context: ctx(),
        params: {},
      } as never),
    ).rejects.toMatchObject({ status: 302 });

    const wrong = await run(
      secondStepAction,
      "/login/two-factor",
      { code: wrongTotp(secret) },
      password.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toEqual({ "": ["auth:twoFactor.invalidCode"] });

    const signedIn = await run(
      secondStepAction,
      "/login/two-factor",
      { code: totp(secret) },
      password.cookie,
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/admin");
    const admin = await requireStaff(
      new Request(`${APP_URL}/admin`, { headers: { cookie: signedIn.cookie } }),
      context,
    );
    expect(admin.email).toBe(email);
  });

  it("signs in once with an app code: not again within its window, nor with an earlier code", async () => {
    const email = await newAdmin();
    const { secret } = await enrol((await signIn(email)).cookie);
    const code = totp(secret);
    const step = (cookie: string, value: string) =>
      run(secondStepAction, "/login/two-factor", { code: value }, cookie);

    expect((await step((await signIn(email)).cookie, code)).status).toBe(302);
    // Someone who saw the code (over the shoulder, a phishing page) replays it at once.
    const replay = await step((await signIn(email)).cookie, code);
    expect(replay.status).toBe(400);
    expect(replay.data.error).toEqual({ "": ["auth:twoFactor.invalidCode"] });
    // The code of the step before is still inside the clock drift, but older than the used one.
    expect((await step((await signIn(email)).cookie, totp(secret, Date.now() - 30_000))).status).toBe(400);
    // The app's next code signs in.
    expect((await step((await signIn(email)).cookie, totp(secret, Date.now() + 30_000))).status).toBe(302);
  });

  it("lets only one of two simultaneous sign-ins use the same app code", async () => {
    const email = await newAdmin();
    const { secret } = await enrol((await signIn(email)).cookie);
    const [first, second] = [await signIn(email), await signIn(email)];
    const code = totp(secret);
    const results = await Promise.all(
      [first, second].map((challenge) =>
        run(secondStepAction, "/login/two-factor", { code }, challenge.cookie),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([302, 400]);
  });

  it("accepts each recovery code once instead of the app's code", async () => {
    const email = await newAdmin();
    const { recoveryCodes } = await enrol((await signIn(email)).cookie);
    const first = await signIn(email);
    const used = await run(secondStepAction, "/login/two-factor", { code: recoveryCodes[0]! }, first.cookie);
    expect(used.status).toBe(302);
    expect(used.location).toBe("/admin");

    const second = await signIn(email);
    const again = await run(
      secondStepAction,
      "/login/two-factor",
      { code: recoveryCodes[0]! },
      second.cookie,
    );
    expect(again.status).toBe(400);
    // Typed without the dash, another one works.
    const other = await run(
      secondStepAction,
      "/login/two-factor",
      { code: recoveryCodes[1]!.replace("-", "") },
      second.cookie,
    );
    expect(other.status).toBe(302);
  });

  it("limits code guessing and says how long to wait", async () => {
    const email = await newAdmin();
    const { secret } = await enrol((await signIn(email)).cookie);
    const challenge = await signIn(email, PASSWORD, "10.7.0.1");
    for (let i = 0; i < SECOND_FACTOR_LIMITS.user.limit; i++) {
      const guess = await run(
        secondStepAction,
        "/login/two-factor",
        { code: wrongTotp(secret) },
        challenge.cookie,
        "10.7.0.1",
      );
      expect(guess.status).toBe(400);
    }
    const fresh = await signIn(email, PASSWORD, "10.7.0.1");
    const refused = await run(
      secondStepAction,
      "/login/two-factor",
      { code: totp(secret) },
      fresh.cookie,
      "10.7.0.1",
    );
    expect(refused.status).toBe(429);
    expect(refused.data.error).toEqual({ "": ["auth:errors.tooManyRequestsWait"] });
    expect(refused.data.retryAfterMinutes).toBe(10);
  });

  it("is required of every admin once the school turns it on, and then cannot be turned off", async () => {
    const withFactor = await newAdmin();
    const withCookie = (await signIn(withFactor)).cookie;
    const without = await newAdmin();
    const withoutCookie = (await signIn(without)).cookie;

    // Only an admin who has a second factor can require it.
    const early = await run(
      securityAction,
      "/admin/settings/security",
      { requireAdminTwoFactor: "on" },
      withoutCookie,
    );
    expect(early.status).toBe(409);
    const { secret } = await enrol(withCookie);
    // The session rotated by sign-in is the admin's; sign in again with the code to act.
    const challenge = await signIn(withFactor);
    const acting = (
      await run(secondStepAction, "/login/two-factor", { code: totp(secret) }, challenge.cookie)
    ).cookie;
    expect(
      (await run(securityAction, "/admin/settings/security", { requireAdminTwoFactor: "on" }, acting)).data,
    ).toEqual({ saved: true });

    // The admin without one is sent to set it up before any other admin page…
    const students = new Request(`${APP_URL}/admin/students`, { headers: { cookie: withoutCookie } });
    await expect(requireStaff(students, context)).rejects.toMatchObject({ status: 302 });
    const refused = await requireStaff(students, context).catch((r: Response) => r);
    expect((refused as Response).headers.get("Location")).toBe("/admin/profile?twoFactor=required");
    const write = new Request(`${APP_URL}/admin/students`, {
      method: "POST",
      headers: { cookie: withoutCookie },
    });
    await expect(requireStaff(write, context)).rejects.toMatchObject({ status: 403 });
    // …which shows the requirement and lets them set it up, after which the panel opens again.
    expect((await profile(withoutCookie)).twoFactorRequired).toBe(true);
    await enrol(withoutCookie);
    expect((await requireStaff(students, context)).email).toBe(without);

    const off = await run(
      profileAction,
      "/admin/profile",
      { intent: "two-factor-off", password: PASSWORD },
      acting,
    );
    expect(off.status).toBe(409);
    expect((await run(securityAction, "/admin/settings/security", {}, acting)).data).toEqual({ saved: true });
    expect(
      (
        await run(
          profileAction,
          "/admin/profile",
          { intent: "two-factor-off", password: "falsch-123" },
          acting,
        )
      ).status,
    ).toBe(400);
    const turnedOff = await run(
      profileAction,
      "/admin/profile",
      { intent: "two-factor-off", password: PASSWORD },
      acting,
    );
    expect(turnedOff.data).toMatchObject({ ok: "account:twoFactor.turnedOff" });
    // The password alone signs in again.
    const plain = await signIn(withFactor);
    expect(plain.location).toBe("/admin");
    await database.db.delete(sessionTable);
  });
});

describe("ways around the second factor", () => {
  /** The identity-provider round trip: our button, the provider, its callback to better-auth. */
  async function thirdPartySignIn() {
    const start = await run(loginAction, "/login", { intent: "third-party" });
    expect(start.status).toBe(302);
    const atProvider = await fetch(start.location, { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("Location")!);
    expect(callback.pathname).toBe("/api/auth/callback/oidc");
    const request = new Request(callback, { headers: { cookie: start.cookie } });
    const response = (await authApiLoader({ request, context: ctx(), params: {} } as never)) as Response;
    return { location: response.headers.get("Location") ?? "", cookie: cookiesOf(response) };
  }

  it("is not skipped by signing in with the identity provider", async () => {
    const email = await newAdmin();
    await enrol((await signIn(email)).cookie);
    oidcPerson = { sub: `oidc-${email}`, email, name: "Cô Hoa" };
    // better-auth links a provider's account to an existing one only when both verified the email.
    await database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));

    const refused = await thirdPartySignIn();
    expect(refused.location).toMatch(/^\/login\?error=third-party/);
    expect(refused.location).not.toContain("not_linked");
    expect(refused.cookie).not.toMatch(/session_token=/);

    // The same round trip signs in once the account has no second factor.
    await removeTwoFactor(database.db, (await findUserByEmail(database.db, email))!.id);
    const accepted = await thirdPartySignIn();
    expect(accepted.location).toBe("/auth/continue");
    expect(accepted.cookie).toMatch(/session_token=/);
  });

  it("can be turned off from the server's command line when phone and recovery codes are lost", async () => {
    const email = await newAdmin();
    await enrol((await signIn(email)).cookie);
    expect((await signIn(email)).location).toBe("/login/two-factor");
    const { out } = await cli(
      { DATABASE_URL: database.url, APP_URL, AUTH_SECRET: context.config.authSecret },
      ...["user", "two-factor-off", "--email", email],
    );
    expect(out).toContain(`two-step verification is off for ${email}`);
    expect((await signIn(email)).location).toBe("/admin");
  });
});
