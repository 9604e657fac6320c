// ADR 040: the pure parts of the operator's metrics — the route label (a pattern of the app's own
// route table, never the path as sent, so no visitor can make new series), the bearer-token
// check of GET /metrics, and what a scrape shows when one of its sources fails.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  countPageCache,
  disableMetrics,
  enableMetrics,
  methodLabel,
  recordRequest,
  setMetricSources,
} from "~/lib/metrics.server";
import routes from "~/routes";
import { bearerTokenMatches, isMetricsPath } from "../../server/metrics-endpoint";
import { HOST_ROUTES, pageAddress, routePatternMatcher } from "../../server/route-label";

/** The build's route manifest as React Router makes it from app/routes.ts: ids from the files
 * unless given, every route under "root". */
function manifestOf(entries: RouteConfigEntry[]) {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const patterns = new Set<string>(["/"]);
  const walk = (list: RouteConfigEntry[], parentId: string, prefix: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      const pattern = entry.path ? `${prefix}/${entry.path}` : prefix;
      patterns.add(pattern || "/");
      walk(entry.children ?? [], id, pattern);
    }
  };
  walk(entries, "root", "");
  return { manifest: manifest as unknown as ServerBuild["routes"], patterns };
}

const { manifest, patterns } = manifestOf(routes);
const routeOf = routePatternMatcher(manifest);

describe("the route label", () => {
  it.each([
    ["/", "/"],
    ["/courses", "/courses"],
    ["/courses/b1-abend", "/courses/:slug"],
    ["/en/courses/b1-evening", "/en/courses/:slug"],
    ["/de/blog/ein-beitrag", "/de/blog/:slug"],
    ["/blog/rss.xml", "/blog/rss.xml"],
    ["/admin/classes/42/roster.csv", "/admin/classes/:id/roster.csv"],
    ["/api/auth/sign-in/email", "/api/auth/*"],
    ["/no/such/page", "/*"],
    ["/en/no-such-page", "/en/*"],
    ["/courses.data", "/courses"],
    ["/_root.data", "/"],
    ["/en/courses/b1-evening.data", "/en/courses/:slug"],
    ["/%0A", HOST_ROUTES.unrouted],
  ])("%s is counted as %s", (path, label) => {
    expect(routeOf(path)).toBe(label);
  });

  it("is one of the route table's patterns for any path, however many distinct ones are asked for", () => {
    // No "%": a broken percent-encoding is refused before routing (server/malformed-url.ts).
    const segment = fc.stringMatching(/^[a-zA-Z0-9._~-]{1,12}$/);
    const path = fc
      .tuple(
        fc.constantFrom("", "/en", "/de", "/admin", "/api", "/blog", "/courses", "/schedule", "/uploads"),
        fc.array(segment, { maxLength: 5 }),
        fc.constantFrom("", ".data", ".xml", "/"),
      )
      .map(([prefix, segments, end]) => `${prefix}/${segments.join("/")}${end}`);
    // A path React Router's matcher takes for no route at all ("/%0A": its patterns' `.*` stops
    // at a line break) is counted as "(unrouted)": still one of a fixed set of labels.
    const labels = new Set([...patterns, ...Object.values(HOST_ROUTES)]);
    fc.assert(
      fc.property(fc.oneof(path, fc.webPath()), (pathname) => {
        expect(labels).toContain(routeOf(pathname));
      }),
      // Each new path is a full match over the route table: a few hundred are plenty.
      { numRuns: 300 },
    );
  }, 60_000);

  it("counts a client-side navigation's data request under its page", () => {
    expect(pageAddress("/about.data")).toBe("/about");
    expect(pageAddress("/_root.data")).toBe("/");
    expect(pageAddress("/about")).toBe("/about");
  });

  it("names methods the app knows, and any other as 'other'", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("POST")).toBe("POST");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(methodLabel(undefined)).toBe("other");
  });
});

