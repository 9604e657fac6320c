// The stream React renders a page into (app/entry.server.tsx). React writes a page in many
// small pieces (4 KB views, and each larger string by itself) and calls `flush()` on its
// destination when a batch is complete: the shell, then each Suspense boundary that resolves.
// Everything after it pays per piece: the web stream React Router wraps the body in, and the
// host's write and compression flush per chunk (writeReadableStreamToWritable flushes after
// every chunk, so each piece became a compressed block and a socket write of its own: about
// 12 ms of CPU per signed-in page, ADR 041). This stream passes on one chunk per batch instead,
// at the points React chose: the page streams exactly as before, in fewer, larger chunks.
import { Transform, type TransformCallback } from "node:stream";

export class RenderBatchStream extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** React's signal that what it wrote so far belongs together: passed on as one chunk. */
  flush() {
    if (this.pending.length === 0) return;
    const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.push(batch);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
