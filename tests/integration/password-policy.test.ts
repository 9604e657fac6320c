// Issue 26 item 6: one password policy on every way to set a password. The matrix (each way ×
// each password of tests/support/password-policy-cases.ts) is generated from that one table:
// a refused password is refused with the policy's messages and is not set, an accepted one is set.
import { and, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, PASSWORD_REFUSED } from "~/auth/auth.server";
import { passwordWeaknessMessages } from "~/auth/password-strength.server";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { session as sessionTable, verification } from "~/db/schema";
import { findUserByEmail } from "~/models/user.server";
import { action as authApiAction } from "~/routes/api/auth";
import { action as resetAction } from "~/routes/auth/reset-password";
import { action as signupAction } from "~/routes/auth/signup";
import { action as profileAction } from "~/routes/site/profile";
import { cli } from "../support/cli";
import { ACCEPTED_PASSWORDS, PASSWORD_OWNER, REFUSED_PASSWORDS } from "../support/password-policy-cases";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3995";
const CURRENT = "Ausgangs-Kennwort-77!";

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

let serial = 0;
/** A fresh address whose local part and owner's name are the table's person ("personal" cases). */
const freshEmail = () => `${PASSWORD_OWNER.email.split("@")[0]}@p${++serial}.lernhaus.test`;
/** Each request from its own address, so that no per-address limit gets in the way. */
const freshIp = () => `10.${Math.floor(serial / 250) % 250}.${serial % 250}.${(serial % 7) + 1}`;

async function newAccount() {
  const email = freshEmail();
  const response = await authFor(context).api.signUpEmail({
    body: { email, password: CURRENT, name: PASSWORD_OWNER.name },
    headers: new Headers({ origin: APP_URL }),
    asResponse: true,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, cookie };
}

/** Whether `password` signs `email` in (better-auth checks the stored hash). */
async function passwordWorks(email: string, password: string) {
  const response = await authFor(context).api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: APP_URL }),
    asResponse: true,
  });
  await database.db.delete(sessionTable);
  return response.ok;
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

type Outcome = { set: boolean; errors?: string[] };
type Args<T extends (args: never) => unknown> = Parameters<T>[0];

