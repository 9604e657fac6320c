// ADR 016: the production server's log, read the way an operator reads it — one
// JSON object per stdout line, a line per request whose id is the X-Request-Id the client got,
// no token of a mailed link, LOG_LEVEL honoured, and an unhandled error logged once with the id
// the visitor sees on the error page.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import {
  cleanUpServers,
  httpGet,
  makeDataDir,
  READY_LINE,
  type ServerProcess,
  startServer,
  waitUntil,
} from "./server-process";

afterAll(async () => {
  await cleanUpServers();
});

type LogRecord = Record<string, unknown>;

/** Every stdout line, parsed; a line that is not JSON fails the test. */
function records(server: ServerProcess): LogRecord[] {
  return server.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogRecord;
      } catch {
        throw new Error(`a stdout line is not JSON: ${line}`);
      }
    });
}

/** The request's line (written as its answer finishes: wait a moment for it). */
async function requestLine(server: ServerProcess, reqId: string) {
  const find = () => records(server).find((record) => record.reqId === reqId && record.msg === "request");
  await waitUntil(() => find() !== undefined, 5_000, `the request line of ${reqId}`);
  return find()!;
}

function errorLines(server: ServerProcess, reqId: string) {
  return records(server).filter((record) => record.reqId === reqId && record.level === "error");
}

describe("the production log", () => {
  it("is a JSON line per request: id (= X-Request-Id), method, path, status, duration, IP; tokens removed", async () => {
    const server = await startServer();
    expect(records(server).some((record) => String(record.msg).includes(READY_LINE))).toBe(true);

    const page = await httpGet(`${server.baseUrl}/courses?level=B1`);
    expect(page.status).toBe(200);
    const id = String(page.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(await requestLine(server, id)).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reqId: id,
      method: "GET",
      path: "/courses",
      query: "level=B1",
      status: 200,
      durationMs: expect.any(Number),
      ip: "127.0.0.1",
      msg: "request",
    });

    // The links of the password-reset, newsletter and self-erasure mails, and better-auth's
    // reset endpoint with the token in its path.
    const secrets = Array.from({ length: 4 }, () => randomBytes(12).toString("hex"));
    const links = [
      `/reset-password?token=${secrets[0]}`,
      `/newsletter/confirm?token=${secrets[1]}`,
      `/profile/erase?token=${secrets[2]}&x=1`,
      `/api/auth/reset-password/${secrets[3]}?callbackURL=%2Freset-password`,
    ];
    for (const link of links) {
      const answer = await httpGet(`${server.baseUrl}${link}`);
      await requestLine(server, String(answer.headers["x-request-id"]));
    }
    for (const secret of secrets) expect(server.output).not.toContain(secret);
    const logged = records(server).map((record) => `${record.path}?${record.query ?? ""}`);
    expect(logged).toContain("/reset-password?token=[REDACTED]");
    expect(logged).toContain("/newsletter/confirm?token=[REDACTED]");
    expect(logged).toContain("/profile/erase?token=[REDACTED]&x=1");
    expect(logged).toContain("/api/auth/reset-password/[REDACTED]?callbackURL=%2Freset-password");

    // A client-chosen id is not taken without TRUST_PROXY.
    const chosen = await httpGet(`${server.baseUrl}/about`, {
      headers: { "X-Request-Id": "chosen-by-client" },
    });
    expect(chosen.headers["x-request-id"]).not.toBe("chosen-by-client");
    await server.stop();
  });

  it("LOG_LEVEL=warn: no request lines, the start line still there", async () => {
    const server = await startServer({ env: { LOG_LEVEL: "warn" } });
    const answers = await Promise.all(
      ["/", "/courses", "/about"].map((p) => httpGet(`${server.baseUrl}${p}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // A request that would be logged at info has had time to be.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = records(server);
    expect(lines.filter((record) => record.msg === "request")).toEqual([]);
    expect(lines.map((record) => record.msg)).toEqual([expect.stringContaining(READY_LINE)]);
    await server.stop();
  });

  it("an unhandled error (the database gone) is logged once with the id the error page shows", async () => {
    // A database the app does not own, so that it stays down when stopped here.
    const external = await startEmbeddedPostgres(makeDataDir());
    const server = await startServer({
      env: { DATABASE_URL: external.url, AUTH_SECRET: randomBytes(32).toString("hex") },
    });
    await external.stop();

    // While the database does not answer, a failure is "try again soon" (ADR 036).
    const failed = await httpGet(`${server.baseUrl}/courses`);
    expect(failed.status).toBe(503);
    expect(failed.headers["retry-after"]).toBe("10");
    const id = String(failed.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    // The translated error page (Vietnamese by default) with the id.
    expect(failed.text).toContain("Đã có lỗi xảy ra");
    expect(failed.text).toContain(`Mã lỗi: ${id}`);
    expect(failed.text).toContain(`data-request-id="${id}"`);

    expect(await requestLine(server, id)).toMatchObject({ level: "warn", status: 503, path: "/courses" });
    // Each failure once, with the request's id: here two loaders of the page failed (the
    // layout's contact details and the courses), and neither is logged twice.
    const errors = errorLines(server, id);
    expect(errors.length, JSON.stringify(errors)).toBeGreaterThan(0);
    const messages = errors.map((record) => (record.err as { message: string }).message);
    expect(new Set(messages).size, messages.join("\n")).toBe(messages.length);
    for (const record of errors) {
      expect(record).toMatchObject({
        msg: "unhandled error",
        err: { message: expect.stringContaining("ECONNREFUSED"), stack: expect.any(String) },
      });
    }

    // In English and German (their addresses), the same page in their words.
    const english = await httpGet(`${server.baseUrl}/en/about`);
    expect(english.status).toBe(503);
    expect(english.text).toContain(`Error code: ${english.headers["x-request-id"]}`);
    const german = await httpGet(`${server.baseUrl}/de/about`);
    expect(german.text).toContain(`Fehlercode: ${german.headers["x-request-id"]}`);

    // A client-side navigation's data request: the id is in its header for the browser's page.
    const data = await httpGet(`${server.baseUrl}/courses.data`);
    expect(data.status).toBe(503);
    const dataId = String(data.headers["x-request-id"]);
    await requestLine(server, dataId);
    expect(errorLines(server, dataId)).toHaveLength(messages.length);
    await server.stop();
  });
});
