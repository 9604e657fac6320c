// How much JavaScript (gzip) a server-rendered page makes the browser load.
//
// What is counted, each file once, gzipped on its own with zlib level 9 (what a good CDN or
// pre-compression would send; the app's own `compression` middleware uses a lower level):
//   1. the page's entries: every <script src>, every <link rel="modulepreload" href>, and every
//      `import "…"` / `from "…"` / `import("…")` of /assets/*.js inside inline module scripts
//      (React Router's bootstrap imports the manifest, the route modules and entry.client);
//   2. "static graph": those plus everything they import statically (`import"./x.js"`,
//      `from"./x.js"`), transitively — the browser fetches all of it before running any module;
//   3. "page load": the static graph plus every other script a real browser (Debian's Chromium)
//      fetches while loading the page until the network is idle (a module imported on
//      demand). This is the number the target applies to. The texts are JSON data, not
//      scripts: the page carries its own (ADR 043), others are fetched on navigation (ADR 044);
//   4. "all reachable": the static graph plus every dynamic `import("./literal.js")` reachable
//      from it — an upper bound, for information. Imports
//      with computed specifiers (React Router's lazy route modules) cannot be followed and are
//      not counted; routes other than the page's own load only on navigation anyway.
// CSS, fonts and images are not JavaScript and are not counted.
import { gzipSync } from "node:zlib";
import { BenchError, KB, sum } from "./lib";

export interface ScriptFile {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageJavaScript {
  language: string;
  entries: string[];
  staticGraph: ScriptFile[];
  loadedOnDemand: ScriptFile[];
  beforeHydration: ScriptFile[];
  allReachable: ScriptFile[];
}

interface ParsedScript extends ScriptFile {
  staticImports: string[];
  dynamicImports: string[];
}

const QUOTED = String.raw`(["'\x60])([^"'\x60]+)\1`;
const STATIC_IMPORT = new RegExp(String.raw`(?:\bfrom|\bimport)\s*${QUOTED}`, "g");
const DYNAMIC_IMPORT = new RegExp(String.raw`\bimport\s*\(\s*${QUOTED}\s*\)`, "g");

/** `cookie`: the Cookie header of a signed-in visit (account and admin pages). */
export async function measurePageJavaScript(pageUrl: string, cookie?: string): Promise<PageJavaScript> {
  const response = await fetch(pageUrl, {
    headers: { "Accept-Encoding": "identity", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  if (response.status !== 200) throw new BenchError(`${pageUrl}: HTTP ${response.status}`);
  const html = await response.text();
  const language = /<html\b[^>]*\blang\s*=\s*["']?([\w-]+)/i.exec(html)?.[1] ?? "";
  const entries = pageScriptEntries(html, pageUrl);
  if (entries.length === 0) throw new BenchError(`${pageUrl}: no JavaScript found in the HTML`);

  const files = new Map<string, ParsedScript>();
  const load = async (url: string) => {
    let file = files.get(url);
    if (!file) {
      file = await fetchScript(url);
      files.set(url, file);
    }
    return file;
  };
  /** Breadth-first closure over the static imports of `roots`. */
  const closure = async (roots: string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...(await load(url)).staticImports);
    }
    return [...seen];
  };

  const staticGraph = await closure(entries);
  const beforeHydration = await closure([...staticGraph, ...(await scriptsLoadedByBrowser(pageUrl, cookie))]);

  // Everything reachable through literal dynamic imports too, to a fixed point.
  let allReachable = beforeHydration;
  for (;;) {
    const dynamicRoots = allReachable.flatMap((url) => files.get(url)?.dynamicImports ?? []);
    const next = await closure([...allReachable, ...dynamicRoots]);
    if (next.length === allReachable.length) break;
    allReachable = next;
  }

  const pick = (urls: string[]) => urls.map((url) => files.get(url)).filter((f) => f !== undefined);
  const staticSet = new Set(staticGraph);
  return {
    language,
    entries,
    staticGraph: pick(staticGraph),
    loadedOnDemand: pick(beforeHydration.filter((url) => !staticSet.has(url))),
    beforeHydration: pick(beforeHydration),
    allReachable: pick(allReachable),
  };
}

export const gzipTotal = (files: ScriptFile[]) => sum(files.map((f) => f.gzipBytes));

/** The scripts Chromium fetches for the page, from navigation until the network is idle. */
async function scriptsLoadedByBrowser(pageUrl: string, cookie: string | undefined): Promise<string[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
    const urls = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") urls.add(request.url());
    });
    // The live-update stream stays open for as long as the page does, so the network would
    // never be idle: refuse it (the page tries again later; it loads no script).
    await page.route("**/api/events", (route) => route.abort());
    await page.goto(pageUrl, { waitUntil: "networkidle" });
    return [...urls];
  } finally {
    await browser.close();
  }
}

