// Every page speaks its reader's language (issue 26 §11): each page of the route table (app/routes.ts,
// read from the server build, not a hand list), public and admin, is rendered by the app's own
// request handler in vi, en and de, signed in as an admin, against the demo content (an admin
// page also with its dialogs, panels and tabs open, ADR 009); its text
// (and the labels people read in attributes) must show no catalogue key ("roster.learnersCount")
// and no database name ("contact_messages", "two_factor_enabled").

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorScopedDb } from "~/db/audit-actor.server";
import * as schema from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { type Language, languages } from "~/i18n/language";
import { erasePerson } from "~/models/person-erasure.server";
import { startPlacementAttempt } from "~/models/placement-test.server";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3700";
let vite: ViteDevServer;
let handle: ReturnType<typeof createRequestHandler>;
let build: ServerBuild;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let pageUrls: string[];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-rendered-labels-"));
/** The route id each page URL came from. */
const routeOf = new Map<string, string>();

/** The schema's snake_case names (tables and columns): what a page must never show. */
const databaseNames = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => {
      const config = getTableConfig(table);
      return [config.name, ...config.columns.map((column) => column.name)];
    })
    .filter((name) => name.includes("_")),
);

/** The text a person reads: text nodes and the attributes that are read out or shown. */
function readableText(html: string) {
  const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ");
  const attributes = [...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  const text = body.replace(/<[^>]*>/g, " ");
  return [text, ...attributes]
    .join(" \n ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** Words that look like a catalogue key (a.b, a.bC), once URLs, emails, domains and file names are
 * set aside. */
function keyLikeWords(text: string) {
  const withoutAddresses = text
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ")
    .replace(
      /\b[\w-]+(\.[\w-]+)*\.(vn|com|de|be|net|org|local|test|example|invalid|edu|io|jpg|jpeg|png|webp|pdf|csv|eml|mp4)\b/gi,
      " ",
    );
  return [...withoutAddresses.matchAll(/\b[a-z]{2,}(\.[a-zA-Z]{2,})+\b/g)].map((m) => m[0]);
}

/** A code identifier shown as text: an erasure's detail key ("mailFiles", "matchedBy"). */
function identifiersIn(text: string) {
  return [...text.matchAll(/\b[a-z]+[A-Z][a-zA-Z]*\b/g)].map((m) => m[0]);
}

function databaseNamesIn(text: string) {
  return [...text.matchAll(/\b[a-z]+(?:_[a-z0-9]+)+\b/g)]
    .map((m) => m[0])
    .filter((word) => databaseNames.has(word));
}

/** Every page of the route table (routes with a component), its parameters filled from the demo
 * content, in each public language's address. */
async function pagesOfRouteTable(db: typeof fixture.context.db) {
  const [course] = await db.select({ id: schema.courses.id }).from(schema.courses).limit(1);
  const [post] = await db.select({ slug: schema.posts.slug }).from(schema.posts).limit(1);
  const [courseClass] = await db.select({ id: schema.courseClasses.id }).from(schema.courseClasses).limit(1);
  const [postId] = await db.select({ id: schema.posts.id }).from(schema.posts).limit(1);
  const [enrollment] = await db.select({ id: schema.enrollments.id }).from(schema.enrollments).limit(1);
  const [message] = await db.select({ id: schema.contactMessages.id }).from(schema.contactMessages).limit(1);
  const [question] = await db
    .select({ id: schema.placementQuestions.id })
    .from(schema.placementQuestions)
    .limit(1);
  // A placement test started for this check: its page shows the questions.
  const token = await startPlacementAttempt(db, "vi");
  const values: Record<string, string | undefined> = {
    id: course?.id,
    slug: post?.slug,
    token,
    "*": "no-such-page",
  };
  const urls = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || id === "root" || !route.module.default) continue;
    const segments: string[] = [];
    for (
      let current: typeof route | undefined = route;
      current;
      current = build.routes[current.parentId ?? ""]
    ) {
      if (current.path) segments.unshift(current.path);
    }
    const isClassRoster = segments.join("/").includes("classes/:id");
    const url = `/${segments.join("/")}`
      .replace(
        /:(\w+)/g,
        (_, name: string) => (name === "id" && isClassRoster ? courseClass?.id : values[name]) ?? "x",
      )
      .replace(/\*/, values["*"]!)
      .replace(/\/+/g, "/");
    urls.add(url);
    routeOf.set(url, id);
    // An admin page's dialogs and panels live in its URL (ADR 009): open them too.
    if (url.startsWith("/admin")) {
      const variants = [`${url}?dialog=new`];
      const editable: Record<string, string | undefined> = {
        "/admin/courses": course?.id,
        "/admin/posts": postId?.id,
        "/admin/classes": courseClass?.id,
        "/admin/placement-test": question?.id,
      };
      if (editable[url])
        variants.push(`${url}?dialog=edit&id=${editable[url]}`, `${url}?dialog=delete&id=${editable[url]}`);
      if (url === "/admin/students" && enrollment) variants.push(`${url}?id=${enrollment.id}`);
      if (url === "/admin/messages" && message) variants.push(`${url}?id=${message.id}`);
      if (url === "/admin/settings")
        for (const tab of ["contact", "payment", "home", "users", "outbox", "newsletter"])
          variants.push(`${url}?tab=${tab}`);
      for (const variant of variants) {
        urls.add(variant);
        routeOf.set(variant, id);
      }
    }
  }
  return [...urls].sort();
}

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.mai@lernhaus.test", "Cô Mai", "admin");
  const { createServer } = await import("vite");
  vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  handle = createRequestHandler(build, "development");
  pageUrls = await pagesOfRouteTable(database.db);
  // Entries in the audit log, so that its page shows tables, fields and an erasure's details.
  const asAdmin = actorScopedDb(database.db, { id: "admin", email: "co.mai@lernhaus.test", ip: "127.0.0.1" });
  await asAdmin.execute(
    sql`update "user" set two_factor_enabled = true where email = 'co.mai@lernhaus.test'`,
  );
  await asAdmin.insert(schema.contactMessages).values({
    name: "Lan",
    email: "lan@example.test",
    phone: "0912345678",
    subject: "pricing",
    message: "Học phí?",
  });
  await erasePerson(asAdmin, { email: "lan@example.test", phone: undefined }, { dataDir, by: "admin" });
}, 240_000);

