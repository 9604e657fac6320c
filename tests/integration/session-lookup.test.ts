// One request, one session lookup (ADR 041): the root, a layout and the page each ask who is
// signed in, at once; they must share one trip to the database, and an asking after that
// answer must look again (a sign-out in between is seen). Two requests never share one.
import { randomBytes } from "node:crypto";
import { serializeSignedCookie } from "better-call";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser, lookUpThroughBetterAuth, requireUser } from "~/auth/session.server";
import { session } from "~/db/schema";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3999";

describe("the session lookup of a request", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fixture: ReturnType<typeof createSessionFixture>;
  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = createSessionFixture(database.db, APP_URL);
  });

  /** The statements sent to PostgreSQL while `work` runs (every query of the app goes through
   * the pool's query, transactions aside: a session lookup runs none). */
  async function statementsDuring<T>(work: () => Promise<T>) {
    const sent: string[] = [];
    const query = database.pool.query;
    database.pool.query = ((...args: unknown[]) => {
      const [first] = args;
      sent.push(typeof first === "string" ? first : String((first as { text?: string })?.text ?? ""));
      return (query as (...a: unknown[]) => unknown).apply(database.pool, args);
    }) as typeof query;
    try {
      return { result: await work(), sent };
    } finally {
      database.pool.query = query;
    }
  }

  const pageRequest = (cookie: string) => new Request(`${APP_URL}/profile`, { headers: { cookie } });

  it("asks the database once when the root, a layout and the page ask at once", async () => {
    const cookie = await fixture.cookieFor("lan@lernhaus.test", "Lan", "user");
    const { context } = fixture;
    const alone = await statementsDuring(() => getSessionUser(pageRequest(cookie), context));
    expect(alone.result?.email).toBe("lan@lernhaus.test");
    expect(alone.sent.length).toBeGreaterThan(0);

    // As React Router calls them: each loader gets a Request object of its own (the address
    // without the framework's parameters), all of them the request's one load context.
    const together = await statementsDuring(() =>
      Promise.all([
        getSessionUser(pageRequest(cookie), context),
        requireUser(pageRequest(cookie), context),
        getSessionUser(pageRequest(cookie), context),
      ]),
    );
    expect(together.result.map((user) => user?.email)).toEqual([
      "lan@lernhaus.test",
      "lan@lernhaus.test",
      "lan@lernhaus.test",
    ]);
    expect(together.sent).toEqual(alone.sent);
  });

  it("looks again once the lookup has answered: a sign-out in between is seen", async () => {
    const cookie = await fixture.cookieFor("minh@lernhaus.test", "Minh", "user");
    const { context } = fixture;
    const request = pageRequest(cookie);
    const before = await getSessionUser(request, context);
    expect(before?.email).toBe("minh@lernhaus.test");
    await database.db.delete(session).where(eq(session.id, before!.sessionId));
    expect(await getSessionUser(request, context)).toBeNull();
  });

  it("two requests of one person at once each look for themselves", async () => {
    const cookie = await fixture.cookieFor("hoa@lernhaus.test", "Hoa", "user");
    const alone = await statementsDuring(() => getSessionUser(pageRequest(cookie), fixture.context));
    const twoRequests = await statementsDuring(() =>
      Promise.all([
        getSessionUser(pageRequest(cookie), { ...fixture.context }),
        getSessionUser(pageRequest(cookie), { ...fixture.context }),
      ]),
    );
    expect(twoRequests.result.map((user) => user?.email)).toEqual(["hoa@lernhaus.test", "hoa@lernhaus.test"]);
    expect(twoRequests.sent).toHaveLength(2 * alone.sent.length);
  });

  it("never answers one request with another's person", async () => {
    const lanCookie = await fixture.cookieFor("an@lernhaus.test", "An", "user");
    const binhCookie = await fixture.cookieFor("binh@lernhaus.test", "Binh", "user");
    const { context } = fixture;
    const people = await Promise.all(
      [lanCookie, binhCookie, lanCookie, binhCookie].map((cookie) =>
        getSessionUser(pageRequest(cookie), context),
      ),
    );
    expect(people.map((user) => user?.email)).toEqual([
      "an@lernhaus.test",
      "binh@lernhaus.test",
      "an@lernhaus.test",
      "binh@lernhaus.test",
    ]);
  });
});

