// better-auth, configured once per process (architecture §2): email + password, Google or a
// generic OpenID Connect provider behind the same button, database sessions, database-backed
// rate limits, a `role` on the user, password reset and address verification mail through the
// outbox, and a TOTP second factor for the accounts (admins) that turn it on.
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { log } from "~/lib/log.server";
import { getUserById, isResetTokenValid } from "~/models/user.server";
import { passwordWeakness } from "./password-strength.server";

/** Header carrying the client IP resolved by the host (server/client-ip.ts); any value a client
 * sends itself is replaced before better-auth sees the request. */
export const CLIENT_IP_HEADER = "x-lernhaus-client-ip";

/** The name authenticator apps show next to the code. */
export const TOTP_ISSUER = "Lernhaus";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7; // sliding: renewed daily while used
export const SESSION_ABSOLUTE_MAX_AGE_MS = 1000 * 60 * 60 * 24 * 30; // then sign in again

/** The language the current request's mail should use (set around auth calls). */
export const mailLanguage = new AsyncLocalStorage<Language>();

export interface ResetMail {
  to: string;
  name: string;
  url: string;
  language: Language;
}

/** The address-verification link: our own page (/verify-email), which calls better-auth on the
 * server, since better-auth's endpoint is closed to browsers (ADR 012). */
export type VerificationMail = ResetMail;

/** How long a verification link works: a day, since people open sign-up mail later. */
export const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;

/** The mails are injected so that the CLI and tests can use accounts without the mail templates;
 * without `sendVerificationMail` sign-up sends none (the CLI, test fixtures). */
export function createAuth(
  db: Db,
  config: AppConfig,
  sendResetMail: (mail: ResetMail) => Promise<void>,
  sendVerificationMail?: (mail: VerificationMail) => Promise<void>,
) {
  const https = config.APP_URL.startsWith("https:");
  return betterAuth({
    appName: "Lernhaus",
    baseURL: config.APP_URL,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    user: {
      additionalFields: {
        // spec §3: role default "user"; never settable by the person signing up.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true, // architecture §4: sign-up signs the new person in at once
      minPasswordLength: 6, // spec §9
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await sendResetMail({
          to: user.email,
          name: user.name,
          url: `${config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`,
          language: mailLanguage.getStore() ?? defaultLanguage,
        });
      },
    },
    // Sign-up mails a link proving the address; signing in does not wait for it (the spec lets
    // unverified people sign in), but /profile lists enrolments by email only once it is proven.
    // Google and OIDC accounts arrive verified when the provider says so.
    emailVerification: sendVerificationMail
      ? {
          sendOnSignUp: true,
          autoSignInAfterVerification: false,
          expiresIn: VERIFICATION_LINK_SECONDS,
          async sendVerificationEmail({ user, token }) {
            await sendVerificationMail({
              to: user.email,
              name: user.name,
              url: `${config.APP_URL}/verify-email?token=${encodeURIComponent(token)}`,
              language: mailLanguage.getStore() ?? defaultLanguage,
            });
          },
        }
      : undefined,
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              prompt: "select_account", // spec §7: always asks to choose an account
            },
          }
        : undefined,
    plugins: [
      // A second factor (TOTP, with recovery codes; ADR 012) for the accounts that turn it
      // on; sign-in with a password then asks for the code (app/auth/two-factor.server.ts).
      twoFactor({ issuer: TOTP_ISSUER }),
      ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "oidc",
                  discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  scopes: ["openid", "email", "profile"],
                  prompt: "select_account",
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: { before: passwordPolicyHook(db) },
    databaseHooks: {
      session: {
        create: {
          // The two-factor plugin guards password sign-in only; an identity provider's callback
          // would otherwise sign in an account that has a second factor without it. Such
          // accounts sign in with password and code (docs/decisions/012-…).
          async before(session, endpoint) {
            if (!endpoint?.path || !/^\/(oauth2\/)?callback\//.test(endpoint.path)) return;
            const [row] = await db
              .select({ twoFactorEnabled: schema.user.twoFactorEnabled })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.twoFactorEnabled) return false;
          },
        },
      },
    },
    rateLimit: {
      // Our forms call better-auth on the server and apply their own limits
      // (app/auth/attempt-limits.server.ts); this only guards what app/routes/api/auth.ts lets
      // through from the browser (the identity providers' callbacks).
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 600, max: 30 },
        "/sign-up/email": { window: 3600, max: 20 },
        "/request-password-reset": { window: 3600, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Its own failures go into our log, as one line each with the request id (ADR 016).
    logger: {
      level: "error",
      log: (level, message, ...details) => {
        const err = details.find((detail) => detail instanceof Error);
        const rest = details.filter((detail) => detail !== err);
        log()[level]({ err, ...(rest.length ? { details: rest } : {}) }, `better-auth: ${message}`);
      },
    },
  });
}

/** better-auth's error code for a password the policy refuses; `weakness` says why. */
export const PASSWORD_REFUSED = "PASSWORD_REFUSED";

/** Whose password an endpoint sets, for the endpoints that set one. */
const PASSWORD_SETTERS: Record<string, true> = {
  "/sign-up/email": true,
  "/change-password": true,
  "/set-password": true,
  "/reset-password": true,
};

/** The password policy at better-auth's door: whatever calls it (our forms, the CLI, its raw
 * HTTP endpoints should one ever be opened), no password is set that `passwordWeakness`
 * refuses (docs/decisions/035-…). */
function passwordPolicyHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (!PASSWORD_SETTERS[ctx.path]) return;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const password = typeof body.newPassword === "string" ? body.newPassword : body.password;
    if (typeof password !== "string") return; // better-auth's own schema refuses it
    let person: { email: string; name: string } | undefined;
    if (ctx.path === "/sign-up/email") {
      person = { email: String(body.email ?? ""), name: String(body.name ?? "") };
    } else if (ctx.path === "/reset-password") {
      const token = typeof body.token === "string" ? body.token : String(ctx.query?.token ?? "");
      const userId = token ? await isResetTokenValid(db, token) : undefined;
      person = userId ? await getUserById(db, userId) : undefined;
    } else {
      person = (await getSessionFromCtx(ctx))?.user;
    }
    // Without a person (a bad token, no session) better-auth refuses the call itself; the
    // password is still held to the rules that need no person.
    const weakness = await passwordWeakness(password, person ?? { email: "", name: "" });
    if (weakness) {
      throw new APIError("BAD_REQUEST", { code: PASSWORD_REFUSED, message: "Password refused", weakness });
    }
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** The process's auth instance for this database (created on first use). */
export function getAuth(
  db: Db,
  config: AppConfig,
  sendResetMail: (mail: ResetMail) => Promise<void>,
  sendVerificationMail: (mail: VerificationMail) => Promise<void>,
): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db, config, sendResetMail, sendVerificationMail);
    instances.set(db, auth);
  }
  return auth;
}
