// Properties of the body limits (ADR 011, issue 26): over generated paths, every request gets
// exactly one of the limits, the admin's only under /admin; over generated bodies, sizes and
// ways of sending them (declared length or chunked, in any pieces), a body is accepted whole
// exactly when it is within its limit, and refused with 413 otherwise — never cut, never read
// past the limit into memory.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimitFor, limitRequestBody } from "../../server/body-limit";

const segment = fc.stringMatching(/^[a-zA-Z0-9._-]{0,12}$/);
const anyPath = fc
  .tuple(
    fc.constantFrom("", "/en", "/de", "/admin", "/administrator", "/admin-tools", "/api", "/profile"),
    fc.array(segment, { maxLength: 4 }),
    fc.constantFrom("", ".data"),
  )
  .map(([start, rest, suffix]) => `${start}/${rest.join("/")}${suffix}`.replace(/\/+$/, "") || "/");

describe("bodyLimitFor over generated paths", () => {
  it("gives every path one of the limits, and the admin's exactly to /admin and below it", () => {
    const limits = new Set<number>(Object.values(BODY_LIMITS));
    fc.assert(
      fc.property(anyPath, (path) => {
        const limit = bodyLimitFor(path);
        expect(limits.has(limit)).toBe(true);
        const underAdmin = path === "/admin" || path === "/admin.data" || path.startsWith("/admin/");
        if (!underAdmin) expect(limit).toBe(BODY_LIMITS.public);
        else expect(limit).toBeGreaterThanOrEqual(BODY_LIMITS.admin);
      }),
      { numRuns: 500 },
    );
  });
});

describe("limitRequestBody over generated bodies", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBody);
    app.post(/.*/, (_req, res) => {
      const body = res.locals.limitedBody;
      const bytes = body?.kind === "buffer" ? body.bytes : new Uint8Array();
      res.json({ length: bytes.length, sum: bytes.reduce((a, b) => (a + b) % 65521, 0) });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends `body` in `pieces`, with its length declared or chunked; the status and answer. */
  function send(path: string, body: Buffer, pieces: number[], chunked: boolean) {
    return new Promise<{ status: number; text: string }>((resolve) => {
      const request = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path,
          headers: chunked
            ? { "Transfer-Encoding": "chunked", "Content-Type": "text/plain" }
            : { "Content-Length": body.length, "Content-Type": "text/plain" },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      // A refused body closes the connection behind the 413: further writes may fail.
      request.on("error", () => {});
      let offset = 0;
      for (const piece of pieces) {
        if (offset >= body.length) break;
        request.write(body.subarray(offset, offset + piece));
        offset += piece;
      }
      if (offset < body.length) request.write(body.subarray(offset));
      request.end();
    });
  }

  it("accepts a body whole exactly when it is within its limit, however it is sent", async () => {
    const limit = BODY_LIMITS.public;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: limit - 64, max: limit + 64 })),
        fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 255 }),
        async (size, pieces, chunked, seed) => {
          const body = Buffer.alloc(size, seed);
          body[0] = (seed + 1) % 256;
          const answer = await send("/enroll", body, pieces, chunked);
          if (size <= limit) {
            expect(answer.status).toBe(200);
            const sum = body.reduce((a, b) => (a + b) % 65521, 0);
            expect(JSON.parse(answer.text)).toEqual({ length: size, sum });
          } else {
            expect(answer.status).toBe(413);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