async function settle(call: () => Promise<unknown>) {
  try {
    return { value: (await call()) as { data?: unknown; init?: { status?: number } } };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}

/** Each way to set a password: tries `password`, then says whether it is now the password. */
const WAYS: Record<string, (password: string) => Promise<Outcome>> = {
  async "sign-up form"(password) {
    const email = freshEmail();
    const request = new Request(`${APP_URL}/signup`, {
      method: "POST",
      headers: { origin: APP_URL },
      body: form({ name: PASSWORD_OWNER.name, email, password, confirmPassword: password }),
    });
    const result = await settle(() =>
      signupAction({ request, context: { ...context, clientIp: freshIp() }, params: {} } as Args<
        typeof signupAction
      >),
    );
    const set = Boolean(await findUserByEmail(database.db, email)) && (await passwordWorks(email, password));
    const reply = result.value?.data as { error?: Record<string, string[]> } | undefined;
    return { set, errors: reply?.error?.password };
  },

  async "password change on /profile"(password) {
    const { email, cookie } = await newAccount();
    const request = new Request(`${APP_URL}/profile`, {
      method: "POST",
      headers: { origin: APP_URL, cookie },
      body: form({
        intent: "change-password",
        currentPassword: CURRENT,
        password,
        confirmPassword: password,
      }),
    });
    const result = await settle(() =>
      profileAction({ request, context: { ...context, clientIp: freshIp() }, params: {} } as Args<
        typeof profileAction
      >),
    );
    const reply = (result.value?.data ?? result.value) as { errors?: Record<string, string[]> } | undefined;
    return { set: await passwordWorks(email, password), errors: reply?.errors?.password };
  },

  async "password reset link"(password) {
    const { email } = await newAccount();
    const user = await findUserByEmail(database.db, email);
    await authFor(context).api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: new Headers({ origin: APP_URL }),
    });
    const [row] = await database.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(eq(verification.value, user!.id), like(verification.identifier, "reset-password:%")));
    const token = row!.identifier.slice("reset-password:".length);
    const request = new Request(`${APP_URL}/reset-password`, {
      method: "POST",
      headers: { origin: APP_URL },
      body: form({ token, password, confirmPassword: password }),
    });
    const result = await settle(() =>
      resetAction({ request, context: { ...context, clientIp: freshIp() }, params: {} } as Args<
        typeof resetAction
      >),
    );
    const reply = (result.value?.data ?? result.value) as
      | { result?: { error?: Record<string, string[]> } }
      | undefined;
    return { set: await passwordWorks(email, password), errors: reply?.result?.error?.password };
  },

  // An attacker posting to better-auth's endpoints under /api/auth: closed (404), nothing set.
  async "better-auth's raw endpoints, through /api/auth"(password) {
    const { email, cookie } = await newAccount();
    const newEmail = freshEmail();
    const post = (path: string, json: unknown) =>
      settle(() =>
        authApiAction({
          request: new Request(`${APP_URL}/api/auth${path}`, {
            method: "POST",
            headers: { origin: APP_URL, cookie, "content-type": "application/json" },
            body: JSON.stringify(json),
          }),
          context,
          params: { "*": path.slice(1) },
        } as Args<typeof authApiAction>),
      );
    const answers = await Promise.all([
      post("/sign-up/email", { email: newEmail, password, name: PASSWORD_OWNER.name }),
      post("/change-password", { currentPassword: CURRENT, newPassword: password }),
      post("/reset-password", { newPassword: password, token: "x" }),
    ]);
    for (const answer of answers) expect((answer.thrown ?? (answer.value as Response)).status).toBe(404);
    const set =
      (await passwordWorks(email, password)) || Boolean(await findUserByEmail(database.db, newEmail));
    return { set };
  },

  // The same endpoints as if the route ever let them through: better-auth's own handler, whose
  // before-hook holds the policy for anything that calls it.
  async "better-auth's handler itself"(password) {
    const { email, cookie } = await newAccount();
    const newEmail = freshEmail();
    const post = (path: string, json: unknown) =>
      authFor(context).handler(
        new Request(`${APP_URL}/api/auth${path}`, {
          method: "POST",
          headers: {
            origin: APP_URL,
            cookie,
            "content-type": "application/json",
            // Its own rate limits count per client address.
            [CLIENT_IP_HEADER]: freshIp(),
          },
          body: JSON.stringify(json),
        }),
      );
    const signUp = await post("/sign-up/email", { email: newEmail, password, name: PASSWORD_OWNER.name });
    const change = await post("/change-password", { currentPassword: CURRENT, newPassword: password });
    const refusedBoth = [signUp, change].every((response) => response.status === 400);
    const codes = await Promise.all(
      [signUp, change].map((r) => r.json().then((b: { code?: string }) => b.code)),
    );
    const setByChange = await passwordWorks(email, password);
    const setBySignUp = Boolean(await findUserByEmail(database.db, newEmail));
    expect(setByChange).toBe(setBySignUp);
    if (refusedBoth) expect(codes).toEqual([PASSWORD_REFUSED, PASSWORD_REFUSED]);
    return { set: setByChange && setBySignUp };
  },

  // The operator's `npm run cli -- user create` (in this process: tests/support/cli.ts).
  async "the CLI"(password) {
    const email = freshEmail();
    const result = await cli(
      { DATABASE_URL: database.url, APP_URL, AUTH_SECRET: context.config.authSecret },
      ...["user", "create", "--email", email, "--password", password, "--name", PASSWORD_OWNER.name],
    );
    const set = result.code === 0 && (await passwordWorks(email, password));
    if (!set) expect(result).toMatchObject({ code: 2, out: expect.stringMatching(/password/) });
    return { set };
  },
};

/** The form ways show the policy's messages; the others only must not set the password. */
const SHOWS_MESSAGES = new Set(["sign-up form", "password change on /profile", "password reset link"]);

describe.each(Object.entries(WAYS))("setting a password by %s", (way, attempt) => {
  describe.each(REFUSED_PASSWORDS)("refuses $password ($weakness)", ({ password, weakness }) => {
    it("and does not set it", { timeout: 60_000 }, async () => {
      const outcome = await attempt(password);
      expect(outcome.set).toBe(false);
      if (SHOWS_MESSAGES.has(way)) expect(outcome.errors).toEqual(passwordWeaknessMessages(weakness));
    });
  });
  describe.each(ACCEPTED_PASSWORDS)("accepts %s", (password) => {
    it("and sets it", { timeout: 60_000 }, async () => {
      const outcome = await attempt(password);
      expect(outcome.set).toBe(way !== "better-auth's raw endpoints, through /api/auth");
    });
  });
});
