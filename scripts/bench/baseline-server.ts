// The benchmark's Express baselines, in a process of their own so that they get a core of their
// own as the app does: `tsx scripts/bench/baseline-server.ts <folder>`, where the folder holds the
// page as index.html, index.html.gz and index.html.br, and optionally pages.json, which maps other
// addresses ("/enroll") to subfolders holding theirs. Listens on two free loopback ports:
//   - minimal: one Express handler that sends the precompressed bytes from memory (brotli when
//     the client takes it, else gzip, else plain), the goal's baseline (ADR 017), for `/` and
//     each address of pages.json;
//   - static: express.static behind the `compression` middleware, compressing on every request.
// Prints one line `BASELINES {"minimal":port,"static":port}` when both listen.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";

const folder = process.argv[2];
if (!folder) throw new Error("usage: baseline-server.ts <folder with index.html, .gz and .br>");

const pageIn = (pageFolder: string) => ({
  identity: fs.readFileSync(path.join(pageFolder, "index.html")),
  gzip: fs.readFileSync(path.join(pageFolder, "index.html.gz")),
  br: fs.readFileSync(path.join(pageFolder, "index.html.br")),
});
const pages = new Map([["/", pageIn(folder)]]);
const pageList = path.join(folder, "pages.json");
if (fs.existsSync(pageList)) {
  const addresses = JSON.parse(fs.readFileSync(pageList, "utf8")) as Record<string, string>;
  for (const [address, subfolder] of Object.entries(addresses)) {
    pages.set(address, pageIn(path.join(folder, subfolder)));
  }
}

const minimal = express();
minimal.disable("x-powered-by");
minimal.use((req, res) => {
  const page = pages.get(req.originalUrl);
  if (!page) {
    res.status(404).end();
    return;
  }
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
