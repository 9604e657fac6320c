// `npm run build`, last step: the browser's files of the build (BUILD_DIR/client) compressed
// once, as well as the formats allow, beside each file — name.br (brotli, quality 11) and name.gz
// (gzip, level 9) — for the host to send as they are (server/built-files.ts, ADR 063). A form
// that would not be smaller than the file is not written; the file is then sent as it is.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { COMPRESSED_FORMS, COMPRESSIBLE_FILE } from "../server/built-files";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "client");

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every compressible file's compressed forms: what the host may send for it. */
function compressors(bytes: Buffer) {
  return {
    br: () =>
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    gzip: () => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  } satisfies Record<keyof typeof COMPRESSED_FORMS, () => Promise<Buffer>>;
}

const files = fs
  .readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

const started = Date.now();
let before = 0;
let after = 0;
// zlib's asynchronous calls run on libuv's thread pool: the files are compressed side by side.
await Promise.all(
  files.map(async (file) => {
    const bytes = fs.readFileSync(file);
    before += bytes.length;
    let smallest = bytes.length;
    for (const [encoding, compress] of Object.entries(compressors(bytes)) as [
      keyof typeof COMPRESSED_FORMS,
      () => Promise<Buffer>,
    ][]) {
      const target = file + COMPRESSED_FORMS[encoding];
      const compressed = await compress();
      if (compressed.length < bytes.length) fs.writeFileSync(target, compressed);
      else fs.rmSync(target, { force: true });
      if (encoding === "br") smallest = Math.min(smallest, compressed.length);
    }
    after += smallest;
  }),
);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `client files compressed: ${files.length} files, ${kb(before)} → ${kb(after)} (brotli) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