/** Script URLs named by the HTML itself (see the header comment, point 1). */
function pageScriptEntries(html: string, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(attributes, "src");
    if (src) urls.push(src);
    else if (attribute(attributes, "type") === "module") {
      for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
        for (const match of body.matchAll(pattern)) if (match[2]) urls.push(match[2]);
      }
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, "href");
    if (href && attribute(tag, "rel")?.split(/\s+/).includes("modulepreload")) urls.push(href);
  }
  const resolved = urls.map((url) => new URL(decodeEntities(url), pageUrl));
  const origin = new URL(pageUrl).origin;
  return unique(
    resolved.filter((url) => url.origin === origin && url.pathname.endsWith(".js")).map((url) => url.href),
  );
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(String.raw`\s${name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const decodeEntities = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

const unique = <T>(values: T[]) => [...new Set(values)];

async function fetchScript(url: string): Promise<ParsedScript> {
  // identity: we want the plain bytes and compress them ourselves, all at the same level.
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!response.ok) throw new BenchError(`${url}: HTTP ${response.status}`);
  const buffer = Buffer.from(await response.arrayBuffer());
  const source = buffer.toString("utf8");
  const resolve = (specifier: string) => new URL(specifier, url).href;
  const jsSpecifiers = (pattern: RegExp) =>
    unique(
      [...source.matchAll(pattern)]
        .map((match) => match[2] ?? "")
        .filter((specifier) => /^\.{0,2}\/.*\.js$/.test(specifier))
        .map(resolve),
    );
  return {
    url,
    bytes: buffer.length,
    gzipBytes: gzipSync(buffer, { level: 9 }).length,
    staticImports: jsSpecifiers(STATIC_IMPORT),
    dynamicImports: jsSpecifiers(DYNAMIC_IMPORT),
  };
}

/* -------------------------------------------------------------- budgets per kind of page */

export type PageType = "public" | "form" | "account" | "admin";

/** Gzipped JavaScript a page may load before it answers a tap (issue 28, item 4; ADR 065). The
 * home page's own target, the 130 KB, is reported apart (run.ts). Each budget leaves its
 * kind a few KB over the heaviest page measured when it was set, so that growth shows.
 * - public: the pages an advertisement and a search lead to, on a phone: 123–132 KB when set.
 * - form: a public page built around a form, or carrying one (the blog's newsletter box):
 *   124–145 KB. The form adds Conform, the fields and the page's form code, about 16 KB; its
 *   checks (zod and the schema) load on first use (ADR 058).
 * - account: a learner's pages share the public frame and add their forms.
 * - admin: used on a school's desktop or laptop, by a few people, every day from the cache.
 * React, React DOM and React Router alone are 105.7 KB of every page. */
export const JAVASCRIPT_BUDGETS: Record<PageType, number> = {
  public: 135 * KB,
  form: 150 * KB,
  account: 140 * KB,
  admin: 200 * KB,
};

/** A page by its address, or the first page another page links to under a path (an article, a
 * course: their addresses come from the demo content). */
export type BudgetedPath = string | { firstLinkOn: string; under: string };

/** One page of each kind of page the site has, the heaviest of each kind first where known. */
export const BUDGETED_PAGES: { type: PageType; path: BudgetedPath }[] = [
  { type: "public", path: "/" },
  { type: "public", path: "/about" },
  { type: "public", path: "/courses" },
  { type: "public", path: { firstLinkOn: "/courses", under: "/courses/" } },
  { type: "public", path: "/schedule" },
  { type: "public", path: { firstLinkOn: "/blog", under: "/blog/" } },
  { type: "public", path: "/privacy" },
  { type: "form", path: "/blog" },
  { type: "form", path: "/enroll" },
  { type: "form", path: "/en/contact" },
  { type: "form", path: "/placement-test" },
  { type: "form", path: "/trial" },
  { type: "form", path: "/login" },
  { type: "form", path: "/signup" },
  { type: "account", path: "/profile" },
  { type: "admin", path: "/admin" },
  { type: "admin", path: "/admin/students" },
  { type: "admin", path: "/admin/posts" },
  { type: "admin", path: "/admin/classes" },
  { type: "admin", path: "/admin/settings" },
  { type: "admin", path: "/admin/placement-test" },
  { type: "admin", path: "/admin/trials" },
];

/** The first address `from` links to under `under` (`/blog` → its newest article). */
export async function firstLinkedPage(appUrl: string, from: string, under: string): Promise<string> {
  const html = await (await fetch(`${appUrl}${from}`)).text();
  const escaped = under.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const path = new RegExp(`href="(${escaped}[a-z0-9-]+)"`).exec(html)?.[1];
  if (!path) throw new BenchError(`no page under ${under} linked from ${from}`);
  return path;
}

export interface BudgetedPage {
  type: PageType;
  path: string;
  gzipBytes: number;
  budgetBytes: number;
  ok: boolean;
}

/** Measures every page of BUDGETED_PAGES; `cookies` sign in a learner and an admin. */
export async function measureBudgetedPages(
  appUrl: string,
  cookies: { account: string; admin: string },
): Promise<BudgetedPage[]> {
  const pages: BudgetedPage[] = [];
  for (const { type, path: budgeted } of BUDGETED_PAGES) {
    const path =
      typeof budgeted === "string"
        ? budgeted
        : await firstLinkedPage(appUrl, budgeted.firstLinkOn, budgeted.under);
    const cookie = type === "account" || type === "admin" ? cookies[type] : undefined;
    const js = await measurePageJavaScript(`${appUrl}${path}`, cookie);
    const gzipBytes = gzipTotal(js.beforeHydration);
    const budgetBytes = JAVASCRIPT_BUDGETS[type];
    pages.push({ type, path, gzipBytes, budgetBytes, ok: gzipBytes <= budgetBytes });
  }
  return pages;
}
