// Reads a QR code back from a PNG (a screenshot, a mail's attachment) with a decoder that has
// nothing in common with the encoder, so that a test sees what a phone would.
import jsQR from "jsqr";
import { PNG } from "pngjs";

export function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data;
}
