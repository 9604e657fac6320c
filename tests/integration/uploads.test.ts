import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageForWidth, UPLOAD_MAX_BYTES, uploadSrcSet } from "~/lib/uploads";
import { sniffImageType, storeUploadedImage, UploadRejected } from "~/lib/uploads.server";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lernhaus-uploads-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const image = (format: "png" | "jpeg" | "webp", width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .toFormat(format)
    .toBuffer();

const file = (bytes: Uint8Array, name: string, type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRejected);
  return (error as UploadRejected).reason;
}

describe("uploaded images (issue 7 §6)", () => {
  it.each(["png", "jpeg", "webp"] as const)(
    "stores a %s as WebP in two widths under a generated name",
    async (format) => {
      const url = await storeUploadedImage(dataDir, file(await image(format), "ảnh của tôi.png"));
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      const small = path.join(dataDir, "uploads", path.basename(imageForWidth(url, 96)));
      const large = path.join(dataDir, "uploads", path.basename(url));
      expect((await sharp(small).metadata()).width).toBe(480);
      const big = await sharp(large).metadata();
      expect([big.format, big.width, big.height]).toEqual(["webp", 1200, 675]);
      expect(uploadSrcSet(url)).toBe(`${imageForWidth(url, 96)} 480w, ${url} 1200w`);
    },
  );

  it("never enlarges a small image", async () => {
    const url = await storeUploadedImage(dataDir, file(await image("png", 200, 200), "icon.png"));
    expect((await sharp(path.join(dataDir, "uploads", path.basename(url))).metadata()).width).toBe(200);
  });

  it("judges by content, not by name or type: text named .png is refused and nothing is written", async () => {
    const before = await readdir(path.join(dataDir, "uploads"));
    const text = new TextEncoder().encode("<?php echo 'not an image'; ?>");
    expect(await rejection(storeUploadedImage(dataDir, file(text, "photo.png")))).toBe("type");
    const gif = new TextEncoder().encode("GIF89a....");
    expect(await rejection(storeUploadedImage(dataDir, file(gif, "anim.gif", "image/gif")))).toBe("type");
    expect(await readdir(path.join(dataDir, "uploads"))).toEqual(before);
  });

  it("refuses a file over 5 MB, an empty one and a truncated image", async () => {
    const huge = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await rejection(storeUploadedImage(dataDir, file(huge, "huge.png")))).toBe("tooLarge");
    expect(await rejection(storeUploadedImage(dataDir, file(new Uint8Array(), "empty.png")))).toBe("missing");
    const png = await image("png");
    expect(await rejection(storeUploadedImage(dataDir, file(png.subarray(0, 60), "cut.png")))).toBe(
      "unreadable",
    );
    expect(sniffImageType(png)).toBe("png");
  });

  it("leaves other image URLs as they are", () => {
    expect(imageForWidth("https://example.com/a.jpg", 96)).toBe("https://example.com/a.jpg");
    expect(uploadSrcSet("https://example.com/a.jpg")).toBeUndefined();
  });
});
