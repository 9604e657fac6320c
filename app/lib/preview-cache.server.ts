// Rendered preview cards in memory (ADR 030). A card is keyed by a hash of what it shows, so an
// edited title makes a new key and the old picture ages out; nothing is ever invalidated.
import { createHash } from "node:crypto";
import { type PreviewCard, previewKey } from "./preview-card.server";

export interface PreviewImage {
  png: Buffer;
  /** A strong entity tag (quoted): a hash of the bytes. */
  etag: string;
}

export interface PreviewCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** How long a request waits for its picture, queueing included. */
  timeoutMs: number;
}

/** A render that took longer than the limit: the answer is a 503, the next request tries again. */
export class PreviewTimeoutError extends Error {
  constructor(ms: number) {
    super(`preview image not rendered within ${ms} ms`);
  }
}

/** Least recently used pictures, bounded by count and by bytes. Concurrent requests for one
 * picture share one render; renders run one at a time (each takes a core for 50–400 ms), so a
 * crawler asking for fifty cards at once takes one core, and whoever waits past the time limit
 * is told to come back rather than queueing without end. */
export class PreviewImageCache {
  private readonly images = new Map<string, PreviewImage>();
  private readonly rendering = new Map<string, Promise<PreviewImage>>();
  private queue: Promise<unknown> = Promise.resolve();
  private total = 0;

  constructor(
    private readonly render: (card: PreviewCard) => Promise<Buffer>,
    readonly limits: PreviewCacheLimits,
  ) {}

  get size() {
    return this.images.size;
  }

  get bytes() {
    return this.total;
  }

  async get(card: PreviewCard): Promise<PreviewImage> {
    const key = previewKey(card);
    const cached = this.images.get(key);
    if (cached) {
      // Map keeps insertion order: moved to the end, the entry is the most recently used.
      this.images.delete(key);
      this.images.set(key, cached);
      return cached;
    }
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.renderQueued(card)
        .then((png) => {
          const image = {
            png,
            etag: `"${createHash("sha256").update(png).digest("base64url").slice(0, 32)}"`,
          };
          this.store(key, image);
          return image;
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private renderQueued(card: PreviewCard) {
    const { timeoutMs } = this.limits;
    const turn = this.queue.then(() => this.render(card));
    this.queue = turn.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PreviewTimeoutError(timeoutMs)), timeoutMs);
    });
    return Promise.race([turn, timeout]).finally(() => clearTimeout(timer));
  }

  private store(key: string, image: PreviewImage) {
    const { maxEntries, maxBytes } = this.limits;
    if (image.png.length > maxBytes) return;
    for (const [oldKey, oldest] of this.images) {
      if (this.images.size < maxEntries && this.total + image.png.length <= maxBytes) break;
      this.images.delete(oldKey);
      this.total -= oldest.png.length;
    }
    this.images.set(key, image);
    this.total += image.png.length;
  }
}
