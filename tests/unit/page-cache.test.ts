import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PageTraits } from "~/lib/page-traits";
import { contentSecurityPolicy, nonceScriptHashes } from "../../server/csp";
import { type CachedPage, PageCache, preferredEncoding, sendCachedPage } from "../../server/page-cache";

const policy = contentSecurityPolicy({ formActionOrigins: [], development: false, https: false });
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const rendered = (html: string, nonce = "n0nce", traits: PageTraits = { formTicket: false }) => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["content-length", "999"],
  ] as [string, string][],
  html,
  nonce,
  route: "/",
  traits,
});

describe("PageCache", () => {
  it("keeps a page as plain, gzip and brotli bytes that all decode to the rendered HTML", async () => {
    const cache = new PageCache({ policy });
    const html = `<!DOCTYPE html><html lang="vi"><body><h1>Xin chào – Grüße</h1>${"<p>Deutsch lernen</p>".repeat(200)}</body></html>`;
    await cache.store("vi /", cache.currentGeneration(), rendered(html));
    const page = cache.get("vi /");
    expect(page?.bodies.identity.toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(page!.bodies.gzip).toString("utf8")).toBe(html);
    expect(zlib.brotliDecompressSync(page!.bodies.br).toString("utf8")).toBe(html);
    expect(page!.bodies.br.length).toBeLessThan(html.length / 10);
    // The rendered response's length described the plain body: each answer sets its own.
    expect(page!.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
  });

  it("allows by hash exactly the inline scripts the render marked with its nonce", async () => {
    const cache = new PageCache({ policy });
    const html =
      '<script nonce="n0nce">window.a=1</script><script nonce="n0nce" type="module">import("/x.js")\r\n</script>' +
      '<div><script>alert("injected")</script><script nonce="guess">alert(2)</script></div>';
    const page = await cache.store("vi /", cache.currentGeneration(), rendered(html));
    const scriptSrc = page?.contentSecurityPolicy.split(";").find((d) => d.startsWith("script-src"));
    // CR LF is hashed as the LF an HTML parser makes of it.
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha256("window.a=1")} ${sha256('import("/x.js")\n')} 'strict-dynamic'`,
    );
    expect(page?.contentSecurityPolicy).not.toContain("nonce");
  });

  it("does not cache a page whose nonce-marked script is loaded from a URL (a hash cannot allow it)", async () => {
    const cache = new PageCache({ policy });
    expect(nonceScriptHashes('<script nonce="n0nce" src="/a.js"></script>', "n0nce")).toBeUndefined();
    expect(
      await cache.store(
        "vi /",
        cache.currentGeneration(),
        rendered('<script nonce="n0nce" src="/a.js"></script>'),
      ),
    ).toBeUndefined();
    expect(cache.get("vi /")).toBeUndefined();
  });

  it("keeps languages apart", async () => {
    const cache = new PageCache({ policy });
    await cache.store("vi /", cache.currentGeneration(), rendered("xin chào"));
    expect(cache.get("en /")).toBeUndefined();
  });

  it("forgets everything on a change, and does not store a render that began before it", async () => {
    const cache = new PageCache({ policy });
    const before = cache.currentGeneration();
    await cache.store("vi /", before, rendered("old"));
    cache.clear();
    expect(cache.get("vi /")).toBeUndefined();
    expect(cache.sizeInBytes).toBe(0);
    // Still answers the request that rendered it, but is not kept.
    expect(await cache.store("vi /about", before, rendered("rendered before the change"))).toBeDefined();
    expect(cache.get("vi /about")).toBeUndefined();
  });

  it("a change of a class takes out only the pages that show classes (or do not say what they show)", async () => {
    const cache = new PageCache({ policy });
    const pages = {
      "vi /schedule": ["classes", "courses"],
      "vi /enroll": ["courses", "classes", "contacts"],
      "vi /about": ["about", "contacts"],
      "vi /blog": ["posts", "contacts"],
      "vi /unsaid": undefined,
    } as const;
    for (const [key, liveTopics] of Object.entries(pages)) {
      await cache.store(
        key,
        cache.currentGeneration(),
        rendered(key, "n0nce", { formTicket: false, liveTopics }),
      );
    }
    cache.invalidate("classes");
    expect(Object.keys(pages).filter((key) => cache.get(key))).toEqual(["vi /about", "vi /blog"]);
    // Any other public change takes out every page: a contact detail shows in every footer.
    cache.invalidate("courses");
    expect(cache.size).toBe(0);
    expect(cache.sizeInBytes).toBe(0);
  });

  it("takes class pages out at most once a second: a change within it is taken out when the second has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const cache = new PageCache({ policy });
      const schedulePage = async () =>
        cache.store(
          "vi /schedule",
          cache.currentGeneration(),
          rendered("seats", "n0nce", { formTicket: false, liveTopics: ["classes"] }),
        );
      await schedulePage();
      cache.invalidate("classes"); // the first change: at once
      expect(cache.get("vi /schedule")).toBeUndefined();
      await schedulePage();
      vi.advanceTimersByTime(300);
      cache.invalidate("classes"); // 300 ms later: due at 1 s
      cache.invalidate("classes"); // and another: the same take-out
      expect(cache.get("vi /schedule")).toBeDefined();
      vi.advanceTimersByTime(699);
      expect(cache.get("vi /schedule")).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(cache.get("vi /schedule")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("when class pages render slower than the changes come, renders are still stored: the wait between take-outs grows to twice the render time, up to 10 s", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const cache = new PageCache({ policy });
      const traits = { formTicket: false, liveTopics: ["classes" as const] };
      // An enrolment into a class every 200 ms; the schedule rendered back to back (one render
      // of a page at a time), each render taking `renderMs`.
      let nextChange = Date.now();
      const renderFor = async (renderMs: number) => {
        const generation = cache.currentGeneration();
        for (let passed = 0; passed < renderMs; passed += 100) {
          vi.advanceTimersByTime(100);
          while (Date.now() >= nextChange) {
            cache.invalidate("classes");
            nextChange += 200;
          }
        }
        await cache.store("vi /schedule", generation, rendered("seats", "n0nce", traits));
        return cache.get("vi /schedule") !== undefined;
      };
      // Renders of 1.5 s: with a take-out every second none would ever be stored.
      const stored: boolean[] = [];
      for (let render = 0; render < 20; render++) stored.push(await renderFor(1_500));
      expect(stored.filter(Boolean).length).toBeGreaterThanOrEqual(stored.length / 3);
      expect(cache.targetedRefreshMs()).toBeGreaterThanOrEqual(2_000);
      expect(cache.targetedRefreshMs()).toBeLessThanOrEqual(4_000);

      // Renders of a minute: the pages are still taken out at least every 10 s.
      for (let render = 0; render < 3; render++) await renderFor(60_000);
      expect(cache.targetedRefreshMs()).toBe(10_000);

      // Fast renders again: back to once a second.
      for (let render = 0; render < 40; render++) await renderFor(100);
      expect(cache.targetedRefreshMs()).toBe(1_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not store a page that shows classes when a class changed while it rendered; others still", async () => {
    const cache = new PageCache({ policy });
    const before = cache.currentGeneration();
    cache.invalidate("classes");
    const traits = (liveTopics: PageTraits["liveTopics"]) => ({ formTicket: false, liveTopics });
    await cache.store("vi /schedule", before, rendered("seats", "n0nce", traits(["classes"])));
    await cache.store("vi /about", before, rendered("about", "n0nce", traits(["about"])));
    await cache.store("vi /unsaid", before, rendered("?", "n0nce", traits(undefined)));
    expect(cache.get("vi /schedule")).toBeUndefined();
    expect(cache.get("vi /unsaid")).toBeUndefined();
    expect(cache.get("vi /about")).toBeDefined();
  });

  it("gives the visitors who waited for a render its page even when a change came during it and it was not stored", async () => {
    const cache = new PageCache({ policy });
    const traits: PageTraits = { formTicket: true, liveTopics: ["classes"] };
    const key = "vi /enroll";
    const before = cache.currentGeneration();
    const endRender = cache.startRender(key);
    // A second visitor's render of the same page while the first runs is not waited for.
    expect(cache.startRender(key)).not.toBe(endRender);
    const waiters = Array.from({ length: 5 }, () => cache.renderedMeanwhile(key));
    cache.invalidate("classes"); // an enrolment took a seat while the page rendered
    const page = await cache.store(key, before, rendered("seats left: 3", "n0nce", traits));
    endRender(page);
    expect(page).toBeDefined();
    for (const waited of await Promise.all(waiters)) expect(waited).toBe(page);
    // Not stored: the next visitor after the render renders the page anew.
    expect(cache.get(key)).toBeUndefined();
    expect(await cache.renderedMeanwhile(key)).toBeUndefined();
  });

  it("gives the waiting visitors nothing when the render they waited for made nothing for the cache", async () => {
    const cache = new PageCache({ policy });
    const endRender = cache.startRender("vi /");
    const waiting = cache.renderedMeanwhile("vi /");
    endRender(undefined); // e.g. a 500, or a script the policy cannot allow by hash
    expect(await waiting).toBeUndefined();
  });

  it("does not store a page when the cache is cleared while it is being compressed", async () => {
    const cache = new PageCache({ policy });
    const storing = cache.store("vi /", cache.currentGeneration(), rendered("x".repeat(100_000)));
    cache.clear();
    await storing;
    expect(cache.get("vi /")).toBeUndefined();
  });

  it("stays within its memory bound, evicting the least recently used page", async () => {
    const cache = new PageCache({ policy, maxBytes: 100 * 1024 });
    // Random bytes hardly compress: each entry is over 3 × 5 KB.
    const bulky = (i: number) => `${i} ${randomText(5_000)}`;
    for (let i = 0; i < 10; i++)
      await cache.store(`vi /blog?q=${i}`, cache.currentGeneration(), rendered(bulky(i)));
    cache.get("vi /blog?q=0"); // used again: now the most recent
    for (let i = 10; i < 40; i++)
      await cache.store(`vi /blog?q=${i}`, cache.currentGeneration(), rendered(bulky(i)));
    expect(cache.sizeInBytes).toBeLessThanOrEqual(100 * 1024);
    expect(cache.size).toBeGreaterThan(3);
    expect(cache.get("vi /blog?q=1")).toBeUndefined();
    expect(cache.get("vi /blog?q=39")?.bodies.identity.toString()).toMatch(/^39 /);
  });
});

function randomText(length: number) {
  let text = "";
  while (text.length < length) text += Math.random().toString(36).slice(2);
  return text.slice(0, length);
}

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["deflate", "identity"],
    ["*", "br"],
    ["gzip;q=0.5, identity", "identity"],
    ["GZIP", "gzip"],
    ["br;q=oops, gzip", "gzip"],
  ])("Accept-Encoding %j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("sendCachedPage", () => {
  let server: http.Server;
  let base: string;
  let page: CachedPage;
  const html = `<!DOCTYPE html><html><head><script nonce="n0nce">1</script></head><body>${"Lernhaus ".repeat(500)}</body></html>`;

  beforeAll(async () => {
    const cache = new PageCache({ policy });
    page = (await cache.store("vi /", cache.currentGeneration(), rendered(html)))!;
    server = http.createServer((req, res) => sendCachedPage(req, res, page, "hit"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    });

  it("sends the encoding the browser prefers, with its length, Vary, the page's policy and an ETag", async () => {
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["identity", undefined, (b: Buffer) => b],
    ] as const) {
      const response = await get({ "Accept-Encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decode(response.body).toString("utf8")).toBe(html);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-security-policy"]).toContain(sha256("1"));
      expect(response.headers.etag).toBe(page.etag);
      expect(response.headers["x-page-cache"]).toBe("hit");
    }
  });

  it("answers 304 without a body when the browser already holds the page", async () => {
    const response = await get({ "Accept-Encoding": "br", "If-None-Match": `"other", ${page.etag}` });
    expect(response.status).toBe(304);
    expect(response.body.length).toBe(0);
    expect((await get({ "If-None-Match": '"other"' })).status).toBe(200);
  });
});
