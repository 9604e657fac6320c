// In-memory cache of anonymous public pages (docs/decisions/004-anonymous-page-cache.md).
// Keyed by language and URL; holds only responses rendered for a visitor with no session, so
// nothing personal. The CSP nonce is stored as a placeholder and replaced on every hit.

const NONCE_PLACEHOLDER = "__LERNHAUS_CSP_NONCE__";
const MAX_ENTRIES = 500;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  // Bumped on every invalidation so that a render that started before a change is not stored after it.
  private generation = 0;

  get size() {
    return this.pages.size;
  }

  currentGeneration() {
    return this.generation;
  }

  get(key: string, nonce: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Re-insert: Map order doubles as least-recently-used order for eviction.
    this.pages.delete(key);
    this.pages.set(key, page);
    return { ...page, body: page.body.replaceAll(NONCE_PLACEHOLDER, nonce) };
  }

  set(key: string, generation: number, page: CachedPage, nonce: string) {
    if (generation !== this.generation) return;
    this.pages.set(key, { ...page, body: page.body.replaceAll(nonce, NONCE_PLACEHOLDER) });
    if (this.pages.size > MAX_ENTRIES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }

  clear() {
    this.generation++;
    this.pages.clear();
  }
}
