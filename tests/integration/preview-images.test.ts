// /og/…png (ADR 030): the routes' answers, from the loaders down to the PNG's header. A course's
// card is named by the course's slug (ADR 052).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { courses, posts } from "~/db/schema";
import { courseCard, defaultCard, postCard, previewImages } from "~/requests/preview-image.server";
import { loader as courseImage } from "~/routes/api/og.course";
import { loader as defaultImage } from "~/routes/api/og.default";
import { loader as postImage } from "~/routes/api/og.post";
import { loaderArgs } from "../support/loader-args";
import { createTestDatabase } from "../support/test-database";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Loader = typeof courseImage | typeof postImage | typeof defaultImage;

describe("preview images", () => {
  let database: Database;
  let openId: string;
  let closedId: string;

  /** The open course's slug now: its title changes below, and its address with it. */
  async function openSlug() {
    const [row] = await database.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(eq(courses.id, openId));
    return row!.slug;
  }

  /** The loader's answer to GET (or `method`) with the given request headers; a thrown
   * Response (a 404) is the answer too. */
  async function request(
    loader: Loader,
    params: Record<string, string>,
    { language, ...init }: { method?: string; headers?: Record<string, string>; language?: "en" | "de" } = {},
  ) {
    const args = loaderArgs<Loader>(database, params);
    const prefix = language ? `/${language}` : "";
    const url = `https://lernhaus.test${prefix}/og/${Object.values(params).join("/") || "default"}.png`;
    try {
      return await (loader as (a: unknown) => Promise<Response>)({
        ...args,
        request: new Request(url, init),
      });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const course = {
      level: "B1",
      description: "Mô tả",
      duration: "12 tuần",
      lessons: "36 buổi",
      price: 3_500_000,
      color: "blue",
    };
    const rows = await database.db
      .insert(courses)
      .values([
        { ...course, title: "Tiếng Đức trung cấp B1 – ưu đãi" },
        { ...course, title: "Khóa đã đóng", active: false },
      ])
      .returning({ id: courses.id });
    openId = rows[0]!.id;
    closedId = rows[1]!.id;
    const post = { excerpt: "Tóm tắt", content: "Nội dung", category: "grammar", author: "Hà", readTime: 1 };
    await database.db.insert(posts).values([
      { ...post, title: "Bốn cách trong tiếng Đức", slug: "bon-cach", published: true },
      { ...post, title: "Bản nháp", slug: "ban-nhap", published: false },
    ]);
  });

  it("answers a course's card as a cacheable 1200×630 PNG with a strong ETag", async () => {
    const response = await request(courseImage, { slug: "tieng-duc-trung-cap-b1-uu-dai" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const png = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(png.length));
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // IHDR, the first chunk, holds the width and height.
    expect(png.toString("latin1", 12, 16)).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
  });

  it("answers 304 to a request that names the current ETag, weak or strong, and 200 to an old one", async () => {
    const slug = await openSlug();
    const etag = (await request(courseImage, { slug })).headers.get("ETag")!;
    for (const named of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const response = await request(courseImage, { slug }, { headers: { "If-None-Match": named } });
      expect(response.status).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(response.body).toBeNull();
    }
    const stale = await request(courseImage, { slug }, { headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
  });

  it("answers HEAD with the headers alone", async () => {
    const response = await request(courseImage, { slug: await openSlug() }, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(Number(response.headers.get("Content-Length"))).toBeGreaterThan(1000);
    expect(response.body).toBeNull();
  });

  it("draws a new picture with a new ETag when the course's title changes", async () => {
    const before = await request(courseImage, { slug: await openSlug() });
    await database.db.update(courses).set({ title: "Tiếng Đức B1 buổi tối" }).where(eq(courses.id, openId));
    const slug = await openSlug();
    expect(slug).toBe("tieng-duc-b1-buoi-toi");
    const after = await request(courseImage, { slug });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    const revalidated = await request(
      courseImage,
      { slug },
      {
        headers: { "If-None-Match": before.headers.get("ETag")! },
      },
    );
    expect(revalidated.status).toBe(200);
  });

  it("renders once for a burst of requests for one new picture", async () => {
    await database.db.update(courses).set({ title: "Tiếng Đức B1 cấp tốc" }).where(eq(courses.id, openId));
    const slug = await openSlug();
    const sizeBefore = previewImages.size;
    const responses = await Promise.all(Array.from({ length: 8 }, () => request(courseImage, { slug })));
    expect(new Set(responses.map((response) => response.headers.get("ETag"))).size).toBe(1);
    expect(previewImages.size).toBe(sizeBefore + 1);
  });

  it("has no picture for a closed, unknown or malformed course", async () => {
    for (const slug of [closedId, "khoa-da-dong", "00000000-0000-4000-8000-000000000000", "khong-co"]) {
      expect((await request(courseImage, { slug })).status, slug).toBe(404);
    }
  });

  it("moves a card named by the course's id or a former slug to its slug, in the address's language", async () => {
    const slug = await openSlug();
    for (const old of [openId, "tieng-duc-trung-cap-b1-uu-dai", "tieng-duc-b1-buoi-toi"]) {
      const moved = await request(courseImage, { slug: old });
      expect(moved.status, old).toBe(301);
      expect(moved.headers.get("Location"), old).toBe(`/og/courses/${slug}.png`);
    }
    const german = await request(courseImage, { slug: openId }, { language: "de" });
    expect(german.headers.get("Location")).toBe(`/de/og/courses/${slug}.png`);
  });

  it("answers a published post's card, and 404 for a draft or an unknown slug", async () => {
    const response = await request(postImage, { slug: "bon-cach" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect((await request(postImage, { slug: "ban-nhap" })).status).toBe(404);
    expect((await request(postImage, { slug: "khong-co" })).status).toBe(404);
  });

  it("draws a card in the language its address names: the translated title, the labels in that language", async () => {
    await database.db
      .update(courses)
      .set({ translations: { en: { title: "Intermediate German B1" } } })
      .where(eq(courses.id, openId));
    const [course] = await database.db.select().from(courses).where(eq(courses.id, openId));
    const etagOf = async (card: Parameters<typeof previewImages.get>[0]) =>
      (await previewImages.get(card)).etag;

    const vietnamese = await request(courseImage, { slug: course!.slug });
    // The English card is named by the English slug, as the English page links it; either finds it.
    expect(course!.translations.en?.slug).toBe("intermediate-german-b1");
    const english = await request(courseImage, { slug: "intermediate-german-b1" }, { language: "en" });
    expect((await request(courseImage, { slug: course!.slug }, { language: "en" })).headers.get("ETag")).toBe(
      english.headers.get("ETag"),
    );
    const german = await request(courseImage, { slug: course!.slug }, { language: "de" });
    expect(vietnamese.headers.get("ETag")).toBe(await etagOf(courseCard(course!, "vi")));
    expect(english.headers.get("ETag")).toBe(
      await etagOf(courseCard({ title: "Intermediate German B1", level: "B1" }, "en")),
    );
    // Not translated into German: the Vietnamese title, with German labels.
    expect(german.headers.get("ETag")).toBe(await etagOf(courseCard(course!, "de")));
    expect(new Set([vietnamese, english, german].map((r) => r.headers.get("ETag"))).size).toBe(3);
    expect(courseCard(course!, "de").label).toBe("Niveau · Mittelstufe");

    const post = await request(postImage, { slug: "bon-cach" }, { language: "en" });
    expect(post.headers.get("ETag")).toBe(
      await etagOf(postCard({ title: "Bốn cách trong tiếng Đức", category: "grammar" }, "en")),
    );
    const defaultGerman = await request(defaultImage, {}, { language: "de" });
    expect(defaultGerman.headers.get("ETag")).toBe(await etagOf(defaultCard("https://lernhaus.test", "de")));
  });

  it("answers the default card", async () => {
    const response = await request(defaultImage, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});
