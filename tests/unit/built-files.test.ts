// The build's files in the encoding the browser prefers, as the build compressed them (ADR 063):
// every Accept-Encoding of the table below against every kind of file — with both compressed
// forms, with one, with none — over HTTP, as the host mounts the handler.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSED_FORMS, serveBuiltFiles } from "../../server/built-files";
import { preferredEncoding } from "../../server/page-cache";

const script = Buffer.from(`export const greeting = "${"Xin chào, ".repeat(400)}";\n`);
const style = Buffer.from(`.card { color: #1d4ed8; }\n`.repeat(200));
const note = Buffer.from("Lernhaus\n");
/** Each file, and the compressed forms the build left beside it. */
const FILES: Record<string, { bytes: Buffer; forms: ("br" | "gzip")[] }> = {
  "/app.js": { bytes: script, forms: ["br", "gzip"] },
  // Only gzip: brotli was not smaller (as the build decides for a tiny file).
  "/styles/card.css": { bytes: style, forms: ["gzip"] },
  "/note.txt": { bytes: note, forms: [] },
};
const ACCEPT_ENCODINGS = [
  undefined,
  "",
  "br",
  "gzip",
  "gzip, deflate, br",
  "gzip;q=1, br;q=0.5",
  "br;q=0, gzip",
  "identity",
  "*",
  "*;q=0, identity",
  "deflate",
  "BR",
];

let directory: string;
let server: http.Server;
let port: number;

const compress = { br: (b: Buffer) => zlib.brotliCompressSync(b), gzip: (b: Buffer) => zlib.gzipSync(b) };

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "built-files-"));
  for (const [file, { bytes, forms }] of Object.entries(FILES)) {
    const target = path.join(directory, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
    for (const encoding of forms)
      fs.writeFileSync(target + COMPRESSED_FORMS[encoding], compress[encoding](bytes));
  }
  fs.mkdirSync(path.join(directory, "assets"));
  fs.writeFileSync(path.join(directory, "assets", "other.js"), script);
  const app = express();
  app.use(serveBuiltFiles(directory, { maxAge: "1h", except: "assets" }));
  app.use((_req, res) => {
    res.status(404).send("not a file");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(directory, { recursive: true, force: true });
});

/** One request over HTTP, its body as the bytes that came (nothing decoded). */
function request(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const sent = http.request({ port, path: pathname, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      });
      sent.on("error", reject);
      sent.end();
    },
  );
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;

describe("a file of the build", () => {
  const cases = Object.keys(FILES).flatMap((file) =>
    ACCEPT_ENCODINGS.map((accept) => [file, accept] as const),
  );
  it.each(cases)(
    "%s, Accept-Encoding %j: the preferred form the build made, else the file",
    async (file, accept) => {
      const { bytes, forms } = FILES[file]!;
      const answer = await request(file, accept === undefined ? {} : { "Accept-Encoding": accept });
      const preferred = preferredEncoding(accept);
      const expected = preferred !== "identity" && forms.includes(preferred) ? preferred : undefined;
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(expected);
      expect(decode(expected, answer.body).equals(bytes)).toBe(true);
      expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
      // The type of the file, whatever its form.
      const plain = await request(file);
      expect(answer.headers["content-type"]).toBe(plain.headers["content-type"]);
      expect(answer.headers["content-type"]).toMatch(/^(text\/javascript|text\/css|text\/plain)/);
      // A shared cache keeps one answer per encoding where there is more than one.
      if (forms.length > 0) expect(answer.headers.vary).toMatch(/accept-encoding/i);
    },
  );

  it("answers a revalidation per form: a brotli ETag is not the gzip answer's", async () => {
    const br = await request("/app.js", { "Accept-Encoding": "br" });
    const gzip = await request("/app.js", { "Accept-Encoding": "gzip" });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    expect(
      (await request("/app.js", { "Accept-Encoding": "br", "If-None-Match": br.headers.etag! })).status,
    ).toBe(304);
    expect(
      (await request("/app.js", { "Accept-Encoding": "gzip", "If-None-Match": br.headers.etag! })).status,
    ).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body, and keeps a query string", async () => {
    const head = await request("/app.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const versioned = await request("/app.js?v=2", { "Accept-Encoding": "br" });
    expect(decode("br", versioned.body).equals(script)).toBe(true);
  });

  it("leaves every other address to what comes next: a compressed form's, another folder's, a write, a path out of the folder", async () => {
    for (const [pathname, method] of [
      ["/app.js.br", "GET"],
      ["/app.js.gz", "GET"],
      ["/assets/other.js", "GET"],
      ["/app.js", "POST"],
      ["/styles/../app.js", "GET"],
      ["/..%2Fapp.js", "GET"],
      ["/missing.js", "GET"],
    ] as const) {
      const answer = await request(pathname, { "Accept-Encoding": "br" }, method);
      expect([answer.status, answer.body.toString()], `${method} ${pathname}`).toEqual([404, "not a file"]);
    }
  });
});
