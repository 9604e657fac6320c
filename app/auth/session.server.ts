// Who is asking: the signed-in user (resolved on the server before rendering, so the header
// never flashes the wrong state) and the guards every protected loader and action calls.
import { eq } from "drizzle-orm";
import { type AppLoadContext, redirect } from "react-router";
import { unscopedDb } from "~/db/audit-actor.server";
import { session as sessionTable } from "~/db/schema";
import { log } from "~/lib/log.server";
import { isStaffRole, type StaffRole, staffHome } from "~/lib/permissions";
import { queueEmailVerificationMail } from "~/mail/templates/email-verification.server";
import { queuePasswordResetMail } from "~/mail/templates/password-reset.server";
import { isAdminTwoFactorRequired } from "~/models/two-factor.server";
import { findSessionWithUser } from "~/models/user.server";
import { roleOf, type UserRole } from "~/schemas/domain";
import { CLIENT_IP_HEADER, getAuth, SESSION_ABSOLUTE_MAX_AGE_MS } from "./auth.server";
import { signedSessionToken } from "./session-cookie.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: UserRole;
  sessionId: string;
  /** Signs in with a code from an authenticator app after the password (ADR 012). */
  twoFactorEnabled: boolean;
  /** The address is proven (the mailed link, or an identity provider that vouched for it). */
  emailVerified: boolean;
}

/** What the auth calls need of a request's context (the public forms' handlers have only this;
 * `responseCookies` is where a renewed or cleared session cookie goes, when the host sends one). */
type AuthContext = Pick<AppLoadContext, "db" | "config" | "clientIp" | "responseCookies">;

/** The request's headers with the client IP the host resolved (never one the client sent). */
export function authHeaders(request: Request, context: AuthContext) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  return headers;
}

export function authFor(context: AuthContext) {
  // Keyed on the shared handle: an admin request's actor-scoped handle (ADR 014) must not build
  // a second better-auth instance.
  const db = unscopedDb(context.db);
  return getAuth(
    db,
    context.config,
    (mail) => queuePasswordResetMail(db, mail),
    (mail) => queueEmailVerificationMail(db, mail),
  );
}

/** The lookups in flight, by request: the root, a layout and the page ask for the same person
 * at once (React Router runs their loaders side by side), and each asking went to the database
 * and verified the cookie again (ADR 041). They share one lookup while it runs; once it has
 * answered, the next asking looks again, so a change made meanwhile (a sign-out, a new role) is
 * seen. React Router hands each loader a Request object of its own (it strips its own parameters
 * from the address), so a request is known by its load context, which its loaders share, and
 * its Cookie header: nothing is shared between two requests, two people or two instances. */
const lookupsInFlight = new WeakMap<AuthContext, Map<string, Promise<SessionUser | null>>>();

export function getSessionUser(request: Request, context: AuthContext): Promise<SessionUser | null> {
  const cookie = request.headers.get("Cookie") ?? "";
  // Anonymous visitors (most traffic) cost no database query.
  if (!/session_token=/.test(cookie)) return Promise.resolve(null);
  let lookups = lookupsInFlight.get(context);
  if (!lookups) {
    lookups = new Map();
    lookupsInFlight.set(context, lookups);
  }
  let lookup = lookups.get(cookie);
  if (!lookup) {
    const running = lookUpSessionUser(request, context).finally(() => lookups.delete(cookie));
    lookups.set(cookie, running);
    lookup = running;
  }
  return lookup;
}

/** Who the request's session cookie belongs to (ADR 061). A signed cookie of a session that is
 * live and not yet due for renewal (most requests) is answered by one query joining the session
 * and its user. Anything else — a session that has expired or is due for renewal — goes through
 * better-auth's own lookup, which deletes the one and renews the other: its rules stay its own,
 * and the quick answer takes only what better-auth would answer the same. */
async function lookUpSessionUser(request: Request, context: AuthContext): Promise<SessionUser | null> {
  let found: Awaited<ReturnType<typeof findSessionWithUser>>;
  let sessionConfig: { expiresIn: number; updateAge: number };
  try {
    const authContext = await authFor(context).$context;
    sessionConfig = authContext.sessionConfig;
    const token = signedSessionToken(
      request.headers.get("Cookie") ?? "",
      authContext.authCookies.sessionToken.name,
      authContext.secret,
    );
    if (token === null) return null;
    found = await findSessionWithUser(unscopedDb(context.db), token);
  } catch (error) {
    log().error({ err: error }, "auth: session lookup failed");
    return null;
  }
  // A signed token of no session (signed out elsewhere, or removed): better-auth clears the cookie.
  if (!found) return lookUpThroughBetterAuth(request, context);
  const now = Date.now();
  const expiresAt = found.session.expiresAt.getTime();
  const dueForRenewal = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
  if (expiresAt < now || dueForRenewal) return lookUpThroughBetterAuth(request, context);
  return sessionUserOf(found, context);
}

