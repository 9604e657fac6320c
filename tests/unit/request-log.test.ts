// ADR 016: what an operator finds in the log for a request, and what never gets there.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DrizzleQueryError } from "drizzle-orm/errors";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { LINE_FORMAT, serializeError } from "~/lib/log.server";
import { formatPretty } from "../../server/logger";
import { redactUrl, requestLogger } from "../../server/request-log";

describe("redactUrl", () => {
  it.each([
    // The links the app mails: password reset, newsletter confirmation and unsubscribe, self-erasure.
    ["/reset-password?token=8f2kq9", "/reset-password", "token=[REDACTED]"],
    ["/reset-password.data?token=8f2kq9", "/reset-password.data", "token=[REDACTED]"],
    ["/newsletter/confirm?token=abc.def", "/newsletter/confirm", "token=[REDACTED]"],
    ["/newsletter/unsubscribe?token=abc&lang=de", "/newsletter/unsubscribe", "token=[REDACTED]&lang=de"],
    ["/profile/erase?token=t0k", "/profile/erase", "token=[REDACTED]"],
    // better-auth: email verification, the identity provider's redirect back.
    [
      "/api/auth/verify-email?token=eyJ&callbackURL=%2F",
      "/api/auth/verify-email",
      "token=[REDACTED]&callbackURL=%2F",
    ],
    [
      "/api/auth/callback/oidc?code=c0de&state=st4te&iss=https%3A%2F%2Fid.example",
      "/api/auth/callback/oidc",
      "code=[REDACTED]&state=[REDACTED]&iss=https%3A%2F%2Fid.example",
    ],
    // Any name that contains "token", "secret" or "password", in any case.
    ["/x?Access_Token=a&refreshTOKEN=b&q=c", "/x", "Access_Token=[REDACTED]&refreshTOKEN=[REDACTED]&q=c"],
    [
      "/x?client_secret=s&newPassword=p&page=2",
      "/x",
      "client_secret=[REDACTED]&newPassword=[REDACTED]&page=2",
    ],
    // Names written so as to slip past a plain comparison.
    ["/x?%74oken=a&to+ken=b&TOK%45N=c", "/x", "%74oken=[REDACTED]&to+ken=b&TOK%45N=[REDACTED]"],
    ["/x?%zztoken=a&b=c", "/x", "%zztoken=[REDACTED]&b=c"],
    // Repeated and array-style parameters.
    ["/x?token=a&token=b&token[]=c", "/x", "token=[REDACTED]&token=[REDACTED]&token[]=[REDACTED]"],
  ])("%s", (url, path, query) => {
    expect(redactUrl(url)).toEqual({ path, query });
  });

  it("removes the token of better-auth's reset-link endpoint from the path", () => {
    expect(redactUrl("/api/auth/reset-password/Zx81kq?callbackURL=%2Freset-password")).toEqual({
      path: "/api/auth/reset-password/[REDACTED]",
      query: "callbackURL=%2Freset-password",
    });
  });

  it("leaves ordinary URLs as they are", () => {
    expect(redactUrl("/courses")).toEqual({ path: "/courses" });
    expect(redactUrl("/courses?")).toEqual({ path: "/courses" });
    expect(redactUrl("/blog?tag=grammar&page=2&flag")).toEqual({
      path: "/blog",
      query: "tag=grammar&page=2&flag",
    });
    // "code" only as the whole name: a course code is not a secret.
    expect(redactUrl("/courses?courseCode=B1")).toEqual({ path: "/courses", query: "courseCode=B1" });
  });
});

