// The anonymous page cache serves the same precompressed bytes and the same hash-based CSP to
// every visitor (ADR 017): a page served from it must still hydrate in a real browser without a
// single CSP violation, and each encoding must carry the very same page.
import http from "node:http";
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Other tests' changes empty the cache at any time: ask again until the answer is a hit. */
async function openCachedPage(page: Page, path: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await page.goto(path);
    if (response?.headers()["x-page-cache"] === "hit") return response;
  }
  throw new Error(`${path} never came from the page cache`);
}

test("a page from the cache hydrates under its hash-based CSP without a violation", async ({ page }) => {
  // Violations are events in the page; record them from the first byte on.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) => {
      violations.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sample} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const response = await openCachedPage(page, "/");
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'strict-dynamic'/);
  expect(policy).not.toContain("nonce-");
  expect(response.headers()["content-encoding"]).toBe("br");

  // Opening the menu is React's work (showModal from a click handler): only a hydrated page does it.
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Mở menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  // A client-side navigation loads the next route's module through the allowed bootstrap.
  await menu.getByRole("link", { name: "Về chúng tôi" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Về chúng tôi");

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  // (The page fixture also fails the test on any console error, which is where Chromium reports them.)
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

test("a cached page is the same HTML in brotli, gzip and plain, and a 304 once held", async ({ baseURL }) => {
  const url = `${baseURL}/courses`;
  // The three answers must come from one cache entry (no change in between), or they differ by
  // their render's nonce: try until three hits share one ETag.
  for (let attempt = 0; attempt < 10; attempt++) {
    await get(url, { "Accept-Encoding": "br" });
    const br = await get(url, { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await get(url, { "Accept-Encoding": "gzip" });
    const plain = await get(url, {});
    const answers = [br, gzip, plain];
    if (!answers.every((a) => a.headers["x-page-cache"] === "hit" && a.headers.etag === br.headers.etag))
      continue;

    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers["x-request-id"]).toBeTruthy();
    }
    const html = plain.body.toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(html);
    expect(br.body.length).toBeLessThan(html.length / 3);

    const again = await get(url, { "Accept-Encoding": "br", "If-None-Match": String(br.headers.etag) });
    if (again.headers.etag !== br.headers.etag) continue; // a change re-rendered the page meanwhile
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    return;
  }
  throw new Error(`${url}: no three answers from one cache entry in 10 attempts`);
});