/** better-auth's own lookup, with our cap on a session's total life: what every request went
 * through before ADR 061, and what the quick lookup must answer the same as (its tests compare
 * the two over every kind of session and cookie). The cookie it sets — the session's, renewed
 * for another week, or cleared for a session that is over — goes to the browser with the
 * request's answer (ADR 062): without it the browser drops a session on the day its first
 * cookie runs out, however often it was used. */
export async function lookUpThroughBetterAuth(
  request: Request,
  context: AuthContext,
): Promise<SessionUser | null> {
  let result: Awaited<ReturnType<ReturnType<typeof authFor>["api"]["getSession"]>>;
  try {
    const { headers, response } = await authFor(context).api.getSession({
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    context.responseCookies?.push(...headers.getSetCookie());
    result = response;
  } catch (error) {
    log().error({ err: error }, "auth: session lookup failed");
    return null;
  }
  if (!result) return null;
  return sessionUserOf(
    {
      session: {
        ...result.session,
        expiresAt: new Date(result.session.expiresAt),
        createdAt: new Date(result.session.createdAt),
      },
      user: {
        ...result.user,
        image: result.user.image ?? null,
        role: (result.user as { role?: unknown }).role,
      },
    },
    context,
  );
}

interface FoundSession {
  session: { id: string; expiresAt: Date; createdAt: Date };
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: unknown;
    twoFactorEnabled?: boolean | null;
    emailVerified: boolean;
  };
}

async function sessionUserOf(
  { session, user }: FoundSession,
  context: AuthContext,
): Promise<SessionUser | null> {
  // Sliding sessions are renewed while used; this caps their total life.
  if (Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_MAX_AGE_MS) {
    await context.db.delete(sessionTable).where(eq(sessionTable.id, session.id));
    return null;
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role: roleOf(user.role),
    sessionId: session.id,
    twoFactorEnabled: user.twoFactorEnabled === true,
    emailVerified: user.emailVerified === true,
  };
}

/** The signed-in person's name and email, which the enrolment and contact forms start with. */
export async function formPrefill(request: Request, context: AuthContext) {
  const user = await getSessionUser(request, context);
  return user ? { name: user.name, email: user.email } : undefined;
}

/** spec §2 guard: a page sends whoever may not see it where they belong (anonymous visitors to
 * /login, a learner to /, a member of staff to their own start page); a mutation by anyone
 * without the right is refused with 403 and changes nothing. */
export function refuse(request: Request, to: string | Pick<SessionUser, "role">): never {
  if (request.method === "GET" || request.method === "HEAD")
    throw redirect(typeof to === "string" ? to : homeFor(to));
  throw new Response("Forbidden", { status: 403 });
}

export async function requireUser(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    refuse(request, `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** The page where a member of staff sets up the second factor; reachable while the school
 * requires one of admins and the admin has none yet. */
export const TWO_FACTOR_SETUP_PAGE = "/admin/profile";

export type StaffUser = SessionUser & { role: StaffRole };

// Whether the school requires a second factor of admins, asked once per request: an admin page's
// layout and the page itself each guard their loader, and run side by side.
const twoFactorRequirements = new WeakMap<AppLoadContext, Promise<boolean>>();

function adminTwoFactorRequired(context: AppLoadContext) {
  let required = twoFactorRequirements.get(context);
  if (!required) {
    required = isAdminTwoFactorRequired(context.db);
    twoFactorRequirements.set(context, required);
  }
  return required;
}

/** spec §2: no signed-in user → /login; a signed-in learner → /. Which staff may do what is the
 * permission table's (app/auth/staff-guard.server.ts asks it).
 * While the school requires a second factor (ADR 012), an admin without one is sent to set
 * it up before any other admin page (and their writes elsewhere are refused). */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await getSessionUser(request, context);
  if (!user) refuse(request, "/login");
  if (!isStaffRole(user.role)) refuse(request, "/");
  if (user.role === "admin" && !user.twoFactorEnabled && (await adminTwoFactorRequired(context))) {
    const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
    if (path !== TWO_FACTOR_SETUP_PAGE) refuse(request, `${TWO_FACTOR_SETUP_PAGE}?twoFactor=required`);
  }
  return user as StaffUser;
}

/** spec §2: where someone lands after signing in (or opening /login while signed in): a learner
 * on the home page, a member of staff on the first admin page their role may open. */
export function homeFor(user: Pick<SessionUser, "role">): string {
  return isStaffRole(user.role) ? staffHome(user.role) : "/";
}

/** The admin panel's page a member of staff lands on; null for a learner (the header's menu). */
export function staffHomeOf(user: Pick<SessionUser, "role">): string | null {
  return isStaffRole(user.role) ? staffHome(user.role) : null;
}

/** Copies better-auth's Set-Cookie headers (session, OAuth state) onto our response. */
export function forwardCookies(from: Response, headers: Headers = new Headers()) {
  for (const cookie of from.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