describe("the request line", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A real Express app behind the request log, as server/app.ts puts it, on a loopback port;
   * its log lines, parsed. */
  async function serve(trustProxy: boolean) {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { ...LINE_FORMAT, level: "info" },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const app = express();
    const startLog = requestLogger({ logger, trustProxy });
    app.get("/fail", (_req, res) => {
      res.status(500).send("no");
    });
    app.use((_req, res) => {
      res.send("ok");
    });
    const server = http.createServer((req, res) => {
      Object.assign(res, { locals: startLog(req, res) });
      app(req, res);
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { lines, base };
  }

  /** The request's line once written (on "finish", just after the client has the answer). */
  async function lineOf(lines: Record<string, unknown>[], reqId: string) {
    for (let i = 0; i < 50 && !lines.some((line) => line.reqId === reqId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return lines.find((line) => line.reqId === reqId);
  }

  it("has time, level, id, method, path, redacted query, status, duration and IP; the id is X-Request-Id", async () => {
    const { lines, base } = await serve(false);
    const response = await fetch(`${base}/reset-password?token=s3cr3t&lang=vi`);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const line = await lineOf(lines, id!);
    expect(line).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reqId: id,
      method: "GET",
      path: "/reset-password",
      query: "token=[REDACTED]&lang=vi",
      status: 200,
      durationMs: expect.any(Number),
      ip: "127.0.0.1",
      msg: "request",
    });
    expect(JSON.stringify(lines)).not.toContain("s3cr3t");
  });

  it("logs server errors at warn", async () => {
    const { lines, base } = await serve(false);
    const id = (await fetch(`${base}/fail`)).headers.get("x-request-id")!;
    expect(await lineOf(lines, id)).toMatchObject({ level: "warn", status: 500 });
  });

  it("takes the proxy's X-Request-Id only with TRUST_PROXY, and only a sane one", async () => {
    const fromProxy = "7c1e4b0a9d2f4e6b8a3c5d7e9f1a2b3c"; // nginx's $request_id
    const untrusted = await serve(false);
    const ignored = await fetch(`${untrusted.base}/`, { headers: { "X-Request-Id": fromProxy } });
    expect(ignored.headers.get("x-request-id")).not.toBe(fromProxy);
    close?.();

    const trusted = await serve(true);
    const taken = await fetch(`${trusted.base}/`, {
      headers: { "X-Request-Id": fromProxy, "X-Forwarded-For": "203.0.113.9" },
    });
    expect(taken.headers.get("x-request-id")).toBe(fromProxy);
    expect(await lineOf(trusted.lines, fromProxy)).toMatchObject({ reqId: fromProxy, ip: "203.0.113.9" });
    for (const insane of ["short", "a".repeat(65), "id with spaces", '"},{"level":"fatal']) {
      const answered = await fetch(`${trusted.base}/`, { headers: { "X-Request-Id": insane } });
      expect(answered.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
    }
  });
});

describe("a logged error", () => {
  it("never carries the values of a failed query (a reset token being looked up)", () => {
    const token = "rst_9f8e7d6c5b4a";
    const error = new DrizzleQueryError(
      'select "user_id" from "verification" where "identifier" = $1',
      [`reset-password:${token}`],
      new Error("connect ECONNREFUSED 127.0.0.1:5432"),
    );
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(JSON.stringify(serialized)).not.toContain(token);
    expect(serialized).toMatchObject({
      type: "DrizzleQueryError",
      message: expect.stringContaining("params: [REDACTED]: connect ECONNREFUSED"),
      query: 'select "user_id" from "verification" where "identifier" = $1',
      stack: expect.stringContaining("params: [REDACTED]"),
    });
    // Other errors as pino writes them.
    expect(serializeError(new TypeError("x is undefined"))).toMatchObject({
      type: "TypeError",
      message: "x is undefined",
    });
  });
});

describe("development output", () => {
  it("shows a request as one short line and an event as its message and fields", () => {
    expect(
      formatPretty({
        level: "info",
        time: "2026-05-04T09:15:02.120Z",
        reqId: "a1b2c3d4e5f60718",
        method: "GET",
        path: "/reset-password",
        query: "token=[REDACTED]",
        status: 200,
        durationMs: 12.5,
        ip: "127.0.0.1",
        msg: "request",
      }),
    ).toBe("09:15:02 INFO  GET /reset-password?token=[REDACTED] 200 12.5 ms 127.0.0.1 [a1b2c3d4e5f60718]");
    expect(
      formatPretty({
        level: "error",
        time: "2026-05-04T09:15:03.000Z",
        reqId: "a1b2c3d4e5f60718",
        err: { type: "Error", message: "boom", stack: "Error: boom\n    at loader" },
        msg: "unhandled error",
      }),
    ).toBe("09:15:03 ERROR unhandled error reqId=a1b2c3d4e5f60718\nError: boom\n    at loader");
  });
});
