// Every route of the built server's route table (not a hand list: a route added tomorrow is
// walked too), in every path parameter and the query parameters the pages read, with a table of
// bad values and bad bodies (wrong content types, broken multipart, unknown and huge fields,
// malformed ids, huge numbers, bad encodings), by GET and POST, anonymously and as an admin.
// Bad input is a 4xx; any 5xx (or no answer) fails, listing the requests that caused it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsNewAdmin } from "./raw-http";
import { BUILD_DIR, cleanUpServers, type ServerProcess, startServer } from "./server-process";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { action?: unknown; loader?: unknown; default?: unknown };
}

/** Each route's full path pattern, from the built server's route manifest. */
async function routePatterns() {
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as {
    routes: Record<string, ManifestRoute>;
  };
  const routes = build.routes;
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return [base, own].filter(Boolean).join("/");
  };
  const patterns = new Map<string, { action: boolean; page: boolean }>();
  for (const route of Object.values(routes)) {
    if (route.id === "root" || (!route.path && !route.index)) continue;
    const pattern = `/${fullPath(route)}`;
    patterns.set(pattern, {
      action: Boolean(route.module.action),
      page: Boolean(route.module.default),
    });
  }
  return patterns;
}

/** What goes into a URL (percent-encoded already, some of it deliberately broken). */
const badQueryValues: Record<string, string> = {
  NUL: "%00",
  "invalid UTF-8": "%FF%FE",
  "bare percent": "%",
  "short id": "1",
  "malformed uuid": "00000000-0000-0000-0000-00000000000g",
  "unknown uuid": "ffffffff-ffff-4fff-bfff-ffffffffffff",
  "huge number": "99999999999999999999999",
  "huger number": "1e309",
  NaN: "NaN",
  "impossible date": "2024-02-30",
  "long text": "%C4%83".repeat(3_000),
  "path traversal": "..%2F..%2Fetc%2Fpasswd",
  empty: "",
};

/** The query parameters the pages read (filters, paging, dialogs, tokens, languages). */
const queryParams = [
  "id",
  "page",
  "q",
  "status",
  "tab",
  "category",
  "course",
  "class",
  "level",
  "token",
  "redirectTo",
  "from",
  "to",
  "sort",
  "lang",
  "v",
  "cancel",
  "email",
  "phone",
  "done",
  "kind",
];

/** Fields the forms read; each gets the bad value in the "every field" bodies. */
const formFields = [
  "intent",
  "id",
  "userId",
  "classId",
  "courseId",
  "enrollmentId",
  "email",
  "password",
  "name",
  "title",
  "page",
  "amount",
  "price",
  "order",
  "language",
  "redirectTo",
  "token",
  "status",
];

const CRLF = "\r\n";
const UNKNOWN_FIELD = "fieldTheFormDoesNotHave";
/** Bad bodies: a content type and what is sent with it. */
const badBodies: Record<string, { type?: string; body: string | Uint8Array<ArrayBuffer> }> = {
  JSON: { type: "application/json", body: JSON.stringify({ intent: "save", id: "1" }) },
  "broken JSON": { type: "application/json", body: "{" },
  "text/plain": { type: "text/plain", body: "intent=save&id=1" },
  "no content type": { body: "intent=save" },
  "unknown content type": { type: "application/x-unknown", body: "\u0000\u0001" },
  "multipart without boundary": { type: "multipart/form-data", body: "--x\r\n" },
  "broken multipart": {
    type: "multipart/form-data; boundary=x",
    body: `--x${CRLF}Content-Disposition: form-data; name="intent"${CRLF}${CRLF}save${CRLF}--y--`,
  },
  "truncated multipart": {
    type: "multipart/form-data; boundary=x",
    body: `--x${CRLF}Content-Disposition: form-data; name="in`,
  },
  "form with bad encoding": {
    type: "application/x-www-form-urlencoded",
    body: "intent=%FF%FE&id=%&email=%E0%A4%A",
  },
  "form with binary": {
    type: "application/x-www-form-urlencoded",
    body: new Uint8Array([0xff, 0xfe, 0, 0x3d]),
  },
  "form with a huge unknown field": {
    type: "application/x-www-form-urlencoded",
    body: `intent=save&email=x&${UNKNOWN_FIELD}=${"a".repeat(60_000)}`,
  },
  "multipart with a file in every field": {
    type: "multipart/form-data; boundary=x",
    body: `${formFields
      .map(
        (name) =>
          `--x${CRLF}Content-Disposition: form-data; name="${name}"; filename="a.bin"${CRLF}Content-Type: application/octet-stream${CRLF}${CRLF}\u0000${CRLF}`,
      )
      .join("")}--x--${CRLF}`,
  },
};
for (const [name, value] of Object.entries({
  "short id": "1",
  "malformed uuid": "00000000-0000-0000-0000-00000000000g",
  "huge number": "99999999999999999999999",
  NUL: "\u0000",
  "long text": "ă".repeat(5_000),
})) {
  badBodies[`form with ${name} in every field`] = {
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams(formFields.map((field) => [field, value])).toString(),
  };
}

