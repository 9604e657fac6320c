// Renders a preview card (ADR 030): satori lays the card out and turns its text into paths with
// the fonts given here (no system font is involved: the picture is the same on every machine),
// sharp rasterises that SVG to PNG. Both run in a child process that starts with the first card
// and ends after a while without one: satori's WebAssembly and heap cost 60–80 MB, which a worker
// thread would leave behind in the app's allocator after it ended, and a stuck render is ended by
// ending the process.

import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { PreviewTimeoutError } from "./preview-cache.server";
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  type PreviewCard,
  type PreviewNode,
  previewCardTree,
} from "./preview-card.server";

// Be Vietnam Pro, the site's own typeface. Fontsource ships it split by script; satori falls back
// from one face to the next only across different family names, so each subset gets its own.
export const PREVIEW_FONT_SUBSETS = ["latin", "latin-ext", "vietnamese"] as const;
const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);

/** The WOFF file of one subset and weight (satori reads TTF, OTF and WOFF, not WOFF2). */
export function previewFontFile(subset: (typeof PREVIEW_FONT_SUBSETS)[number], weight: 400 | 700) {
  return require.resolve(`@fontsource/be-vietnam-pro/files/be-vietnam-pro-${subset}-${weight}-normal.woff`);
}

const FONT_FAMILY = PREVIEW_FONT_SUBSETS.map((subset) => `"Lernhaus ${subset}"`).join(", ");

interface WorkerSetup {
  satori: string;
  sharp: string;
  width: number;
  height: number;
  fonts: { name: string; weight: number; style: "normal"; path: string }[];
}

type RenderRequest = { id: number; tree: PreviewNode; format: "svg" | "png" };
type RenderAnswer =
  | { id: number; data: string | Uint8Array; missing: string[] }
  | { id: number; error: string };

/** The renderer's whole program, as source text (`node -e`): a function's own text would carry
 * whatever helpers the build adds around it (esbuild's `__name`), which the child does not have.
 * It uses nothing from this module: what it needs comes as its argument (WorkerSetup), the cards
 * come as messages (RenderRequest), and it answers RenderAnswer. satori and sharp are loaded as
 * CommonJS, so their export is `default`, and satori's has a `default` of its own. The app gone,
 * it goes too. */
const WORKER_SOURCE = `
const setup = JSON.parse(process.argv[1]);
const { readFile } = require("node:fs/promises");
process.on("disconnect", () => process.exit(0));
const ready = Promise.all([
  import(setup.satori),
  import(setup.sharp),
  Promise.all(setup.fonts.map(async (font) => ({ ...font, data: await readFile(font.path) }))),
]);
process.on("message", async ({ id, tree, format }) => {
  const missing = [];
  try {
    const [satoriModule, sharpModule, fonts] = await ready;
    const satori = satoriModule.default.default ?? satoriModule.default;
    const svg = await satori(tree, {
      width: setup.width,
      height: setup.height,
      fonts,
      loadAdditionalAsset: async (language, segment) => {
        missing.push(segment);
        return [];
      },
    });
    const data = format === "svg" ? svg : await sharpModule.default(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    process.send({ id, data, missing });
  } catch (error) {
    process.send({ id, error: String((error && error.stack) || error) });
  }
});
`;

// One render takes 50–400 ms; one that takes this long is stuck, and its process is ended.
const RENDER_TIMEOUT_MS = 10_000;
// A crawler asks for a page's card right after the page: a renderer idle this long is ended.
const IDLE_MS = 30_000;

interface Pending {
  resolve: (answer: { data: string | Uint8Array; missing: string[] }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function startWorker() {
  const setup: WorkerSetup = {
    satori: pathToFileURL(require.resolve("satori")).href,
    sharp: pathToFileURL(require.resolve("sharp")).href,
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: PREVIEW_FONT_SUBSETS.flatMap((subset) =>
      WEIGHTS.map((weight) => ({
        name: `Lernhaus ${subset}`,
        weight,
        style: "normal" as const,
        path: previewFontFile(subset, weight),
      })),
    ),
  };
  // Nothing of the app's environment (database URL, secrets): the renderer needs none of it.
  const started = spawn(process.execPath, ["-e", WORKER_SOURCE, JSON.stringify(setup)], {
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced", // PNG bytes cross as bytes, not as JSON
  });
  // Never what keeps the app from exiting.
  started.unref();
  started.channel?.unref();
  started.on("message", (answer: RenderAnswer) => {
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    clearTimeout(request.timer);
    if ("error" in answer) request.reject(new Error(`preview render failed: ${answer.error}`));
    else request.resolve(answer);
    if (pending.size === 0) {
      idleTimer = setTimeout(() => {
        if (worker === started) worker = undefined; // the next card starts a new one at once
        started.kill();
      }, IDLE_MS);
    }
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      request.reject(error);
      pending.delete(id);
    }
  };
  started.on("error", fail);
  started.on("exit", () => fail(new Error("preview renderer exited")));
  return started;
}

async function render(card: PreviewCard, format: "svg" | "png") {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise<{ data: string | Uint8Array; missing: string[] }>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new PreviewTimeoutError(RENDER_TIMEOUT_MS));
      pending.delete(id);
      current.kill("SIGKILL"); // the only way to stop satori mid-render
    }, RENDER_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    current.send({ id, tree: previewCardTree(card, FONT_FAMILY), format } satisfies RenderRequest);
  });
}

export interface RenderOptions {
  /** Called with the characters no font has a glyph for; they would be drawn as nothing. */
  onMissingGlyphs?: (text: string) => void;
}

/** The card as SVG, text as paths. */
export async function renderPreviewSvg(card: PreviewCard, options: RenderOptions = {}) {
  const { data, missing } = await render(card, "svg");
  for (const text of missing) options.onMissingGlyphs?.(text);
  return String(data);
}

/** The card as a 1200×630 PNG. */
export async function renderPreviewPng(card: PreviewCard, options: RenderOptions = {}) {
  const { data, missing } = await render(card, "png");
  for (const text of missing) options.onMissingGlyphs?.(text);
  return Buffer.from(data as Uint8Array);
}
