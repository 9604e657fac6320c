// QR codes drawn on the server (ADR 028), so that no page ships an encoder: as one SVG path for
// pages (QrCodeImage draws it) and as a PNG for mails, where SVG does not show.
import { encode } from "uqr";

/** A QR code as the page draws it: `size` modules square (quiet zone included), the dark
 * modules as one path of horizontal runs in module units. */
export interface QrDrawing {
  size: number;
  path: string;
}

/** Four modules of quiet zone: the width ISO/IEC 18004 asks for, so that phones find the code
 * on any background. */
const QUIET_ZONE = 4;

function qrMatrix(text: string, border: number) {
  // "M" corrects 15 % damage and keeps a VietQR payload (about 130 characters) at 41 modules.
  return encode(text, { ecc: "M", border });
}

export function qrCodeDrawing(text: string, border = QUIET_ZONE): QrDrawing {
  const { data, size } = qrMatrix(text, border);
  let path = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return { size, path };
}

/** The QR code as a black-on-white PNG, `scale` pixels a module. sharp is loaded only when a
 * mail needs one (ADR 028: heavy libraries load lazily, the process stays small). */
export async function qrCodePng(text: string, scale = 8): Promise<Buffer> {
  const { data, size } = qrMatrix(text, QUIET_ZONE);
  const width = size * scale;
  const pixels = Buffer.alloc(width * width, 0xff);
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        pixels.fill(0, (y * scale + dy) * width + x * scale, (y * scale + dy) * width + (x + 1) * scale);
      }
    });
  });
  const { default: sharp } = await import("sharp");
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}