afterAll(async () => {
  await vite?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function render(url: string, language: Language, cookie: string) {
  const response = await handle(
    new Request(`${APP_URL}${url}`, { headers: { cookie: `${cookie}lng=${language}`, accept: "text/html" } }),
    { ...fixture.context, cspNonce: "test-nonce" },
  );
  return { status: response.status, html: await response.text() };
}

/** The page as an admin sees it, or, where it sends a signed-in person away (sign-in, sign-up),
 * as a visitor does. */
async function renderPage(url: string, language: Language) {
  const asAdmin = await render(url, language, `${adminCookie}; `);
  if (asAdmin.status < 300 || asAdmin.status >= 400) return asAdmin;
  return render(url, language, "");
}

describe("every page of the route table", () => {
  it("is found in the route table, public and admin", () => {
    expect(pageUrls).toEqual(
      expect.arrayContaining(["/", "/en/courses", "/de/blog", "/admin", "/admin/settings/audit"]),
    );
    expect(pageUrls.some((url) => /^\/admin\/classes\/[0-9a-f-]{36}$/.test(url))).toBe(true);
  });

  for (const language of languages) {
    it(`shows no catalogue key and no database name in ${language}`, async () => {
      const found: string[] = [];
      const rendered: string[] = [];
      for (const url of pageUrls) {
        // A public page's language is its address (/en, /de; Vietnamese has none); the admin's
        // and the account pages' is the cookie.
        const addressLanguage = /^\/(en|de)(\/|$)/.exec(url)?.[1] ?? "vi";
        const isPublicPage = build.routes[routeOf.get(url)!]?.parentId?.endsWith("routes/site/layout");
        if (isPublicPage && addressLanguage !== language) continue;
        const { status, html } = await renderPage(url, language);
        if (status >= 500 || (url.startsWith("/admin") && status !== 200))
          found.push(`${url}: answered ${status}`);
        if (status >= 300 && status < 400) continue;
        rendered.push(url);
        const text = readableText(html);
        for (const word of keyLikeWords(text)) found.push(`${url} (${status}): key-like "${word}"`);
        for (const word of databaseNamesIn(text)) found.push(`${url} (${status}): database name "${word}"`);
        for (const word of identifiersIn(text)) found.push(`${url} (${status}): identifier "${word}"`);
      }
      expect(found).toEqual([]);
      // Not a test that cannot fail: the pages were rendered, the roster among them.
      const adminPages = pageUrls.filter((url) => url.startsWith("/admin"));
      expect(adminPages.length).toBeGreaterThan(10);
      expect(rendered.filter((url) => url.startsWith("/admin"))).toEqual(adminPages);
      expect(rendered).toEqual(expect.arrayContaining([language === "vi" ? "/" : `/${language}`, "/login"]));
    }, 300_000);
  }
});
