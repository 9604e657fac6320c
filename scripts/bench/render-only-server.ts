// The render-only baseline of the signed-in pages (signed-in.ts, ADR 041), in a process of its
// own so that it gets a core as the app does: `tsx scripts/bench/render-only-server.ts <plan>`,
// where the plan (JSON) names the bench server's DATA_DIR and APP_URL and the visits to serve
// (path and Cookie header).
//
// It loads the very server build the app runs (BUILD_DIR, else build/) and answers through
// React Router's own request handler with the app's entry.server: the same route matching, the
// same React tree, the same i18n, turbo-stream serialisation of the loader data and streaming.
// Only the loaders differ: each visit's loader data is loaded once at start, by the real
// loaders against the bench server's database, and then every request is answered with that
// data. No database (the handle throws if touched), no session lookup, no Express, no
// compression, no request log: what is left is the framework's render of the page.
// Prints `RENDER_ONLY {"port":…}` once it listens.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { writeReadableStreamToWritable } from "@react-router/node";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { parseConfig } from "~/config.server";
import { connectDatabase } from "~/db/client.server";
import { loadSecrets } from "../../server/data-dir";
import { readRecordedServer } from "../../server/embedded-postgres";

interface Plan {
  dataDir: string;
  appUrl: string;
  visits: { path: string; cookie: string }[];
}

type Loader = (args: { request: Request; context: AppLoadContext; params: unknown }) => unknown;

const planFile = process.argv[2];
if (!planFile) throw new Error("usage: render-only-server.ts <plan.json>");
const plan = JSON.parse(fs.readFileSync(planFile, "utf8")) as Plan;

const root = path.resolve(import.meta.dirname, "../..");
const buildFile = path.join(root, process.env.BUILD_DIR || "build", "server/index.js");
const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;

/** A visit's loader data, by route, page address and Cookie header. */
const loaded = new Map<string, unknown>();
let recording = true;
const visitKey = (routeId: string, request: Request) => {
  const url = new URL(request.url);
  return `${routeId} ${url.pathname}${url.search} ${request.headers.get("Cookie") ?? ""}`;
};

const routes: ServerBuild["routes"] = {};
for (const [id, route] of Object.entries(build.routes)) {
  if (!route) continue;
  const loader = route.module.loader as Loader | undefined;
  routes[id] = {
    ...route,
    module: {
      ...route.module,
      ...(loader && {
        loader: async (args: Parameters<Loader>[0]) => {
          const key = visitKey(id, args.request);
          if (recording) {
            const result = await loader(args);
            loaded.set(key, result);
            return result;
          }
          if (!loaded.has(key)) throw new Error(`render-only: no loader data for ${key}`);
          return loaded.get(key);
        },
      }),
    },
  };
}
const handler = createRequestHandler({ ...build, routes }, "production");

const recorded = readRecordedServer(plan.dataDir);
if (!recorded) throw new Error(`render-only: no embedded database recorded in ${plan.dataDir}`);
const database = connectDatabase(recorded.url, { max: 2, applicationName: "lernhaus-bench-render-only" });
const config = {
  ...parseConfig({ NODE_ENV: "production", DATA_DIR: plan.dataDir, APP_URL: plan.appUrl }),
  authSecret: loadSecrets(plan.dataDir).authSecret,
};
/** After the recording: any use of the database is a bug of this baseline, and says so. */
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error("render-only: the database was used while rendering");
    },
  },
) as AppLoadContext["db"];
const contextFor = (db: AppLoadContext["db"]): AppLoadContext => ({
  db,
  config,
  changeBus: { subscribe: () => () => {}, close: async () => {} },
  shutdownSignal: new AbortController().signal,
  cspNonce: randomBytes(16).toString("base64"),
  clientIp: "127.0.0.1",
  requestId: "render-only",
});

for (const visit of plan.visits) {
  const response = await handler(
    new Request(new URL(visit.path, plan.appUrl), { headers: { Cookie: visit.cookie } }),
    contextFor(database.db),
  );
  await response.text();
  if (response.status !== 200) throw new Error(`render-only: ${visit.path} answered ${response.status}`);
}
recording = false;
await database.close();

const server = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await handler(
      new Request(new URL(req.url ?? "/", plan.appUrl), { headers }),
      contextFor(noDatabase),
    );
    res.statusCode = response.status;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    // A load run ends by closing its connections mid-answer: no fault of the render.
    if (res.destroyed) return;
    console.error(error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  }
});
// Stopped by a signal, exit as a program does, so that a --cpu-prof profile is written.
process.once("SIGTERM", () => process.exit(0));
server.listen(0, "127.0.0.1", () => {
  console.log(`RENDER_ONLY ${JSON.stringify({ port: (server.address() as AddressInfo).port })}`);
});
