// Live-update streams are capped per client IP and per process (ADR 011). One IP once held
// 19,723 streams (memory 318 MB → 1.08 GB) and closing them stalled the server for 7 s.
import http from "node:http";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CHROMIUM, TEST_CHROMIUM_ARGS } from "../support/browser";
import { cleanUpServers, httpGet, type ServerProcess, startServer, waitUntil } from "./server-process";

const PER_IP = 3;
const TOTAL = 5;

let server: ServerProcess;

beforeAll(async () => {
  // TRUST_PROXY: the test plays several visitors through X-Forwarded-For.
  server = await startServer({
    env: { TRUST_PROXY: "1", LIVE_STREAMS_PER_IP: String(PER_IP), LIVE_STREAMS_MAX: String(TOTAL) },
  });
});

afterAll(async () => {
  await cleanUpServers();
});

interface OpenStream {
  status: number;
  retryAfter: string | undefined;
  close(): void;
  closed: Promise<void>;
}

/** Opens /api/events as the visitor `ip`; a refused one is read to its end. */
function openStream(ip: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.baseUrl}/api/events`,
      { headers: { "X-Forwarded-For": ip, Accept: "text/event-stream" }, agent: false },
      (response) => {
        const closed = new Promise<void>((done) => response.socket.once("close", () => done()));
        const opened = {
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"] as string | undefined,
          close: () => request.destroy(),
          closed,
        };
        if (opened.status !== 200) {
          response.resume();
          response.on("end", () => resolve(opened));
          return;
        }
        // Resolved once the stream's first block arrived: the server counts it.
        response.once("data", () => resolve(opened));
      },
    );
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
    });
  });
}

describe("caps on live-update streams", () => {
  it("refuses the extra streams of one IP with 429, and of the process with 503, each with Retry-After; counts go down as clients leave", async () => {
    const first = await Promise.all(Array.from({ length: PER_IP }, () => openStream("10.0.0.1")));
    expect(first.map((s) => s.status)).toEqual([200, 200, 200]);

    const refusedIp = await openStream("10.0.0.1");
    expect(refusedIp.status).toBe(429);
    expect(Number(refusedIp.retryAfter)).toBeGreaterThan(0);

    // Another visitor is not affected by the first one's cap.
    const second = await Promise.all([openStream("10.0.0.2"), openStream("10.0.0.2")]);
    expect(second.map((s) => s.status)).toEqual([200, 200]);

    // Five open in all: the process is full, whoever asks.
    const refusedTotal = await openStream("10.0.0.3");
    expect(refusedTotal.status).toBe(503);
    expect(Number(refusedTotal.retryAfter)).toBeGreaterThan(0);

    // A client leaving gives its slot back (per IP and in total).
    first[0]!.close();
    await first[0]!.closed;
    await waitUntil(
      async () => (await openStream("10.0.0.1").then(keep)).status === 200,
      5_000,
      "a slot is free again",
    );
    for (const stream of [...first, ...second, ...kept]) stream.close();
    await Promise.all([...first, ...second, ...kept].map((s) => s.closed));

    // All gone: the whole process capacity is free again.
    const again = await waitForOpen(["10.0.0.4", "10.0.0.5", "10.0.0.6", "10.0.0.7", "10.0.0.8"]);
    expect(again.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    for (const stream of again) stream.close();
    await Promise.all(again.map((s) => s.closed));
    expect((await httpGet(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it("a page refused a stream tries again when the server said, and gets one once a slot is free", async () => {
    // This visitor (127.0.0.1, no X-Forwarded-For from the browser) already holds every slot.
    const held = await Promise.all(Array.from({ length: PER_IP }, () => openStream("127.0.0.1")));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM,
      args: TEST_CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      const answers: number[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/api/events")) answers.push(response.status());
      });
      await page.goto(`${server.baseUrl}/`);
      await expect.poll(() => answers, { timeout: 10_000 }).toContain(429);
      for (const stream of held) stream.close();
      // Retry-After for a refused IP is 10 s (plus up to 30 % jitter).
      await expect.poll(() => answers, { timeout: 20_000 }).toContain(200);
      expect(answers[0]).toBe(429);
    } finally {
      await browser.close();
    }
  });
});

const kept: OpenStream[] = [];
function keep(stream: OpenStream) {
  if (stream.status === 200) kept.push(stream);
  return stream;
}

async function waitForOpen(ips: string[]) {
  const streams: OpenStream[] = [];
  await waitUntil(
    async () => {
      for (const stream of streams.splice(0)) stream.close();
      streams.push(...(await Promise.all(ips.map(openStream))));
      return streams.every((s) => s.status === 200);
    },
    5_000,
    "every slot is free",
  );
  return streams;
}
