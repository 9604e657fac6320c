import { describe, expect, it } from "vitest";
import { type CrossSiteCheck, isRefusedCrossSite } from "../../server/csrf";

const own = "https://lernhaus.test";
const request = (overrides: Partial<CrossSiteCheck>): CrossSiteCheck => ({
  method: "POST",
  path: "/contact",
  hasCookie: true,
  origin: own,
  secFetchSite: "same-origin",
  ownOrigin: own,
  requestOrigin: own,
  ...overrides,
});
const crossSite = { origin: "https://evil.example", secFetchSite: "cross-site" } as const;

describe("the cross-site refusal", () => {
  it("refuses a post with cookies from another site, by Origin or by Sec-Fetch-Site", () => {
    expect(isRefusedCrossSite(request({}))).toBe(false);
    expect(isRefusedCrossSite(request({ origin: "https://evil.example" }))).toBe(true);
    expect(isRefusedCrossSite(request({ origin: undefined, secFetchSite: "cross-site" }))).toBe(true);
    expect(isRefusedCrossSite(request({ ...crossSite, hasCookie: false }))).toBe(false);
    expect(isRefusedCrossSite(request({ ...crossSite, method: "GET" }))).toBe(false);
  });

  it("lets a mail program's one-click unsubscribe through from anywhere, and nothing else (RFC 8058)", () => {
    const oneClick = "/newsletter/unsubscribe/one-click";
    expect(isRefusedCrossSite(request({ ...crossSite, path: oneClick }))).toBe(false);
    // Only that exact path, and only its POST.
    for (const path of [
      "/newsletter/unsubscribe",
      `${oneClick}/x`,
      "/newsletter/unsubscribe/one-click.data",
      "/newsletter/confirm",
      "/admin/posts",
    ]) {
      expect(isRefusedCrossSite(request({ ...crossSite, path })), path).toBe(true);
    }
    expect(isRefusedCrossSite(request({ ...crossSite, path: oneClick, method: "DELETE" }))).toBe(true);
  });
});
