// Which answers the host keeps in its page cache (server/app.ts, ADR 004): only what any visitor
// may be shown. The host runs here as in production, over HTTP; the app behind it is a stand-in
// whose pages each do the one thing a rule is about (greet the signed-in person, set a cookie,
// say "private"), and count their renders, so a test sees whether an answer was rendered for
// the request or replayed from the cache.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { type AppLoadContext, data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import type { ChangeBus } from "~/db/change-bus.server";
import type { Database } from "~/db/client.server";
import { formTokenAge, offerFormTicket } from "~/models/public-submission.server";
import { FORM_TICKET_COOKIE, formTokenOf } from "~/requests/form-ticket.server";
import { createApp } from "../../server/app";

const people: Record<string, string> = { "session-anna": "Anna Schmidt" };
const RENEWED_SESSION = "session=session-anna.sig; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax";
const SIGNED_OUT_SESSION = "session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax";
let renders = 0;

/** What a page shows: the render's number, and the person's name when someone is signed in. */
function page(request: Request) {
  renders++;
  const session = /(?:^|;\s*)session=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return { render: `render-${renders}`, name: (session && people[session]) || "Gast" };
}

const passLoaderHeaders = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

function route(id: string, routePath: string, module: Record<string, unknown>) {
  return { id, parentId: "root", path: routePath, module: { default: () => null, ...module } };
}

const build = {
  entry: {
    module: {
      // Renders the loaders' data as the whole document: no React needed for what is tested here.
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { loaderData: unknown } },
      ) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        const shown = JSON.stringify(context.staticHandlerContext.loaderData);
        const body = `<!DOCTYPE html><html lang="vi"><body>${shown}</body></html>`;
        return new Response(body, { status, headers });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    greeting: route("greeting", "greeting", { loader: ({ request }: { request: Request }) => page(request) }),
    welcome: route("welcome", "welcome", {
      loader: ({ request }: { request: Request }) => {
        const shown = page(request);
        return data(shown, { headers: { "Set-Cookie": `visitor=${shown.render}; Path=/; HttpOnly` } });
      },
      headers: passLoaderHeaders,
    }),
    // A page that takes a while to render.
    slow: route("slow", "slow", {
      loader: async ({ request }: { request: Request }) => {
        const shown = page(request);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return shown;
      },
    }),
    // A page with a public form: its loader asks for a form ticket, as /enroll's and /contact's do.
    form: route("form", "form", {
      loader: ({ request, context }: { request: Request; context: AppLoadContext }) => ({
        ...page(request),
        ticket: offerFormTicket(context),
      }),
    }),
    // A page whose session lookup renewed the session (ADR 062): better-auth's cookie goes to the
    // load context's list, not to the route's headers. `directive`: the route's own Cache-Control.
    renewing: route("renewing", "renewing/:directive?", {
      loader: ({
        request,
        context,
        params,
      }: {
        request: Request;
        context: AppLoadContext;
        params: { directive?: string };
      }) => {
        context.responseCookies?.push(RENEWED_SESSION);
        return data(page(request), {
          headers: params.directive ? { "Cache-Control": params.directive } : {},
        });
      },
      headers: passLoaderHeaders,
    }),
    // A sign-out whose own lookup renewed the session first: the route's cookie must win.
    "signing-out": route("signing-out", "signing-out", {
      loader: ({ request, context }: { request: Request; context: AppLoadContext }) => {
        context.responseCookies?.push(RENEWED_SESSION);
        return data(page(request), { headers: { "Set-Cookie": SIGNED_OUT_SESSION } });
      },
      headers: passLoaderHeaders,
    }),
    "private-page": route("private-page", "private/:directive", {
      loader: ({ request, params }: { request: Request; params: { directive: string } }) =>
        data(page(request), { headers: { "Cache-Control": params.directive } }),
      headers: passLoaderHeaders,
    }),
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const SECRET = "x".repeat(32);
let server: http.Server;
let baseUrl: string;
let assetsDirectory: string;

beforeAll(async () => {
  assetsDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "page-cache-rules-"));
  const { handleRequest } = createApp({
    build,
    assetsDirectory,
    config: { ...parseConfig({ DATA_DIR: assetsDirectory }), authSecret: SECRET },
    database: { db: {} } as Database,
    changeBus: { subscribe: () => () => {} } as unknown as ChangeBus,
    shutdownSignal: new AbortController().signal,
    logger: pino({ level: "silent" }),
  });
  server = http.createServer(handleRequest);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(assetsDirectory, { recursive: true, force: true });
});

