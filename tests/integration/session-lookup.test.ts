// One request, one session lookup (ADR 041): the root, a layout and the page each ask who is
// signed in, at once; they must share one trip to the database, and an asking after that
// answer must look again (a sign-out in between is seen). Two requests never share one.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser, requireUser } from "~/auth/session.server";
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
