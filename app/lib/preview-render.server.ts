// Renders a preview card to PNG (ADR 030): satori lays the card out and turns its text into
// paths with the fonts given here (no system font is involved: the picture is the same on every
// machine), sharp rasterises that SVG. Both and the fonts are loaded on the first render only:
// a process that never draws a card does not carry them.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewCard, PreviewCardImage } from "./preview-card.server";

// Be Vietnam Pro, the site's own typeface. Fontsource ships it split by script; satori falls back
// from one face to the next only across different family names, so each subset gets its own.
export const PREVIEW_FONT_SUBSETS = ["latin", "latin-ext", "vietnamese"] as const;
const WEIGHTS = [400, 700] as const;

/** The WOFF file of one subset and weight (satori reads TTF, OTF and WOFF, not WOFF2). */
export function previewFontFile(subset: (typeof PREVIEW_FONT_SUBSETS)[number], weight: 400 | 700) {
  return createRequire(import.meta.url).resolve(
    `@fontsource/be-vietnam-pro/files/be-vietnam-pro-${subset}-${weight}-normal.woff`,
  );
}

const FONT_FAMILY = PREVIEW_FONT_SUBSETS.map((subset) => `"Lernhaus ${subset}"`).join(", ");

async function loadEngine() {
  const [{ default: satori }, { default: sharp }, fonts] = await Promise.all([
    import("satori"),
    import("sharp"),
    Promise.all(
      PREVIEW_FONT_SUBSETS.flatMap((subset) =>
        WEIGHTS.map(
          async (weight): Promise<Font> => ({
            name: `Lernhaus ${subset}`,
            weight,
            style: "normal",
            data: await readFile(previewFontFile(subset, weight)),
          }),
        ),
      ),
    ),
  ]);
  return { satori, sharp, fonts };
}

let engine: ReturnType<typeof loadEngine> | undefined;

function getEngine() {
  engine ??= loadEngine().catch((error) => {
    engine = undefined; // a later request tries again
    throw error;
  });
  return engine;
}

export interface RenderOptions {
  /** Called with the characters no font has a glyph for; they would be drawn as nothing. */
  onMissingGlyphs?: (text: string) => void;
}

/** The card as SVG, text as paths. */
export async function renderPreviewSvg(card: PreviewCard, options: RenderOptions = {}) {
  const { satori, fonts } = await getEngine();
  return satori(PreviewCardImage({ card, fontFamily: FONT_FAMILY }), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts,
    // Asked only for text none of the fonts covers: nothing is fetched, the miss is reported.
    loadAdditionalAsset: async (_language, segment) => {
      options.onMissingGlyphs?.(segment);
      return [];
    },
  });
}

// libvips works in its own threads; a render stuck there is given up after this long.
const RASTER_TIMEOUT_SECONDS = 10;

/** The card as a 1200×630 PNG. */
export async function renderPreviewPng(card: PreviewCard, options: RenderOptions = {}) {
  const svg = await renderPreviewSvg(card, options);
  const { sharp } = await getEngine();
  return sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: false })
    .timeout({ seconds: RASTER_TIMEOUT_SECONDS })
    .toBuffer();
}