async function visit(pathname: string, cookie?: string) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  return {
    status: response.status,
    cache: response.headers.get("X-Page-Cache"),
    setCookie: response.headers.get("Set-Cookie"),
    cacheControl: response.headers.get("Cache-Control"),
    text: await response.text(),
  };
}

/** The number of the render an answer shows (in HTML and in a .data answer alike). */
function renderOf(text: string) {
  const match = /render-(\d+)/.exec(text);
  expect(match, `a render number in ${text}`).not.toBeNull();
  return Number(match![1]);
}

/** Two anonymous visits to one address, each rendered for its own request and not from the cache. */
async function visitTwice(pathname: string) {
  const first = await visit(pathname);
  const second = await visit(pathname);
  for (const answer of [first, second]) {
    expect(answer.status).toBe(200);
    expect(answer.cache).toBeNull();
  }
  expect(renderOf(second.text)).toBeGreaterThan(renderOf(first.text));
  return [first, second] as const;
}

describe("the page cache", () => {
  it("keeps an anonymous page: the second visitor gets the first visitor's render", async () => {
    const first = await visit("/greeting?case=anonymous");
    const second = await visit("/greeting?case=anonymous", "lng=vi");
    expect(first.status).toBe(200);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(renderOf(second.text)).toBe(renderOf(first.text));
  });

  it("renders a page once for visitors who ask for it at the same time, and gives each the render", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => visit("/slow?case=together")));
    expect(renders - before).toBe(1);
    expect(new Set(answers.map((answer) => renderOf(answer.text))).size).toBe(1);
    expect(answers.filter((answer) => answer.cache === "miss")).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });

  it("never keeps a signed-in person's page: the next anonymous visitor does not see their name", async () => {
    const signedIn = await visit("/greeting?case=signed-in", "lng=vi; session=session-anna");
    expect(signedIn.text).toContain("Anna Schmidt");
    expect(signedIn.cache).toBeNull();

    const anonymous = await visit("/greeting?case=signed-in");
    expect(anonymous.text).not.toContain("Anna Schmidt");
    expect(anonymous.text).toContain("Gast");
    expect(anonymous.cache).toBe("miss");
  });

  it("never keeps a page that sets a cookie: each visitor gets a render and a cookie of their own", async () => {
    const [first, second] = await visitTwice("/welcome");
    expect(first.setCookie).toBe(`visitor=render-${renderOf(first.text)}; Path=/; HttpOnly`);
    expect(second.setCookie).toBe(`visitor=render-${renderOf(second.text)}; Path=/; HttpOnly`);
  });

  it("never keeps a .data request (a client-side navigation's data)", async () => {
    // Two rules keep it out: the .data path, and its answer not being text/html.
    await visitTwice("/greeting.data?case=data");
  });

  it.each(["private, max-age=60", "no-store", "public, no-store"])(
    "never keeps a page marked Cache-Control: %s",
    async (directive) => {
      const answers = await visitTwice(`/private/${encodeURIComponent(directive)}`);
      for (const answer of answers) expect(answer.cacheControl).toBe(directive);
    },
  );
});