describe("the metrics endpoint's token check", () => {
  const token = "t0ken-of-the-operator-0123456789abcdef";

  it("accepts the token as a bearer token, whatever the scheme's case", () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`BEARER  ${token} `, token)).toBe(true);
  });

  it("refuses no header, another scheme, and a token that is a part or an extension of it", () => {
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      token,
      `Basic ${token}`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Bearer x${token}`,
      `Bearer ${token} ${token}`,
      `Bearer ${token.toUpperCase()}`,
    ]) {
      expect(bearerTokenMatches(header, token), String(header)).toBe(false);
    }
  });

  it("refuses every other token", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (other) => {
        fc.pre(other.trim() !== token);
        expect(bearerTokenMatches(`Bearer ${other}`, token)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("answers its path with or without a query string, and no other", () => {
    expect(isMetricsPath("/metrics")).toBe(true);
    expect(isMetricsPath("/metrics?name[]=x")).toBe(true);
    for (const other of ["/metrics/", "/metrics/x", "/metricsx", "/en/metrics", "/", "/api/metrics"]) {
      expect(isMetricsPath(other), other).toBe(false);
    }
  });
});

describe("a scrape", () => {
  afterEach(() => disableMetrics());

  it("records nothing while the metrics are off", async () => {
    recordRequest("/", "GET", 200, 0.001);
    countPageCache("hit");
    const registry = enableMetrics();
    const text = await registry.metrics();
    expect(text).toContain('lernhaus_page_cache_total{result="hit"} 0');
    expect(text).not.toContain('lernhaus_http_request_duration_seconds_count{route="/"');
  });

  it("shows requests, page-cache hits and misses, the pool and the outbox", async () => {
    const registry = enableMetrics();
    setMetricSources({
      pool: { counts: { totalCount: 7, idleCount: 3, waitingCount: 2 }, max: 10 },
      outbox: async () => ({ queued: 5, failed: 1, oldestDueSeconds: 42.5 }),
      liveStreams: () => 4,
    });
    recordRequest("/courses/:slug", "GET", 200, 0.003);
    recordRequest("/courses/:slug", "GET", 200, 0.2);
    recordRequest("/*", "PROPFIND", 404, 0.01);
    countPageCache("hit");
    countPageCache("hit");
    countPageCache("miss");
    const text = await registry.metrics();
    expect(text).toContain(
      'lernhaus_http_request_duration_seconds_count{route="/courses/:slug",method="GET",status="200"} 2',
    );
    expect(text).toContain(
      'lernhaus_http_request_duration_seconds_bucket{le="0.005",route="/courses/:slug",method="GET",status="200"} 1',
    );
    expect(text).toContain(
      'lernhaus_http_request_duration_seconds_count{route="/*",method="other",status="404"} 1',
    );
    expect(text).toContain('lernhaus_page_cache_total{result="hit"} 2');
    expect(text).toContain('lernhaus_page_cache_total{result="miss"} 1');
    expect(text).toContain('lernhaus_db_pool_connections{state="in_use"} 4');
    expect(text).toContain('lernhaus_db_pool_connections{state="max"} 10');
    expect(text).toContain("lernhaus_db_pool_waiting 2");
    expect(text).toContain("lernhaus_live_streams 4");
    expect(text).toContain("lernhaus_mail_outbox_queued 5");
    expect(text).toContain("lernhaus_mail_outbox_failed 1");
    expect(text).toContain("lernhaus_mail_outbox_oldest_due_seconds 42.5");
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });

  it("shows the outbox as unknown (NaN, not 0) while the database does not answer, and still the rest", async () => {
    const registry = enableMetrics();
    setMetricSources({ outbox: async () => ({ queued: 5, failed: 0, oldestDueSeconds: 0 }) });
    expect(await registry.metrics()).toContain("lernhaus_mail_outbox_queued 5");
    setMetricSources({ outbox: () => Promise.reject(new Error("connection refused")) });
    const text = await registry.metrics();
    expect(text).toMatch(/^lernhaus_mail_outbox_queued NaN$/im);
    expect(text).toMatch(/^lernhaus_mail_outbox_oldest_due_seconds NaN$/im);
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });
});
