// Makes the icons browsers and phones ask for from the logo (public/favicon.svg): favicon.ico
// (16, 32 and 48 px PNGs in one ICO file), the apple-touch-icon and the web manifest's icons.
// The results are committed in public/; run `node scripts/make-icons.mjs` after changing the logo.
import { readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";

const logo = await readFile("public/favicon.svg", "utf8");
// Phones round the corners of home-screen icons themselves: those get the square logo.
const squareLogo = Buffer.from(logo.replace(/ rx="\d+"/, ""));

const png = (svg, size) =>
  sharp(svg, { density: 600 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

await writeFile("public/apple-touch-icon.png", await png(squareLogo, 180));
await writeFile("public/icon-192.png", await png(squareLogo, 192));
await writeFile("public/icon-512.png", await png(squareLogo, 512));

/** An ICO file: a 6-byte header, a 16-byte entry per image, then the images (PNG inside ICO is
 * read by every browser since IE 9). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const sizes = [16, 32, 48];
const images = await Promise.all(
  sizes.map(async (size) => ({ size, data: await png(Buffer.from(logo), size) })),
);
await writeFile("public/favicon.ico", ico(images));
