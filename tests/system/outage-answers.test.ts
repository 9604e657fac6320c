// What the server answers while its data disk is full or its database is down (ADR 036):
// /healthz said 200 with the disk full, and writes during a database outage answered 500. Now
// /healthz is 503 and says which, and whatever would have been a 500 during the outage is a 503
// with Retry-After: "try again soon", to a visitor's browser, a balancer and an operator.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DISK_PROBE_FILE } from "~/models/health.server";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import { cleanUpServers, httpGet, makeDataDir, startServer } from "./server-process";

afterAll(async () => {
  await cleanUpServers();
});

describe("a full data disk", () => {
  it("makes /healthz 503 with the reason, and 200 again once there is room", async () => {
    const server = await startServer();
    const healthy = await httpGet(`${server.baseUrl}/healthz`);
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.text)).toEqual({ ok: true, database: "ok", disk: "ok" });

    // The probe's file made a way into a device that is always full: every write to it fails
    // with ENOSPC, as on a full disk (no mount, no root needed).
    const probe = path.join(server.dataDir, DISK_PROBE_FILE);
    fs.rmSync(probe, { force: true });
    fs.symlinkSync("/dev/full", probe);
    const full = await httpGet(`${server.baseUrl}/healthz`);
    expect(full.status).toBe(503);
    expect(JSON.parse(full.text)).toEqual({ ok: false, database: "ok", disk: "full" });
    expect(full.headers["cache-control"]).toBe("no-store");

    fs.rmSync(probe);
    expect((await httpGet(`${server.baseUrl}/healthz`)).status).toBe(200);
    await server.stop();
  });
});

describe("a database outage", () => {
  it("answers reads and writes with 503 and Retry-After, and /healthz says the database is unavailable", async () => {
    const external = await startEmbeddedPostgres(makeDataDir());
    try {
      const server = await startServer({
        env: { DATABASE_URL: external.url, AUTH_SECRET: randomBytes(32).toString("hex") },
      });
      expect((await httpGet(`${server.baseUrl}/blog?q=before`)).status).toBe(200);
      await external.stop();

      const json = { "Content-Type": "application/json", Origin: server.baseUrl };
      const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl };
      const answers = {
        "a contact message by the JSON API": await fetch(`${server.baseUrl}/api/email/contact`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({
            name: "Nguyễn Thị Lan",
            email: "lan@example.com",
            phone: "0912345678",
            subject: "pricing",
            message: "Cho em hỏi học phí khóa B1",
            contactMethod: "email",
          }),
        }),
        "a newsletter sign-up": await fetch(`${server.baseUrl}/api/newsletter`, {
          method: "POST",
          headers: form,
          body: "email=lan%40example.com",
          redirect: "manual",
        }),
        "a page": await fetch(`${server.baseUrl}/blog?q=during`),
        "a page's data": await fetch(`${server.baseUrl}/courses.data`),
      };
      for (const [what, response] of Object.entries(answers)) {
        await response.arrayBuffer();
        expect(response.status, what).toBe(503);
        expect(Number(response.headers.get("Retry-After")), what).toBeGreaterThan(0);
      }

      const health = await httpGet(`${server.baseUrl}/healthz`, { timeoutMs: 15_000 });
      expect(health.status).toBe(503);
      expect(JSON.parse(health.text)).toEqual({ ok: false, database: "unavailable", disk: "ok" });
      expect(server.exitStatus, "the server keeps running without its database").toBeUndefined();
    } finally {
      await external.stop().catch(() => {});
    }
  });
});
