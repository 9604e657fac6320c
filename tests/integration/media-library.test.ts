// The media library (ADR 054) through its model and the real /admin/media route modules against
// PostgreSQL: where an image is used (fields, Markdown, translations), the grid with its usage,
// the picker's list, replacing an image everywhere, deleting refused while used, and the
// clean-up's dry run and nightly job.
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaImages, postRevisions, posts, teamMembers, uploadedImages } from "~/db/schema";
import { uploadKeyOf } from "~/lib/media";
import {
  findImageUses,
  imageUses,
  MEDIA_CLEANUP_DAYS,
  mediaCleanupCandidates,
  runMediaCleanup,
  sweepMediaReferences,
} from "~/models/media.server";
import { storeUploadedImageWithId } from "~/requests/uploads.server";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/media";
import { loader as pickerLoader } from "~/routes/admin/media.picker";
import { action as replaceAction } from "~/routes/admin/media.replace";
import { postSchema } from "~/schemas/post";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3994";
const DAY = 24 * 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let editorCookie: string;
let consultantCookie: string;

const png = (color: string) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer();
const upload = async (color: string, name = `${color.slice(1)}.png`) =>
  storeUploadedImageWithId(
    database.db,
    new File([new Uint8Array(await png(color))], name, { type: "image/png" }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("admin@lernhaus.test", "Cô Mai", "admin");
  editorCookie = await fixture.cookieFor("editor@lernhaus.test", "Anh Biên", "editor");
  consultantCookie = await fixture.cookieFor("consultant@lernhaus.test", "Chị Tư", "consultant");
});

function args(path: string, cookie: string, init: RequestInit = {}) {
  const request = new Request(`${APP_URL}${path}`, {
    ...init,
    headers: { cookie, origin: APP_URL, ...(init.headers ?? {}) },
  });
  return { request, params: {}, context: { ...fixture.context } } as never;
}

async function outcome(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

async function newPost(values: Partial<typeof posts.$inferInsert>) {
  const [row] = await database.db
    .insert(posts)
    .values({
      title: "Bài có ảnh",
      slug: `bai-${crypto.randomUUID().slice(0, 8)}`,
      excerpt: "Tóm tắt",
      content: "Nội dung",
      category: "tips",
      author: "Cô Mai",
      ...values,
    })
    .returning({ id: posts.id });
  return row!.id;
}

describe("where an image is used", () => {
  it("finds image fields, Markdown images of any width and translations, once per record and field", async () => {
    const a = await upload("#1d4ed8");
    const b = await upload("#16a34a");
    const keyA = uploadKeyOf(a.url)!;
    const keyB = uploadKeyOf(b.url)!;
    const post = await newPost({
      thumbnail: a.url,
      content: `Ảnh: ![lớp học](/uploads/${keyB}-480.webp) và lại ![](${APP_URL}/uploads/${keyB}-1200.webp)`,
      translations: { en: { content: `![class](${a.url})` } },
    });
    const [member] = await database.db
      .insert(teamMembers)
      .values({ name: "Cô Lan", role: "Giáo viên", experience: "5 năm", avatar: b.url })
      .returning({ id: teamMembers.id });

    const uses = await findImageUses(database.db);
    expect(uses.get(keyA)).toEqual(
      expect.arrayContaining([
        { kind: "post", id: post, label: "Bài có ảnh", field: "thumbnail" },
        { kind: "post", id: post, label: "Bài có ảnh", field: "en.content" },
      ]),
    );
    expect(uses.get(keyA)).toHaveLength(2);
    expect(await imageUses(database.db, keyB)).toEqual(
      expect.arrayContaining([
        { kind: "post", id: post, label: "Bài có ảnh", field: "content" },
        { kind: "team", id: member!.id, label: "Cô Lan", field: "avatar" },
      ]),
    );
    expect(await imageUses(database.db, keyB)).toHaveLength(2);
  });
});

describe("the library page", () => {
  it("lists every image with its size, dimensions and where it is used, searchable by file name", async () => {
    const used = await upload("#f59e0b", "san-truong.png");
    await newPost({ thumbnail: used.url });
    const page = (await mediaLoader(args("/admin/media", editorCookie))) as {
      images: { id: string; originalName: string; width: number; bytes: number; uses: unknown[] }[];
      total: number;
    };
    const shown = page.images.find((image) => image.id === used.id)!;
    expect(shown).toMatchObject({ originalName: "san-truong.png", width: 1200 });
    expect(shown.bytes).toBeGreaterThan(0);
    expect(shown.uses).toHaveLength(1);
    const searched = (await mediaLoader(args("/admin/media?q=truong", editorCookie))) as {
      images: { id: string }[];
    };
    expect(searched.images.map((image) => image.id)).toEqual([used.id]);
  });

  it("is refused to a consultant, whose work is not the content", async () => {
    const refused = await outcome(mediaLoader(args("/admin/media", consultantCookie)));
    // A page one may not open sends one to one's own start page.
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).not.toContain("/admin/media");
  });

  it("saves the alt text with the image, in Vietnamese, English and German", async () => {
    const image = await upload("#0ea5e9");
    const body = new URLSearchParams({
      intent: "save",
      id: image.id,
      alt: "Lớp học",
      en: "A class",
      de: "Eine Klasse",
    });
    const answer = await outcome(mediaAction(args("/admin/media", adminCookie, { method: "POST", body })));
    expect((answer as Response).status).toBe(302);
    const [row] = await database.db.select().from(mediaImages).where(eq(mediaImages.id, image.id));
    expect(row).toMatchObject({
      alt: "Lớp học",
      translations: { en: { alt: "A class" }, de: { alt: "Eine Klasse" } },
    });
  });
});

