// The Content-Security-Policy of every HTML answer, in one place (ADR 017). Scripts are allowed by
// a per-response nonce, except on cached anonymous pages, which are sent many times with the same
// bytes: there the inline scripts the render marked with its nonce are allowed by their hashes.
// 'strict-dynamic' lets those scripts load the bundles; 'self' is the fallback of browsers
// without CSP 3.
import { createHash } from "node:crypto";

export interface ContentSecurityPolicyOptions {
  /** Origins our forms may lead to (the identity provider's sign-in page). */
  formActionOrigins: string[];
  /** Development: Vite's hot reload talks over a WebSocket. */
  development: boolean;
  /** Served over HTTPS: ask browsers to upgrade any http: subresource. */
  https: boolean;
}

/** The policy for a response whose scripts are allowed by `scriptSources` ('nonce-…' or 'sha256-…'). */
export type ContentSecurityPolicy = (scriptSources: readonly string[]) => string;

/** Where the script sources go in the policy template. */
const SCRIPT_SOURCES = "\u0000script-sources\u0000";

export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): ContentSecurityPolicy {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", SCRIPT_SOURCES, "'strict-dynamic'"]],
    // React renders style attributes in server HTML (progress bars, positioning).
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", options.development ? ["'self'", "ws:", "wss:"] : ["'self'"]],
    // The home page's video player (app/components/site/home/intro-video.tsx), inserted only
    // when the visitor presses play. Only YouTube's no-cookie host: no other site can be framed,
    // and the player sets no tracking cookie before it plays.
    ["frame-src", ["https://www.youtube-nocookie.com"]],
    ["frame-ancestors", ["'none'"]],
    // The sign-in button's form redirects to the identity provider.
    ["form-action", ["'self'", ...options.formActionOrigins]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
    ...(options.https ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
  // Built once: each response only fills in its script sources.
  const [before = "", after = ""] = directives
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";")
    .split(SCRIPT_SOURCES);
  return (scriptSources) => `${before}${scriptSources.join(" ")}${after}`;
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** An inline script start tag, its attributes and its text up to the first `</script`, which is
 * where an HTML parser ends it too. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const EXTERNAL = /\ssrc\s*=/i;

/**
 * The hash sources ('sha256-…') of the scripts that the render of `html` marked with `nonce`, or
 * undefined when hashes cannot stand in for the nonce (a nonce-marked script with a `src`).
 *
 * Only nonce-marked scripts are hashed: the nonce was unknown until the render began, so a script
 * an attacker managed to put into the page cannot carry it, and stays blocked as it was.
 */
export function nonceScriptHashes(html: string, nonce: string): string[] | undefined {
  const marker = `nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(marker)) continue;
    if (EXTERNAL.test(attributes)) return undefined;
    // Browsers hash the script's text as parsed: HTML turns every CR LF and lone CR into LF.
    const parsed = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
