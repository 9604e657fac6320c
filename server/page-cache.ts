// In-memory cache of anonymous public pages (ADR 004, ADR 017). Keyed by language and URL; holds
// only responses rendered for a visitor with no session, so nothing personal. Each page is
// compressed once, when it is stored (brotli and gzip, beside the plain bytes), and sent as it is
// on every hit: no compression, no rewriting per request. Its Content-Security-Policy allows the
// render's inline scripts by hash, so the same bytes and the same header serve every visitor.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ChangeTopic } from "~/lib/change-topics";
import { countPageCache } from "~/lib/metrics.server";
import type { PageTraits } from "~/lib/page-traits";
import { type ContentSecurityPolicy, nonceScriptHashes } from "./csp";

/** Memory the cached pages may take (all three encodings counted): about 400 pages the size of
 * the home page. Each process holds its own cache. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** What one entry costs besides its bodies (key, headers, Map slot), for the byte bound. */
const ENTRY_OVERHEAD_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

export type Encoding = "br" | "gzip" | "identity";

export interface CachedPage {
  status: number;
  /** The rendered response's own headers (Content-Type, …), without any length or encoding. */
  headers: [string, string][];
  contentSecurityPolicy: string;
  /** Weak: the same tag for the three encodings of one render. */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  bytes: number;
  /** The pattern of the route that rendered it: the metrics' label for its hits (ADR 040). */
  route: string;
  /** What the page told the host while it rendered: a form ticket goes with each answer, and
   * which changes take it out of the cache (ADR 042). */
  traits: PageTraits;
}

export interface RenderedPage {
  status: number;
  headers: [string, string][];
  html: string;
  /** The nonce the page was rendered with: its scripts marked with it are the ones allowed. */
  nonce: string;
  route: string;
  traits: PageTraits;
}

/** Topics whose change takes out only the pages that show them (ADR 042): "classes" changes with
 * every enrolment into a class (its seats left), which during an advertising campaign is several
 * times a second, and only the schedule, the course pages and /enroll show it; "trials" changes
 * with every trial booking, and only /trial shows it. Any other public change clears the whole
 * cache: a setting, the school's contact details or a course may show on any page (the header,
 * the footer, the home page), and such changes are rare. */
const TARGETED_TOPICS: ReadonlySet<ChangeTopic> = new Set(["classes", "trials"]);
/** A targeted topic's pages are taken out at most once a second: at 5 enrolments a second each
 * class page would otherwise be rendered five times a second (the campaign bench); their seats
 * left show at most this late. Where the seat is decided (the enrolment, under the class's lock)
 * nothing is late. */
const TARGETED_REFRESH_MS = 1_000;
/** …or, when those pages take longer to render, at most once per twice their recent render time
 * (up to this): a render that began before a take-out is not stored, so with take-outs coming
 * faster than renders end no render was ever stored again, every visitor's request rendered,
 * the renders queued for the database and took longer still (the campaign bench fell to
 * 134–1,225 requests/s in four runs of seven). With the wait at twice the render time, a render
 * begun after a take-out ends before the next one and is stored. */
const TARGETED_REFRESH_MAX_MS = 10_000;

/** The cache's state when a render started: its result is stored only if nothing it may show
 * has changed since (see PageCache.store). */
export interface CacheGeneration {
  all: number;
  topics: ReadonlyMap<ChangeTopic, number>;
  /** When the render began (Date.now()). */
  startedAt: number;
}

