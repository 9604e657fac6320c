// The one same-origin rule for every redirect that takes a target from the request (the
// language switcher's redirectTo and its per-language addresses, the newsletter box's way back):
// ADR 034. Pure and browser-safe: the schemas call it when they parse a target, and the routes
// call it again on the final Location, after any language-prefix change, because removing
// "/en" from "/en//evil.example" leaves "//evil.example".

/** Any origin works: a value resolved against it either stays on it (a path of ours) or names
 * another host. The browser-safe code does not know the app's real origin. */
const PATH_BASE = "http://lernhaus.invalid";

/** `value` as a path on this site (pathname + search + hash), or undefined when a browser would
 * leave the site for it. Checked after URL parsing, as a browser reads it: "/\\evil.example" and
 * "/<TAB>/evil.example" are "//evil.example" to a browser, and "/.//evil.example" normalises to
 * the path "//evil.example", which a Location header also sends off-site. The answer is the
 * parsed form, so that what is checked is what is sent. */
export function sameSitePath(value: string): string | undefined {
  if (!value.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(value, PATH_BASE);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PATH_BASE || path.startsWith("//")) return undefined;
  return path;
}

/** The Location of a redirect to a target from the request: the target when it stays on this
 * site, else `fallback` (a path of ours). */
export function safeRedirectTarget(target: string, fallback: string): string {
  return sameSitePath(target) ?? fallback;
}
