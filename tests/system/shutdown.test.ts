// Ctrl-C (SIGINT) and SIGTERM: the server stops, stops its embedded PostgreSQL and gives
// DATA_DIR back, and says so.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  httpGet,
  isAlive,
  lockFile,
  postmasterPid,
  startServer,
  waitUntilGone,
} from "./server-process";

afterEach(async () => {
  await cleanUpServers();
});

describe("stopping the production server", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s: exits 0 within 30 s, logs 'stopped', stops the embedded PostgreSQL and releases DATA_DIR",
    async (signal) => {
      const server = await startServer();
      expect((await httpGet(`${server.baseUrl}/healthz`)).status).toBe(200);
      const postgres = postmasterPid(server.dataDir);
      expect(postgres, "the embedded PostgreSQL runs").toBeDefined();
      expect(isAlive(postgres!)).toBe(true);
      expect(fs.readFileSync(lockFile(server.dataDir), "utf8")).toBe(String(server.pid));

      const exit = await server.stop(signal, 30_000);

      expect(exit, server.output).toEqual({ code: 0, signal: null });
      expect(server.stdout).toContain(`${signal}: shutting down`);
      expect(server.stdout).toMatch(/"msg":"stopped"/);
      expect(server.stderr).toBe("");
      // The database is gone too (normally already, at the latest a moment later once reaped).
      await waitUntilGone(postgres!, 5_000);
      expect(isAlive(server.pid)).toBe(false);
      expect(fs.existsSync(lockFile(server.dataDir)), "server.lock is removed").toBe(false);
      expect(fs.existsSync(path.join(server.dataDir, "postgres.json"))).toBe(false);
      expect(fs.existsSync(path.join(server.dataDir, "postgres", "postmaster.pid"))).toBe(false);
    },
  );
});