/** Headers that describe one response's bytes, not the page: set again for every answer. */
const PER_RESPONSE_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "etag"]);

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  // Bumped on every invalidation so that a render that started before a change is not stored
  // after it: `generation` by a change that clears everything, `topicGenerations` by a change of
  // a targeted topic.
  private generation = 0;
  private readonly topicGenerations = new Map<ChangeTopic, number>();
  // Renders in flight, by key: a visitor who asks for a page while it is being rendered waits
  // for that render instead of starting one more. After a change, every visitor of a popular page
  // would otherwise render it until the first render is stored (ADR 042: at 5 enrolments a
  // second the class pages were rendered by every request).
  private readonly rendering = new Map<string, Promise<CachedPage | undefined>>();
  // When each targeted topic's pages were last taken out, and the take-outs that are due.
  private readonly lastTakeOut = new Map<ChangeTopic, number>();
  private readonly dueTakeOuts = new Map<ChangeTopic, NodeJS.Timeout>();
  /** How long the pages that show a targeted topic took to render lately (a moving average). */
  private targetedRenderMs: number | undefined;
  private readonly policy: ContentSecurityPolicy;
  private readonly maxBytes: number;

  constructor(options: { policy: ContentSecurityPolicy; maxBytes?: number }) {
    this.policy = options.policy;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  get size() {
    return this.pages.size;
  }

  get sizeInBytes() {
    return this.bytes;
  }

  currentGeneration(): CacheGeneration {
    return { all: this.generation, topics: new Map(this.topicGenerations), startedAt: Date.now() };
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Re-insert: Map order doubles as least-recently-used order for eviction.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /**
   * Compresses a rendered page into an entry and stores it, unless something the page may show
   * changed since `generation` (the render may show data from before the change) — checked after
   * the compression, which runs off the main thread. Returns the entry to answer this request
   * with, stored or not; undefined when the page cannot be served from a cache (see
   * nonceScriptHashes).
   */
  async store(key: string, generation: CacheGeneration, page: RenderedPage): Promise<CachedPage | undefined> {
    const hashes = nonceScriptHashes(page.html, page.nonce);
    if (!hashes) return undefined;
    const identity = Buffer.from(page.html, "utf8");
    const [gzipped, brotli] = await Promise.all([
      gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
      // Quality 6: 2 ms on the home page where quality 11 takes 50, for 8% more bytes. A miss
      // is paid by a visitor (and by anyone asking for new query strings), so it must stay cheap.
      brotliCompress(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    const bodies = { identity, gzip: gzipped, br: brotli };
    const bytes = identity.length + gzipped.length + brotli.length + ENTRY_OVERHEAD_BYTES;
    const entry: CachedPage = {
      status: page.status,
      headers: page.headers.filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase())),
      contentSecurityPolicy: this.policy(hashes),
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      bodies,
      bytes,
      route: page.route,
      traits: page.traits,
    };
    if ([...TARGETED_TOPICS].some((topic) => showsTopic(entry, topic))) {
      const took = Date.now() - generation.startedAt;
      this.targetedRenderMs =
        this.targetedRenderMs === undefined ? took : 0.7 * this.targetedRenderMs + 0.3 * took;
    }
    if (this.unchangedFor(entry, generation) && bytes <= this.maxBytes) this.put(key, entry);
    return entry;
  }

  /** Marks a render of `key` as started; returns the function to call when it has ended, with
   * the entry it made (stored or not). Only the first of simultaneous renders is waited for. */
  startRender(key: string): (rendered?: CachedPage) => void {
    if (this.rendering.has(key)) return () => {};
    let end!: (rendered: CachedPage | undefined) => void;
    const ended = new Promise<CachedPage | undefined>((resolve) => {
      end = resolve;
    });
    this.rendering.set(key, ended);
    return (rendered) => {
      if (this.rendering.get(key) === ended) this.rendering.delete(key);
      end(rendered);
    };
  }

  /** The page a render in flight made for `key`, once it has ended — also when a change came
   * meanwhile and it was not stored: the visitors who waited for it see the page as it was a
   * moment before the change, as they would have had they come a moment earlier. Otherwise each
   * of them rendered the page again, and under a stream of changes (enrolments taking seats)
   * those renders were not stored either: at a campaign's start, 200 visitors rendered the class
   * pages side by side for 8 s and the server answered 50 requests a second. What a seat change
   * decides is decided under the class's lock, never from a page. Undefined when none was in
   * flight or its answer was not one for the cache (an error). */
  async renderedMeanwhile(key: string): Promise<CachedPage | undefined> {
    const pending = this.rendering.get(key);
    if (!pending) return undefined;
    return (await pending) ?? this.get(key);
  }

  /** Takes out what a change of `topic` may have made stale (ADR 042): everything, or for a
   * targeted topic the pages that show it, at most once per `targetedRefreshMs()` (a change
   * within that time is taken out when it has passed). */
  invalidate(topic: ChangeTopic) {
    if (!TARGETED_TOPICS.has(topic)) return this.clear();
    if (this.dueTakeOuts.has(topic)) return;
    const last = this.lastTakeOut.get(topic) ?? Number.NEGATIVE_INFINITY;
    const wait = last + this.targetedRefreshMs() - Date.now();
    if (wait <= 0) return this.takeOut(topic);
    const timer = setTimeout(() => {
      this.dueTakeOuts.delete(topic);
      this.takeOut(topic);
    }, wait);
    timer.unref(); // nothing to wait for at shutdown
    this.dueTakeOuts.set(topic, timer);
  }

  /** The least time between two take-outs of a targeted topic's pages (see TARGETED_REFRESH_MAX_MS). */
  targetedRefreshMs(): number {
    const twiceTheRender = 2 * (this.targetedRenderMs ?? 0);
    return Math.min(TARGETED_REFRESH_MAX_MS, Math.max(TARGETED_REFRESH_MS, twiceTheRender));
  }

  private takeOut(topic: ChangeTopic) {
    this.lastTakeOut.set(topic, Date.now());
    this.topicGenerations.set(topic, (this.topicGenerations.get(topic) ?? 0) + 1);
    for (const [key, page] of this.pages) {
      if (showsTopic(page, topic)) this.remove(key, page);
    }
  }

  clear() {
    this.generation++;
    this.pages.clear();
    this.bytes = 0;
  }

  private unchangedFor(page: CachedPage, generation: CacheGeneration) {
    if (generation.all !== this.generation) return false;
    for (const topic of TARGETED_TOPICS) {
      if (showsTopic(page, topic) && generation.topics.get(topic) !== this.topicGenerations.get(topic))
        return false;
    }
    return true;
  }

  private remove(key: string, page: CachedPage) {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  private put(key: string, entry: CachedPage) {
    const previous = this.pages.get(key);
    if (previous) this.remove(key, previous);
    this.pages.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, page] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, page);
    }
  }
}