describe("a page with a public form (ADR 042)", () => {
  /** The form token of an answer's Set-Cookie, and the cookie's attributes. */
  function ticketOf(setCookie: string | null) {
    expect(setCookie, "the answer gives a form ticket").toMatch(new RegExp(`^${FORM_TICKET_COOKIE}=`));
    const token = formTokenOf(setCookie)!;
    return { token, attributes: setCookie!.split("; ").slice(1) };
  }

  it("is kept in the cache, and every visitor without a ticket gets a fresh one of their own", async () => {
    const answers = [];
    for (let visitor = 0; visitor < 20; visitor++) answers.push(await visit("/form?case=visitors"));
    expect(answers.map((answer) => answer.cache)).toEqual(["miss", ...Array(19).fill("hit")]);
    // The same bytes for all: one render.
    expect(new Set(answers.map((answer) => renderOf(answer.text))).size).toBe(1);
    const tickets = answers.map((answer) => ticketOf(answer.setCookie));
    expect(new Set(tickets.map((ticket) => ticket.token)).size).toBe(20);
    for (const { token, attributes } of tickets) {
      const age = formTokenAge(token, SECRET);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(5_000);
      expect(attributes).toEqual(["Path=/", "Max-Age=604800", "HttpOnly", "SameSite=Lax"]);
    }
    // An answer with someone's own cookie is theirs: no shared cache may keep it.
    for (const answer of answers) expect(answer.cacheControl).toBe("private");
  });

  it("keeps a visitor's valid ticket (a reload does not restart their time) and replaces one that is not ours", async () => {
    const first = ticketOf((await visit("/form?case=reload")).setCookie).token;
    const reload = await visit("/form?case=reload", `lng=vi; ${FORM_TICKET_COOKIE}=${first}`);
    expect(reload.cache).toBe("hit");
    expect(reload.setCookie).toBeNull();
    const forged = `${Date.now() - 60_000}.${"A".repeat(16)}.${"B".repeat(43)}`;
    const replaced = await visit("/form?case=reload", `${FORM_TICKET_COOKIE}=${forged}`);
    expect(replaced.cache).toBe("hit");
    expect(formTokenAge(ticketOf(replaced.setCookie).token, SECRET)).toBeLessThan(5_000);
  });

  it("gives a ticket with a client-side navigation's data too, and a ticket does not keep other pages out of the cache", async () => {
    const data = await visit("/form.data?case=navigation");
    expect(data.cache).toBeNull();
    const { token } = ticketOf(data.setCookie);
    const withTicket = `${FORM_TICKET_COOKIE}=${token}`;
    const first = await visit("/greeting?case=ticket-holder", withTicket);
    const second = await visit("/greeting?case=ticket-holder", `lng=vi; ${withTicket}`);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    // A page without a form gives no ticket.
    expect(second.setCookie).toBeNull();
    expect((await visit("/greeting?case=ticket-holder")).setCookie).toBeNull();
  });

  it("gives a signed-in person a ticket with their own render, which no shared cache may keep", async () => {
    const signedIn = await visit("/form?case=signed-in", "session=session-anna");
    expect(signedIn.cache).toBeNull();
    expect(signedIn.text).toContain("Anna Schmidt");
    ticketOf(signedIn.setCookie);
    expect(signedIn.cacheControl).toBe("private");
    const greeting = await visit("/greeting?case=signed-in-private", "session=session-anna");
    expect(greeting.cacheControl).toBe("private");
  });
});

// ADR 062: the cookie of a session better-auth renewed (or cleared) while a loader asked who is
// signed in reaches the browser with whatever answer the request gets, and is nobody else's.
describe("a session cookie the lookup renewed", () => {
  async function answer(pathname: string) {
    const response = await fetch(`${baseUrl}${pathname}`);
    return {
      cache: response.headers.get("X-Page-Cache"),
      cookies: response.headers.getSetCookie(),
      cacheControl: response.headers.get("Cache-Control"),
      text: await response.text(),
    };
  }

  it("goes to the browser with the page and with a navigation's data, and neither is kept in the cache", async () => {
    for (const pathname of ["/renewing?case=page", "/renewing.data?case=data"]) {
      const [first, second] = [await answer(pathname), await answer(pathname)];
      for (const visit of [first, second]) {
        expect(visit.cookies).toEqual([RENEWED_SESSION]);
        expect(visit.cache).toBeNull();
        expect(visit.cacheControl).toBe("private");
      }
      expect(renderOf(second.text)).toBeGreaterThan(renderOf(first.text));
    }
  });

  it("makes an answer private whatever the route said of its content, and leaves a stricter word alone", async () => {
    expect((await answer(`/renewing/${encodeURIComponent("public, max-age=300")}`)).cacheControl).toBe(
      "private",
    );
    expect((await answer("/renewing/no-store")).cacheControl).toBe("no-store");
  });

  it("comes before the route's own cookie, so that a sign-out's cleared cookie is the one the browser keeps", async () => {
    expect((await answer("/signing-out")).cookies).toEqual([RENEWED_SESSION, SIGNED_OUT_SESSION]);
  });
});
