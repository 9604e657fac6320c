// The server's QR codes read back with an independent decoder: the PNG of mails, and the SVG
// path of pages (its runs redrawn into pixels).
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { qrCodeDrawing, qrCodePng } from "~/lib/qr-code.server";
import { decodeQrPng } from "../support/qr-decode";

const PAYLOAD =
  "00020101021238570010A00000072701270006970436011300110012345670208QRIBFTTA5303704540731500005802VN62190815HOCPHI LH7K2Q9X6304EC31";

/** Paints the drawing's runs ("M<x> <y>h<n>v1h-<n>z"), `scale` pixels a module, into a PNG. */
function pngOfDrawing(drawing: { size: number; path: string }, scale = 4) {
  const width = drawing.size * scale;
  const png = new PNG({ width, height: width });
  png.data.fill(0xff);
  for (const [, x, y, n] of drawing.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let px = Number(x) * scale; px < (Number(x) + Number(n)) * scale; px++) {
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
        const offset = (py * width + px) * 4;
        png.data.fill(0, offset, offset + 3);
      }
    }
  }
  return PNG.sync.write(png);
}

describe("QR codes", () => {
  it("draws a PNG that decodes to the text", async () => {
    const png = await qrCodePng(PAYLOAD);
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(decodeQrPng(png)).toBe(PAYLOAD);
  });

  it("draws an SVG path that decodes to the text", () => {
    const drawing = qrCodeDrawing(PAYLOAD);
    expect(drawing.path).toMatch(/^(M\d+ \d+h(\d+)v1h-\2z)+$/);
    expect(decodeQrPng(pngOfDrawing(drawing))).toBe(PAYLOAD);
  });
});
