// ADR 034: one same-origin rule for every redirect target, proven over generated targets built
// from the pieces that have sent people off-site before: language prefixes, "//", "/\", tabs and
// newlines, percent-encoded slashes, mixed case, dot segments.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import { switchLanguagePath } from "~/lib/localized-path";
import { safeRedirectTarget, sameSitePath } from "~/lib/redirect-target";

const SITE = "https://school.example";

/** Where a browser on `page` goes for a Location header of `location`. */
const landing = (location: string, page = `${SITE}/en/blog`) => new URL(location, page);

const piece = fc.constantFrom(
  "/",
  "//",
  "/\\",
  "\\",
  "\\\\",
  "\t",
  "\n",
  "\r",
  " ",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%09",
  "%0a",
  ".",
  "..",
  "/./",
  "/../",
  "/en",
  "/de",
  "/EN",
  "/De",
  "/vi",
  "en",
  "evil.example",
  "EVIL.example",
  "courses",
  "blog",
  "@",
  ":",
  "?",
  "#",
  "=",
  "http:",
  "https://",
  "javascript:",
);

/** Targets assembled from the pieces, most of them starting like a path of ours. */
const hostileTarget = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")),
  fc
    .tuple(fc.constantFrom("/en", "/de", "/EN", ""), fc.array(piece, { maxLength: 6 }))
    .map(([prefix, pieces]) => prefix + pieces.join("")),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => `/${s}`),
);

/** A path this site would link to: segments of letters, digits and dashes, maybe a query. */
const safeTarget = fc
  .tuple(
    fc.constantFrom("", "/en", "/de"),
    fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/), { minLength: 1, maxLength: 4 }),
    fc.option(fc.stringMatching(/^[a-z]{1,8}=[a-z0-9]{0,8}$/), { nil: undefined }),
  )
  .map(([prefix, segments, query]) => `${prefix}/${segments.join("/")}${query ? `?${query}` : ""}`);

describe("safeRedirectTarget", () => {
  it("never sends a browser to another origin, whatever the target", () => {
    fc.assert(
      fc.property(hostileTarget, (target) => {
        const location = safeRedirectTarget(target, "/");
        expect(landing(location).origin).toBe(SITE);
        expect(landing(location, `${SITE}/`).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the language switch on the site after the prefix changes, in every language", () => {
    fc.assert(
      fc.property(hostileTarget, fc.constantFrom(...languages), (target, language) => {
        // The switcher's path: parse the target, move it to the language's address, check again.
        const parsed = sameSitePath(target) ?? "/";
        const location = safeRedirectTarget(switchLanguagePath(parsed, language), "/");
        expect(landing(location).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a safe target as it is", () => {
    fc.assert(
      fc.property(safeTarget, (target) => {
        expect(safeRedirectTarget(target, "/fallback")).toBe(target);
      }),
    );
  });

  it("answers a target it has answered with the same target (what is checked is what is sent)", () => {
    fc.assert(
      fc.property(hostileTarget, (target) => {
        const once = safeRedirectTarget(target, "/");
        expect(safeRedirectTarget(once, "/")).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it.each(["/en//evil.example", "/de/\\evil.example", "/en/\t/evil.example", "/de//evil.example/x"])(
    "sends the reported %j, switched to Vietnamese, home",
    (target) => {
      const location = safeRedirectTarget(switchLanguagePath(sameSitePath(target) ?? "/", "vi"), "/");
      expect(location).toBe("/");
    },
  );
});
