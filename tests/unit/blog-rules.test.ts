import { describe, expect, it } from "vitest";
import { demoPosts } from "~/db/demo-content";
import {
  blogUrl,
  FEATURED_LIMIT,
  FEATURED_TAG_CHIPS,
  foldAccents,
  MAX_PAGES_AT_ONCE,
  matchesSearch,
  PAGE_SIZE,
  POPULAR_LIMIT,
  parseBlogFilters,
  readTime,
  slugify,
  uniqueSlug,
} from "~/lib/blog-rules";

const words = (n: number) => Array.from({ length: n }, (_, i) => `từ${i}`).join(" ");

describe("read time (spec §9: words / 200, rounded up, minimum 1)", () => {
  it("rounds up to whole minutes", () => {
    expect(readTime(words(200))).toBe(1);
    expect(readTime(words(201))).toBe(2);
    expect(readTime(words(400))).toBe(2);
    expect(readTime(words(1001))).toBe(6);
  });

  it("is at least one minute, even for an empty post", () => {
    expect(readTime("")).toBe(1);
    expect(readTime("   \n\t ")).toBe(1);
    expect(readTime("Hallo")).toBe(1);
  });

  it("counts words separated by any whitespace, not characters", () => {
    const text = `${words(150)}\n\n## Tiêu đề\n\n${words(148)}`;
    expect(readTime(text)).toBe(2); // 150 + 3 + 148 = 301 words
  });
});

describe("slug (spec §9)", () => {
  it("lower-cases, removes Vietnamese accents (đ → d) and special characters, joins with hyphens", () => {
    expect(slugify("Bí quyết đạt B1 tiếng Đức!")).toBe("bi-quyet-dat-b1-tieng-duc");
    expect(slugify("Học từ vựng: 10 mẹo hay nhất")).toBe("hoc-tu-vung-10-meo-hay-nhat");
    expect(slugify("ĐẶT LỊCH HỌC THỬ MIỄN PHÍ")).toBe("dat-lich-hoc-thu-mien-phi");
    expect(slugify("Du hay Sie? Cách xưng hô đúng mực với người Đức")).toBe(
      "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc",
    );
  });

  it("never leaves leading, trailing or double hyphens", () => {
    expect(slugify("  -- Ngữ pháp   &   Từ vựng --  ")).toBe("ngu-phap-tu-vung");
    expect(slugify("A1 - A2 — B1")).toBe("a1-a2-b1");
    expect(slugify("!!!")).toBe("");
  });

  it("handles German letters too", () => {
    expect(slugify("Prüfung für Anfänger: Straße")).toBe("prufung-fur-anfanger-strasse");
  });

  it("writes a German translation's umlauts the German way, in composed or decomposed input", () => {
    expect(slugify("Prüfung für Anfänger: Straße", "de")).toBe("pruefung-fuer-anfaenger-strasse");
    expect(slugify("ÜBUNGEN".normalize("NFD"), "de")).toBe("uebungen");
    expect(slugify("Prüfung für Anfänger", "en")).toBe("prufung-fur-anfanger");
  });

  it("treats decomposed (NFD) input like composed input", () => {
    expect(slugify("Tiếng Đức".normalize("NFD"))).toBe("tieng-duc");
  });

  it("is made unique with a numeric suffix when taken", () => {
    expect(uniqueSlug("bi-quyet", [])).toBe("bi-quyet");
    expect(uniqueSlug("bi-quyet", ["bi-quyet"])).toBe("bi-quyet-2");
    expect(uniqueSlug("bi-quyet", new Set(["bi-quyet", "bi-quyet-2", "bi-quyet-3"]))).toBe("bi-quyet-4");
    expect(uniqueSlug("", [])).toBe("bai-viet");
  });

  it("matches the demo posts' addresses", () => {
    for (const post of demoPosts) expect(post.slug, post.title).toBe(slugify(post.title));
  });
});

