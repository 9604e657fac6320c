// The benchmark's Express baselines, in a process of their own so that they get a core of their
// own as the app does: `tsx scripts/bench/baseline-server.ts <folder>`, where the folder holds the
// page as index.html, index.html.gz and index.html.br. Listens on two free loopback ports:
//   - minimal: one Express handler that sends the precompressed bytes from memory (brotli when
//     the client takes it, else gzip, else plain), the goal's baseline (ADR 017);
//   - static: express.static behind the `compression` middleware, compressing on every request.
// Prints one line `BASELINES {"minimal":port,"static":port}` when both listen.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";

const folder = process.argv[2];
if (!folder) throw new Error("usage: baseline-server.ts <folder with index.html, .gz and .br>");

const page = {
  identity: fs.readFileSync(path.join(folder, "index.html")),
  gzip: fs.readFileSync(path.join(folder, "index.html.gz")),
  br: fs.readFileSync(path.join(folder, "index.html.br")),
};

const minimal = express();
minimal.disable("x-powered-by");
minimal.get("/", (req, res) => {
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
  const body = page[encoding];
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
});

const staticFiles = express();
staticFiles.disable("x-powered-by");
staticFiles.use(compression());
// Only the plain file: precompressed siblings would be served as downloads, not as the page.
staticFiles.get("/", express.static(folder, { index: "index.html" }));

function listen(app: express.Express): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1", (error?: Error) => {
      if (error) reject(error);
      else resolve((server.address() as AddressInfo).port);
    });
  });
}

const ports = { minimal: await listen(minimal), static: await listen(staticFiles) };
console.log(`BASELINES ${JSON.stringify(ports)}`);
process.on("SIGTERM", () => process.exit(0));