describe("the picker", () => {
  it("answers the images' addresses, which an image field accepts as its value", async () => {
    const image = await upload("#9333ea", "hoc-vien.png");
    const response = (await pickerLoader(args("/admin/media/picker?q=hoc-vien", editorCookie))) as Response;
    const { images } = (await response.json()) as { images: { id: string; url: string; name: string }[] };
    expect(images).toEqual([expect.objectContaining({ id: image.id, url: image.url, name: "hoc-vien.png" })]);
    const form = postSchema.safeParse({
      title: "T",
      category: "tips",
      excerpt: "E",
      content: bodyOf("C"),
      thumbnail: images[0]!.url,
    });
    expect(form.success && form.data.thumbnail).toBe(image.url);
  });
});

describe("replacing an image", () => {
  it("points every use at the new image, width for width, and keeps the alt text", async () => {
    const old = await upload("#dc2626");
    const key = uploadKeyOf(old.url)!;
    await database.db.update(mediaImages).set({ alt: "Ảnh cũ" }).where(eq(mediaImages.id, old.id));
    const post = await newPost({
      thumbnail: old.url,
      content: `![a](/uploads/${key}-480.webp)`,
      translations: { de: { content: `![b](/uploads/${key}-1200.webp)` } },
    });
    const body = new FormData();
    body.set("id", old.id);
    body.set("back", "?q=x");
    body.set("file", new File([new Uint8Array(await png("#22c55e"))], "moi.png", { type: "image/png" }));
    const answer = (await outcome(
      replaceAction(args("/admin/media/replace", adminCookie, { method: "POST", body })),
    )) as Response;
    expect(answer.status).toBe(302);
    const [row] = await database.db.select().from(posts).where(eq(posts.id, post));
    const newKey = uploadKeyOf(row!.thumbnail!)!;
    expect(newKey).not.toBe(key);
    expect(row!.content).toBe(`![a](/uploads/${newKey}-480.webp)`);
    expect(row!.translations.de?.content).toBe(`![b](/uploads/${newKey}-1200.webp)`);
    const [replacement] = await database.db.select().from(mediaImages).where(eq(mediaImages.key, newKey));
    expect(replacement).toMatchObject({ alt: "Ảnh cũ", originalName: "moi.png" });
    expect(answer.headers.get("location")).toContain(`id=${replacement!.id}`);
    expect(await imageUses(database.db, key)).toEqual([]);
    // Both widths of the new image exist, so every page's srcset finds its file.
    const widths = await database.db.execute(
      sql`select name from uploaded_images where left(name, 32) = ${newKey} order by name`,
    );
    expect(widths.rows.map((r) => r.name)).toEqual([`${newKey}-1200.webp`, `${newKey}-480.webp`]);
  });
});

describe("deleting an image", () => {
  it("is refused while content uses it, with where; allowed once nothing does", async () => {
    const image = await upload("#a855f7");
    const post = await newPost({ thumbnail: image.url });
    const body = () => new URLSearchParams({ intent: "delete", id: image.id });
    const refused = (await outcome(
      mediaAction(args("/admin/media", adminCookie, { method: "POST", body: body() })),
    )) as { init: { status: number }; data: { uses: unknown[] } };
    expect(refused.init.status).toBe(409);
    expect(refused.data.uses).toEqual([{ kind: "post", id: post, label: "Bài có ảnh", field: "thumbnail" }]);
    expect(await database.db.select().from(mediaImages).where(eq(mediaImages.id, image.id))).toHaveLength(1);

    await database.db.update(posts).set({ thumbnail: null }).where(eq(posts.id, post));
    const deleted = (await outcome(
      mediaAction(args("/admin/media", adminCookie, { method: "POST", body: body() })),
    )) as Response;
    expect(deleted.status).toBe(302);
    const key = uploadKeyOf(image.url)!;
    expect(await database.db.select().from(mediaImages).where(eq(mediaImages.id, image.id))).toHaveLength(0);
    const left = await database.db.select().from(uploadedImages).where(sql`left(name, 32) = ${key}`);
    expect(left).toHaveLength(0);
  });
});