describe("search matching (spec §9: title, excerpt and tags, case-insensitive; accents too)", () => {
  const post = {
    title: "Học tiếng Đức mỗi ngày",
    excerpt: "Tám THÓI QUEN nhỏ giúp bạn duy trì việc học.",
    tags: ["mẹo học", "Goethe B1"],
  };

  it("matches the title, the excerpt and each tag", () => {
    expect(matchesSearch(post, "tiếng Đức")).toBe(true);
    expect(matchesSearch(post, "thói quen")).toBe(true);
    expect(matchesSearch(post, "goethe")).toBe(true);
    expect(matchesSearch(post, "telc")).toBe(false);
  });

  it("ignores case and Vietnamese accents: 'hoc' finds 'học'", () => {
    expect(matchesSearch(post, "hoc")).toBe(true);
    expect(matchesSearch(post, "TIENG DUC")).toBe(true);
    expect(matchesSearch(post, "meo hoc")).toBe(true);
    expect(matchesSearch(post, "Thoi Quen")).toBe(true);
  });

  it("trims and collapses spaces in the query; an empty query matches everything", () => {
    expect(matchesSearch(post, "   tiếng    đức  ")).toBe(true);
    expect(matchesSearch(post, "")).toBe(true);
    expect(matchesSearch(post, "   ")).toBe(true);
  });

  it("does not match across two tags", () => {
    expect(matchesSearch(post, "học Goethe")).toBe(false);
  });

  it("searches the body nowhere (spec: title, excerpt and tags only)", () => {
    expect(matchesSearch({ ...post, content: "Akkusativ" } as typeof post, "Akkusativ")).toBe(false);
  });

  it("folds the way the SQL search does", () => {
    expect(foldAccents("Ư Ơ Â Ê Ô Ă Đ ư ơ â ê ô ă đ")).toBe("u o a e o a d u o a e o a d");
    expect(foldAccents("Tiếng Đức Ü ö")).toBe("tieng duc u o");
  });
});

describe("blog constants (spec §9)", () => {
  it("are the spec's limits", () => {
    expect(FEATURED_LIMIT).toBe(2);
    expect(POPULAR_LIMIT).toBe(4);
    expect(FEATURED_TAG_CHIPS).toBe(3);
    expect(PAGE_SIZE).toBe(9);
  });
});

describe("blog URL", () => {
  it("reads ?q=&category=&page= leniently", () => {
    expect(parseBlogFilters(new URLSearchParams("q=  học  tiếng &category=grammar&page=2"))).toEqual({
      q: "học tiếng",
      category: "grammar",
      page: 2,
      through: 2,
    });
    expect(parseBlogFilters(new URLSearchParams("category=unknown&page=-3"))).toEqual({
      q: "",
      category: "all",
      page: 1,
      through: 1,
    });
  });

  it("lists several pages at once for 'load more', within a bound", () => {
    expect(parseBlogFilters(new URLSearchParams("page=2&through=4"))).toMatchObject({ page: 2, through: 4 });
    // Before the first page, not a number, or more pages than one request may list: just the page.
    for (const through of ["1", "x", String(2 + MAX_PAGES_AT_ONCE)]) {
      expect(parseBlogFilters(new URLSearchParams(`page=2&through=${through}`)).through).toBe(2);
    }
    expect(parseBlogFilters(new URLSearchParams(`through=${MAX_PAGES_AT_ONCE}`)).through).toBe(
      MAX_PAGES_AT_ONCE,
    );
  });

  it("writes only what differs from the defaults", () => {
    expect(blogUrl({})).toBe("/blog");
    expect(blogUrl({ q: "học", category: "all", page: 1 })).toBe("/blog?q=h%E1%BB%8Dc");
    expect(blogUrl({ category: "b1-b2", page: 3 })).toBe("/blog?category=b1-b2&page=3");
    expect(blogUrl({ page: 3, through: 3 })).toBe("/blog?page=3");
    expect(blogUrl({ through: 2 })).toBe("/blog?through=2");
  });
});