// ADR 061: the quick lookup (one query) answers what better-auth's own lookup answers, and leaves
// the session as better-auth would (renewed, deleted), for every kind of session and every form
// a Cookie header can take — the matrix below, each case on two identical sessions, one asked
// each way.
describe("the quick session lookup agrees with better-auth's", () => {
  const COOKIE = "better-auth.session_token";
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const WEEK = 7 * DAY;
  /** Sessions as the database may hold them: when made, when they expire. */
  const SESSION_STATES = {
    live: { age: HOUR, expiresIn: WEEK - HOUR },
    dueForRenewal: { age: 2 * DAY, expiresIn: WEEK - DAY - HOUR },
    expired: { age: 10 * DAY, expiresIn: -60_000 },
    pastTheAbsoluteLimit: { age: 31 * DAY, expiresIn: WEEK - HOUR },
    neverMade: null,
  } as const;
  const sign = async (token: string, secret: string) =>
    (await serializeSignedCookie(COOKIE, token, secret)).split(";")[0]!.slice(COOKIE.length + 1);
  const flip = (text: string, at: number) =>
    text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  /** The Cookie headers a browser, a proxy or an attacker may send for a session's token. */
  const COOKIE_FORMS: Record<string, (token: string, secret: string) => Promise<string>> = {
    asSet: async (t, s) => `${COOKIE}=${await sign(t, s)}`,
    quoted: async (t, s) => `${COOKIE}="${await sign(t, s)}"`,
    notEncoded: async (t, s) => `${COOKIE}=${decodeURIComponent(await sign(t, s))}`,
    amongOthers: async (t, s) => `lng=en; ${COOKIE}=${await sign(t, s)}; theme=x`,
    tamperedToken: async (t, s) => `${COOKIE}=${flip(await sign(t, s), 0)}`,
    tamperedSignature: async (t, s) => {
      const value = decodeURIComponent(await sign(t, s));
      return `${COOKIE}=${encodeURIComponent(flip(value, value.length - 20))}`;
    },
    signedElsewhere: async (t) => `${COOKIE}=${await sign(t, "another-secret-0123456789abcdef-xyz")}`,
    truncated: async (t, s) => `${COOKIE}=${(await sign(t, s)).slice(0, -4)}`,
    withoutSignature: async (t) => `${COOKIE}=${t}`,
    secureNameOverHttp: async (t, s) => `__Secure-${COOKIE}=${await sign(t, s)}`,
    forgedOneFirst: async (t, s) =>
      `${COOKIE}=${await sign(t, "another-secret-0123456789abcdef-xyz")}; ${COOKIE}=${await sign(t, s)}`,
    ownOneFirst: async (t, s) =>
      `${COOKIE}=${await sign(t, s)}; ${COOKIE}=${await sign(t, "another-secret-0123456789abcdef-xyz")}`,
  };

  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fixture: ReturnType<typeof createSessionFixture>;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = createSessionFixture(database.db, APP_URL);
    const cookie = await fixture.cookieFor("matrix@lernhaus.test", "Matrix", "user");
    userId = (await getSessionUser(pageRequest(cookie), fixture.context))!.id;
  });
  const pageRequest = (cookie: string) => new Request(`${APP_URL}/profile`, { headers: { cookie } });

  /** A session in `state` (none for `neverMade`); its token. */
  async function sessionIn(state: keyof typeof SESSION_STATES) {
    const token = randomBytes(24).toString("base64url");
    const shape = SESSION_STATES[state];
    if (shape) {
      const now = Date.now();
      await database.db.insert(session).values({
        id: randomBytes(12).toString("hex"),
        token,
        userId,
        createdAt: new Date(now - shape.age),
        updatedAt: new Date(now - shape.age),
        expiresAt: new Date(now + shape.expiresIn),
      });
    }
    return token;
  }
  /** What became of a session: gone, renewed (its expiry moved on), or as it was. */
  async function fateOf(token: string, before: Date | undefined) {
    const [row] = await database.db.select().from(session).where(eq(session.token, token));
    if (!row) return "gone";
    return before && row.expiresAt.getTime() > before.getTime() + 60_000 ? "renewed" : "unchanged";
  }
  const expiryOf = async (token: string) =>
    (await database.db.select().from(session).where(eq(session.token, token)))[0]?.expiresAt;

  const cases = Object.keys(SESSION_STATES).flatMap((state) =>
    Object.keys(COOKIE_FORMS).map((form) => [state as keyof typeof SESSION_STATES, form] as const),
  );
  /** A request's load context as the host makes it: with the list the session cookie goes to. */
  const requestContext = () => ({ ...fixture.context, responseCookies: [] as string[] });
  /** The Set-Cookie lines of an answer, each as its name, whether it holds a value, and its
   * attributes: two sessions' tokens differ, what the browser is told to do with them must not. */
  const cookieShapes = (lines: string[]) =>
    lines.map((line) => {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const [name, value] = pair.split("=", 2);
      return [name, value ? "value" : "empty", ...attributes.sort()].join("; ");
    });

  it.each(cases)("session %s, cookie %s", async (state, form) => {
    const secret = fixture.context.config.authSecret;
    const [quick, reference] = [await sessionIn(state), await sessionIn(state)];
    const [quickExpiry, referenceExpiry] = [await expiryOf(quick), await expiryOf(reference)];
    const [quickContext, referenceContext] = [requestContext(), requestContext()];
    const quickAnswer = await getSessionUser(
      pageRequest(await COOKIE_FORMS[form]!(quick, secret)),
      quickContext,
    );
    const referenceAnswer = await lookUpThroughBetterAuth(
      pageRequest(await COOKIE_FORMS[form]!(reference, secret)),
      referenceContext,
    );
    // ADR 062: what the browser is told to do with its cookie — keep it another week, drop it,
    // or nothing — is the same both ways.
    expect(cookieShapes(quickContext.responseCookies)).toEqual(
      cookieShapes(referenceContext.responseCookies),
    );
    expect(quickAnswer?.email ?? null).toBe(referenceAnswer?.email ?? null);
    expect(quickAnswer && { ...quickAnswer, sessionId: "" }).toEqual(
      referenceAnswer && { ...referenceAnswer, sessionId: "" },
    );
    expect(await fateOf(quick, quickExpiry)).toBe(await fateOf(reference, referenceExpiry));
  });

  it("signs in the live sessions and no other (the matrix is not all refusals)", async () => {
    const secret = fixture.context.config.authSecret;
    const answers = await Promise.all(
      Object.keys(SESSION_STATES).map(async (state) => {
        const token = await sessionIn(state as keyof typeof SESSION_STATES);
        const user = await getSessionUser(
          pageRequest(await COOKIE_FORMS.asSet!(token, secret)),
          requestContext(),
        );
        return [state, user?.email ?? null];
      }),
    );
    expect(Object.fromEntries(answers)).toEqual({
      live: "matrix@lernhaus.test",
      dueForRenewal: "matrix@lernhaus.test",
      expired: null,
      pastTheAbsoluteLimit: null,
      neverMade: null,
    });
  });

  // ADR 062: the browser keeps a session as long as the database does. A session used every day
  // is renewed once a day in the database; its cookie must be renewed with it, or the browser
  // drops it a week after sign-in, however often it was used.
  it("tells the browser to keep a renewed session another week, and to drop one that is over", async () => {
    const secret = fixture.context.config.authSecret;
    const cookies = await Promise.all(
      Object.keys(SESSION_STATES).map(async (state) => {
        const token = await sessionIn(state as keyof typeof SESSION_STATES);
        const context = requestContext();
        await getSessionUser(pageRequest(await COOKIE_FORMS.asSet!(token, secret)), context);
        const sessionCookies = context.responseCookies.filter((line) => line.startsWith(`${COOKIE}=`));
        const told = sessionCookies.map((line) => {
          const maxAge = Number(/;\s*Max-Age=(-?\d+)/i.exec(line)?.[1]);
          if (maxAge <= 0) return "drop";
          // The same token, signed: the session the database renewed.
          expect(decodeURIComponent(line.slice(COOKIE.length + 1).split(";")[0]!).split(".")[0]).toBe(token);
          return `keep ${maxAge / (24 * 60 * 60)} days`;
        });
        return [state, told];
      }),
    );
    expect(Object.fromEntries(cookies)).toEqual({
      live: [],
      dueForRenewal: ["keep 7 days"],
      expired: ["drop"],
      // Deleted by our cap while better-auth still held it live: the next request finds no
      // session and drops the cookie then (neverMade).
      pastTheAbsoluteLimit: [],
      neverMade: ["drop"],
    });
  });
});
