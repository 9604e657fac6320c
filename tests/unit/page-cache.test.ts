import { describe, expect, it } from "vitest";
import { PageCache } from "../../server/page-cache";

const page = (body: string) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  body,
});

describe("PageCache", () => {
  it("serves a stored page with the new request's nonce in place of the old one", () => {
    const cache = new PageCache();
    cache.set(
      "vi /",
      cache.currentGeneration(),
      page('<script nonce="AAA">1</script><script nonce="AAA">2</script>'),
      "AAA",
    );
    expect(cache.get("vi /", "BBB")?.body).toBe(
      '<script nonce="BBB">1</script><script nonce="BBB">2</script>',
    );
    expect(cache.get("vi /", "CCC")?.body).not.toContain("BBB");
  });

  it("keeps languages apart", () => {
    const cache = new PageCache();
    cache.set("vi /", 0, page("xin chào"), "n");
    expect(cache.get("en /", "n")).toBeUndefined();
  });

  it("forgets everything on a change, and does not store a render that began before it", () => {
    const cache = new PageCache();
    const before = cache.currentGeneration();
    cache.set("vi /", before, page("old"), "n");
    cache.clear();
    expect(cache.get("vi /", "n")).toBeUndefined();
    cache.set("vi /about", before, page("rendered before the change"), "n");
    expect(cache.get("vi /about", "n")).toBeUndefined();
  });

  it("stays bounded, evicting the least recently used page", () => {
    const cache = new PageCache();
    for (let i = 0; i < 600; i++) cache.set(`vi /blog?q=${i}`, 0, page(String(i)), "n");
    expect(cache.size).toBe(500);
    expect(cache.get("vi /blog?q=0", "n")).toBeUndefined();
    expect(cache.get("vi /blog?q=599", "n")?.body).toBe("599");
  });
});
