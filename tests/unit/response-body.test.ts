// A visitor who leaves before the answer is written is no error (server/response-body.ts): the
// campaign bench's log held one "unhandled error" with a stack per client that gave up waiting.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { writeResponseBody } from "../../server/response-body";

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose handler waits for `before` and then writes a page with `write`. */
async function serve(
  before: (res: http.ServerResponse) => Promise<unknown>,
  write: (body: ReadableStream<Uint8Array>, res: http.ServerResponse) => Promise<void>,
) {
  const outcomes: Promise<string>[] = [];
  server = http.createServer((_req, res) => {
    outcomes.push(
      (async () => {
        await before(res);
        res.setHeader("Content-Type", "text/html");
        await write(new Response("<p>Xin chào</p>".repeat(1_000)).body!, res);
        return "written";
      })().catch((error: Error) => `failed: ${error.message}`),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, outcomes };
}

/** Asks for a page and leaves at once (a reset, as a client that gives up sends). */
async function askAndLeave(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  await new Promise<void>((resolve) =>
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", () => resolve()),
  );
  socket.resetAndDestroy();
}

it("a visitor who left before the page was written: no error", async () => {
  const { port, outcomes } = await serve((res) => once(res, "close"), writeResponseBody);
  await askAndLeave(port);
  await expect.poll(() => outcomes.length).toBe(1);
  expect(await outcomes[0]).toBe("written");
});

it("React Router's own writer throws there (what the log showed): the case above is real", async () => {
  const { writeReadableStreamToWritable } = await import("@react-router/node");
  const { port, outcomes } = await serve((res) => once(res, "close"), writeReadableStreamToWritable);
  await askAndLeave(port);
  await expect.poll(() => outcomes.length).toBe(1);
  expect(await outcomes[0]).toBe("failed: Cannot write to a destroyed or ended writable stream");
});

it("a visitor who stays gets the whole page", async () => {
  const { port } = await serve(async () => undefined, writeResponseBody);
  const response = await fetch(`http://127.0.0.1:${port}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("<p>Xin chào</p>".repeat(1_000));
});