describe("an image only an older version of a post shows", () => {
  it("is kept by the clean-up and replaced in that version too, but an admin may still delete it", async () => {
    const image = await upload("#be123c");
    const key = uploadKeyOf(image.url)!;
    const post = await newPost({ thumbnail: null });
    const body = (src: string) =>
      `{"type":"doc","content":[{"type":"image","attrs":{"src":"${src}","alt":"","caption":""}}]}`;
    const [revision] = await database.db
      .insert(postRevisions)
      .values({
        postId: post,
        title: "Bài có ảnh",
        slug: `ban-cu-${post.slice(0, 8)}`,
        excerpt: "E",
        content: body(image.url),
        category: "tips",
        savedByName: "Biên Tập",
      })
      .returning({ id: postRevisions.id });
    // Not a use an admin sees: the library says unused.
    expect(await imageUses(database.db, key)).toEqual([]);
    // The clean-up, though, leaves it: restoring that version must not bring back a broken picture.
    const start = new Date(Date.UTC(2032, 0, 10, 20, 0));
    await sweepMediaReferences(database.db, start);
    const due = new Date(start.getTime() + (MEDIA_CLEANUP_DAYS + 1) * DAY);
    expect((await mediaCleanupCandidates(database.db, due)).map((i) => i.id)).not.toContain(image.id);

    // "Replace" moves that version to the new picture as well.
    const form = new FormData();
    form.set("id", image.id);
    form.set("back", "?q=x");
    form.set("file", new File([new Uint8Array(await png("#0ea5e9"))], "moi.png", { type: "image/png" }));
    const replaced = (await outcome(
      replaceAction(args("/admin/media/replace", adminCookie, { method: "POST", body: form })),
    )) as Response;
    expect(replaced.status).toBe(302);
    const [after] = await database.db.select().from(postRevisions).where(eq(postRevisions.id, revision!.id));
    expect(after!.content).not.toContain(key);
    expect(after!.content).toMatch(/\/uploads\/[0-9a-f]{32}-1200\.webp/);
  });
});

describe("the clean-up", () => {
  it("lists in its dry run, and deletes, only images unused for 30 days", async () => {
    // Everything before this test is used or swept from here on: a fresh start in time.
    const start = new Date(Date.UTC(2031, 0, 10, 20, 0)); // 03:00 in Vietnam
    const unused = await upload("#64748b");
    const used = await upload("#0f766e");
    await newPost({ thumbnail: used.url });
    await sweepMediaReferences(database.db, start);
    const [marked] = await database.db.select().from(mediaImages).where(eq(mediaImages.id, unused.id));
    expect(marked!.unreferencedSince?.getTime()).toBe(start.getTime());
    const [kept] = await database.db.select().from(mediaImages).where(eq(mediaImages.id, used.id));
    expect(kept!.unreferencedSince).toBeNull();

    const early = new Date(start.getTime() + (MEDIA_CLEANUP_DAYS - 1) * DAY);
    expect((await mediaCleanupCandidates(database.db, early)).map((i) => i.id)).not.toContain(unused.id);
    const due = new Date(start.getTime() + MEDIA_CLEANUP_DAYS * DAY);
    const dryRun = await mediaCleanupCandidates(database.db, due);
    expect(dryRun.map((i) => i.id)).toContain(unused.id);
    expect(dryRun.map((i) => i.id)).not.toContain(used.id);
    // The dry run deleted nothing.
    expect(await database.db.select().from(mediaImages).where(eq(mediaImages.id, unused.id))).toHaveLength(1);
    // The page shows the same list on demand.
    const page = (await mediaLoader(args("/admin/media?cleanup=preview", adminCookie))) as {
      cleanup: { id: string }[];
    };
    expect(page.cleanup).toBeDefined();

    // Outside the night's hours the job does not run; at night it runs once across instances.
    const noon = new Date(due.getTime() + 9 * 60 * 60 * 1000);
    expect(await runMediaCleanup(database.db, { now: noon })).toBeNull();
    const deleted = await runMediaCleanup(database.db, { now: due });
    expect(deleted).toContain(uploadKeyOf(unused.url));
    expect(deleted).not.toContain(uploadKeyOf(used.url));
    expect(await runMediaCleanup(database.db, { now: due })).toBeNull();
    expect(await database.db.select().from(mediaImages).where(eq(mediaImages.id, unused.id))).toHaveLength(0);
    expect(await database.db.select().from(mediaImages).where(eq(mediaImages.id, used.id))).toHaveLength(1);
  });

  it("clears the mark of an image used again", async () => {
    const image = await upload("#be123c");
    await sweepMediaReferences(database.db, new Date());
    await newPost({ content: `![](${image.url})` });
    await sweepMediaReferences(database.db, new Date());
    const [row] = await database.db.select().from(mediaImages).where(eq(mediaImages.id, image.id));
    expect(row!.unreferencedSince).toBeNull();
  });
});
