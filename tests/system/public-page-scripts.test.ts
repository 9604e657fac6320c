// What a page outside the admin loads before a visitor uses its form holds no zod (ADR 058): a
// form's checks load on its first use. A static import of a schema module from a public route or
// one of its components brings zod (25 KB gzip) back with the page, and nothing else says so:
// the page works the same. /about did, through the change topics its live updates name, which
// lived in the about page's schema module.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_DIR } from "./server-process";

interface ManifestRoute {
  module: string;
  imports?: string[];
}

/** React Router's manifest of the client build: each route's module and the scripts it imports
 * statically, which the page preloads. */
function clientRoutes(): Record<string, ManifestRoute> {
  const assets = path.join(BUILD_DIR, "client", "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  return manifest.routes;
}

const script = (url: string) => fs.readFileSync(path.join(BUILD_DIR, "client", url), "utf8");

const loads = (route: ManifestRoute, text: string) =>
  [route.module, ...(route.imports ?? [])].some((url) => script(url).includes(text));
/** zod's own error class, in whichever chunk the bundler put zod. */
const loadsZod = (route: ManifestRoute) => loads(route, "ZodError");

describe("the scripts a page loads before it is used", () => {
  const routes = Object.entries(clientRoutes());

  it("hold zod on the admin's pages, which load their schemas with them (the check can see it)", () => {
    expect(routes.filter(([, route]) => loadsZod(route)).length).toBeGreaterThan(0);
  });

  it.each(routes.filter(([id]) => !id.includes("routes/admin/")).map(([id, route]) => [id, route] as const))(
    "hold no zod for %s",
    (_, route) => {
      expect(loadsZod(route)).toBe(false);
    },
  );

  // The structured data's builders run on the server only (ADR 065): "https://schema.org" is
  // the context each of them writes.
  it.each(routes.map(([id, route]) => [id, route] as const))(
    "hold no structured data builder for %s",
    (_, route) => {
      expect(loads(route, "https://schema.org")).toBe(false);
    },
  );
});
