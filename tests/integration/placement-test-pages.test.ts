// The placement test's two pages through their route modules at real PostgreSQL (issue 29):
// starting in each language, the per-IP allowance, the answers' post with and without a valid
// email, the result mail once in the page's language, and the result page's course and class.
import { and, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import { emailOutbox, placementQuestions } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { SUBMISSION_LIMITS } from "~/models/public-submission.server";
import { action as startAction } from "~/routes/site/placement-test";
import { action as attemptAction, loader as attemptLoader } from "~/routes/site/placement-test.attempt";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let context: AppLoadContext;
let key: Map<string, { level: string; answer: string }>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const config = parseConfig({ DATA_DIR: "/nonexistent", APP_URL: "https://lernhaus.example" });
  context = { db: database.db, config: { ...config, authSecret: "x".repeat(32) } } as AppLoadContext;
  const rows = await database.db
    .select({
      id: placementQuestions.id,
      level: placementQuestions.level,
      answers: placementQuestions.answers,
    })
    .from(placementQuestions);
  key = new Map(rows.map((row) => [row.id, { level: row.level, answer: row.answers[0]! }]));
});

let ip = 0;
const contextFrom = (clientIp = `10.7.0.${++ip}`) => ({ ...context, clientIp }) as AppLoadContext;

/** What a route threw or returned, as status, headers and body. */
async function outcome(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, body: undefined };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      headers: new Headers(wrapped.init?.headers),
      body: wrapped.data,
    };
  }
  return { status: 200, headers: new Headers(), body: value };
}

function post(path: string, fields: [string, string][] = []) {
  return new Request(`https://lernhaus.example${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function start(language: "vi" | "en" | "de", clientIp?: string) {
  const prefix = language === "vi" ? "" : `/${language}`;
  const answer = await outcome(() =>
    startAction({
      request: post(`${prefix}/placement-test`),
      context: contextFrom(clientIp),
      params: {},
    } as never),
  );
  expect(answer.status).toBe(302);
  const location = answer.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^${prefix}/placement-test/[0-9a-f]{32}$`));
  return { location, token: location.split("/").at(-1)! };
}

const load = (path: string, token: string) =>
  outcome(() =>
    attemptLoader({
      request: new Request(`https://lernhaus.example${path}`),
      params: { token },
      context,
    } as never),
  );

const submit = (path: string, token: string, fields: [string, string][], clientIp?: string) =>
  outcome(() =>
    attemptAction({
      request: post(path, fields),
      params: { token },
      context: contextFrom(clientIp),
    } as never),
  );

describe("the placement test's pages", () => {
  it("start a test at the page's language's address and show its questions, privately", async () => {
    for (const language of ["vi", "en", "de"] as const) {
      const { location, token } = await start(language);
      const page = await load(location, token);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const body = page.body as { status: string; questions: { id: string }[] };
      expect(body.status).toBe("open");
      expect(body.questions).toHaveLength(30);
      expect(JSON.stringify(body)).not.toMatch(/"answers"|explanation/);
    }
  });

  it("answer an unknown or expired test with 404, before and after answering", async () => {
    const unknown = "f".repeat(32);
    expect((await load(`/placement-test/${unknown}`, unknown)).status).toBe(404);
    expect((await submit(`/placement-test/${unknown}`, unknown, [])).status).toBe(404);
  });

  it("answer a filled honeypot like a success, keeping and mailing nothing", async () => {
    const { location, token } = await start("vi");
    const robot = await submit(location, token, [
      ["email", "robot@example.com"],
      ["website", "https://spam.example"],
    ]);
    expect(robot.status).toBe(302);
    expect(robot.headers.get("Location")).toBe(location);
    expect(((await load(location, token)).body as { status: string }).status).toBe("open");
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, "robot@example.com"));
    expect(mails).toEqual([]);
  });

  it("refuse a bad email with a 400 naming the field, and keep the test open", async () => {
    const { location, token } = await start("vi");
    const refused = await submit(location, token, [["email", "not an email"]]);
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors.email).toEqual([
      "validation.email",
    ]);
    expect(((await load(location, token)).body as { status: string }).status).toBe("open");
  });

  it("score the answers once, mail the result once in the page's language, and show the course to start with", async () => {
    const { location, token } = await start("de");
    const open = (await load(location, token)).body as { questions: { id: string }[] };
    // Everything of A1 right, nothing else: A1 reached, start at A2.
    const fields: [string, string][] = open.questions
      .filter((question) => key.get(question.id)!.level === "A1")
      .map((question) => [`answers.${question.id}`, key.get(question.id)!.answer]);
    fields.push(["email", "minh@example.com"], ["name", "Minh"]);
    const [first, second] = await Promise.all([
      submit(location, token, fields),
      submit(location, token, fields),
    ]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(location);
    }
    const mails = await database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "minh@example.com"), eq(emailOutbox.kind, "placement-result")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Ihr Ergebnis im Deutsch-Einstufungstest – Lernhaus");
    expect(mails[0]!.text).toContain(`https://lernhaus.example${location}`);
    expect(mails[0]!.text).toContain("Guten Tag Minh,");

    const result = (await load(location, token)).body as {
      status: string;
      result: { reached: string; startAt: string };
      course?: { level: string };
      nextClass?: { startsOn: string };
      emailLeft: boolean;
    };
    expect(result).toMatchObject({
      status: "submitted",
      result: { reached: "A1", startAt: "A2" },
      course: { level: "A2" },
      emailLeft: true,
    });
    expect(result.nextClass?.startsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("send no mail when no email is left, and answer a second post with the first result", async () => {
    const { location, token } = await start("vi");
    expect((await submit(location, token, [])).status).toBe(302);
    const again = await submit(location, token, [["email", "late@example.com"]]);
    expect(again.status).toBe(302);
    const mails = await database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(like(emailOutbox.to, "late@%"));
    expect(mails).toEqual([]);
    expect((await load(location, token)).body).toMatchObject({ result: { reached: null, startAt: "A1" } });
  });

  it("stop one address after the public forms' allowance, with Retry-After", async () => {
    const clientIp = "10.7.9.9";
    for (let n = 0; n < SUBMISSION_LIMITS.ip.limit; n++) await start("vi", clientIp);
    const refused = await outcome(() =>
      startAction({ request: post("/placement-test"), context: contextFrom(clientIp), params: {} } as never),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back.
    await start("vi");
  });
});