let server: ServerProcess;
let adminCookie: string;
let patterns: Map<string, { action: boolean; page: boolean }>;
const failures: string[] = [];

beforeAll(async () => {
  patterns = await routePatterns();
  server = await startServer({ env: { SEED_DEMO: "1" } });
  adminCookie = await signInAsNewAdmin(server, "route-fuzz@lernhaus.test", "Route-fuzz-admin-2026!");
}, 120_000);

afterAll(async () => {
  await cleanUpServers();
});

/** The pattern's addresses for one bad value: each parameter (`:id`, `*`) replaced by it. */
function addresses(pattern: string, value: string) {
  return pattern.replace(/:[A-Za-z]+|\*/g, value || "x");
}

async function send(
  who: string,
  method: string,
  url: string,
  body?: { name: string; type?: string; body: string | Uint8Array<ArrayBuffer> },
) {
  const headers: Record<string, string> = { Origin: server.baseUrl };
  if (who === "admin") headers.Cookie = adminCookie;
  if (body?.type) headers["Content-Type"] = body.type;
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers,
      body: body?.body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    // A reply never echoes a field the form does not have (the huge unknown one).
    if (text.includes(UNKNOWN_FIELD))
      failures.push(`echoed ${UNKNOWN_FIELD}: ${response.status} ${who} ${method} ${url.slice(0, 140)}`);
    if (response.status >= 500)
      failures.push(`${response.status} ${who} ${method} ${url.slice(0, 140)} ${body?.name ?? ""}`);
  } catch (error) {
    failures.push(`no answer: ${who} ${method} ${url.slice(0, 140)} (${(error as Error).message})`);
  }
}

/** Runs `tasks` a few at a time (the machine is shared; the server is one process). */
async function runAll(tasks: (() => Promise<void>)[], concurrency = 6) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
  const found = [...new Set(failures)];
  failures.length = 0;
  return found;
}

describe("bad input on every route of the route table never gets a 5xx", () => {
  it("reads the route table of the build", () => {
    // The walk below is only as good as the table it walks.
    expect([...patterns.keys()]).toEqual(
      expect.arrayContaining(["/admin/settings", "/en/enroll", "/healthz"]),
    );
    expect(patterns.size).toBeGreaterThan(50);
  });

  for (const who of ["anonymous", "admin"]) {
    it(`GET of every path and query parameter (${who})`, { timeout: 240_000 }, async () => {
      const tasks: (() => Promise<void>)[] = [];
      for (const [pattern, route] of patterns) {
        if (pattern === "/api/events") continue; // an event stream does not end
        for (const value of Object.values(badQueryValues)) {
          // The value in the path's parameters and in every query parameter, an admin dialog's
          // id among them; and in a client-side navigation's data request.
          const target = addresses(pattern, value);
          const every = queryParams.map((param) => `${param}=${value}`).join("&");
          tasks.push(() => send(who, "GET", `${target}?dialog=edit&${every}`));
          if (route.page) {
            const data = `${target === "/" ? "/_root" : target}.data`;
            tasks.push(() => send(who, "GET", `${data}?dialog=delete&id=${value}&page=${value}`));
          }
        }
      }
      expect(await runAll(tasks)).toEqual([]);
    });
  }

  // Anonymous first: the admin's posts may sign it out (/logout) or change its role.
  for (const who of ["anonymous", "admin"]) {
    it(`POST of bad bodies to every action (${who})`, { timeout: 240_000 }, async () => {
      const tasks: (() => Promise<void>)[] = [];
      for (const [pattern, route] of patterns) {
        if (!route.action) continue;
        if (who === "admin" && pattern === "/logout") continue;
        const target = addresses(pattern, "ffffffff-ffff-4fff-bfff-ffffffffffff");
        for (const [name, body] of Object.entries(badBodies)) {
          tasks.push(() => send(who, "POST", target, { name, ...body }));
          if (route.page) tasks.push(() => send(who, "POST", `${target}.data`, { name, ...body }));
        }
        tasks.push(() => send(who, "POST", target));
      }
      expect(await runAll(tasks)).toEqual([]);
    });
  }
});
