// A page reaches the host in one chunk per batch React completes (ADR 041): the shell as one
// chunk, each resolved Suspense boundary as one more, the same bytes as React wrote, and the
// shell still sent before a boundary's data has arrived (streaming is kept).
import { PassThrough, type Transform } from "node:stream";
import fc from "fast-check";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RenderBatchStream } from "~/lib/render-stream.server";

function Page({ rows, later }: { rows: string[]; later: Promise<string> }) {
  return (
    <html lang="vi">
      <body>
        <ul>
          {rows.map((row, index) => (
            <li key={index}>{row}</li>
          ))}
        </ul>
        <Suspense fallback={<p>…</p>}>
          <Deferred later={later} />
        </Suspense>
      </body>
    </html>
  );
}

function Deferred({ later }: { later: Promise<string> }) {
  return <p>{use(later)}</p>;
}

/** Renders the page into `into`; the deferred text arrives once the shell has been read. */
async function render(rows: string[], into: Transform) {
  let arrive!: (text: string) => void;
  const later = new Promise<string>((resolve) => {
    arrive = resolve;
  });
  const chunks: { text: string; beforeData: boolean }[] = [];
  let dataSent = false;
  into.on("data", (chunk: Buffer) => {
    chunks.push({ text: chunk.toString("utf8"), beforeData: !dataSent });
  });
  const ended = new Promise((resolve) => into.on("end", resolve));
  await new Promise<void>((shellReady, failed) => {
    const { pipe } = renderToPipeableStream(<Page rows={rows} later={later} />, {
      onShellReady() {
        pipe(into);
        shellReady();
      },
      onShellError: failed,
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  dataSent = true;
  arrive("đã tải xong");
  await ended;
  return chunks;
}

describe("RenderBatchStream", () => {
  it("passes the page on as one chunk per React batch, with the same bytes, the shell first", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 2000, unit: "grapheme" }), { maxLength: 60 }),
        async (rows) => {
          const batched = await render(rows, new RenderBatchStream());
          const plain = await render(rows, new PassThrough());
          expect(batched.map((c) => c.text).join("")).toBe(plain.map((c) => c.text).join(""));
          const shell = batched.filter((c) => c.beforeData);
          expect(shell).toHaveLength(1);
          expect(shell[0]?.text).toContain("<p>…</p>");
          expect(shell[0]?.text).not.toContain("đã tải xong");
          // The boundary's content comes as one more batch.
          expect(batched.filter((c) => !c.beforeData)).toHaveLength(1);
        },
      ),
      { numRuns: 25 },
    );
  });
});
