import sharp from "sharp";
import { expect, test } from "./fixtures";

test("an admin's upload is stored, served with long cache headers, and a bad file is refused", async ({
  page,
  context,
  baseURL,
  accounts,
}) => {
  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#b91c1c" } })
    .png()
    .toBuffer();
  const upload = (buffer: Buffer, name: string, mimeType: string) =>
    page.request.post("/admin/uploads", {
      multipart: { file: { name, mimeType, buffer } },
      headers: { origin: baseURL! },
    });

  const accepted = await upload(png, "lop-hoc.png", "image/png");
  expect(accepted.status()).toBe(200);
  const { url } = (await accepted.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("immutable");
  expect(served.headers()["cache-control"]).toContain("max-age=31536000");
  expect((await sharp(await served.body()).metadata()).width).toBe(900);

  const refused = await upload(Buffer.from("not really a picture"), "anh.png", "image/png");
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ error: "upload.errors.type" });
  expect((await page.request.get("/uploads/does-not-exist.webp")).status()).toBe(404);
});