/** Whether a page may show a topic: it says so, or it does not say what it shows. */
function showsTopic(page: CachedPage, topic: ChangeTopic) {
  return page.traits.liveTopics === undefined || page.traits.liveTopics.includes(topic);
}

/**
 * The encoding to send to a client with this Accept-Encoding (RFC 9110 §12.5.3): the highest
 * weight wins, brotli before gzip before the plain bytes on a tie; the plain bytes are acceptable
 * unless refused by name or by `*;q=0`, and are preferred only when nothing else is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...parameters] = part.split(";");
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=");
      if (key?.trim().toLowerCase() === "q") weight = Number(value);
    }
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const any = weights.get("*");
  const weightOf = (name: Encoding) =>
    weights.get(name) ?? (name === "identity" ? (any === 0 ? 0 : Number.MIN_VALUE) : (any ?? 0));
  let best: Encoding = "identity";
  let bestWeight = weightOf("identity");
  for (const name of ["gzip", "br"] as const) {
    const weight = weightOf(name);
    if (weight > 0 && weight >= bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether a request's If-None-Match names this entry (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.slice(2); // without "W/"
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/** Answers with a cached page: the encoding the client prefers, its length, the page's own
 * policy, and a 304 when the client already holds these bytes. `formTicket`: the Set-Cookie of
 * a form ticket for this visitor (ADR 042), which makes this answer theirs alone. */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  cacheStatus: "hit" | "miss",
  formTicket?: string,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (formTicket) {
    res.setHeader("Set-Cookie", formTicket);
    res.setHeader("Cache-Control", "private");
  }
  res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
  const vary = res.getHeader("Vary");
  if (!vary) res.setHeader("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(String(vary))) res.setHeader("Vary", `${vary}, Accept-Encoding`);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", cacheStatus);
  countPageCache(cacheStatus);
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = page.bodies[encoding];
  res.statusCode = page.status;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
