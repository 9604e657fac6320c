import { describe, expect, it } from "vitest";
import { looksLikeMp4 } from "~/models/uploaded-video.server";
import { rangeOf } from "../../server/byte-range";

describe("the Range header of a video request", () => {
  const size = 1000;

  it("serves the part a browser asks for, clamped to the file", () => {
    expect(rangeOf("bytes=0-", size)).toEqual({ kind: "part", start: 0, end: 999 });
    expect(rangeOf("bytes=0-1", size)).toEqual({ kind: "part", start: 0, end: 1 });
    expect(rangeOf("bytes=500-2000", size)).toEqual({ kind: "part", start: 500, end: 999 });
    expect(rangeOf("bytes=-100", size)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(rangeOf("bytes=-5000", size)).toEqual({ kind: "part", start: 0, end: 999 });
  });

  it("answers 416 for a range past the end", () => {
    expect(rangeOf("bytes=1000-", size)).toEqual({ kind: "unsatisfiable" });
    expect(rangeOf("bytes=-0", size)).toEqual({ kind: "unsatisfiable" });
  });

  it("serves the whole file for no range, a malformed one, several, or another version's", () => {
    for (const header of [
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "bytes=5-3",
      "items=0-1",
      "bytes=0-1,5-9",
      "bytes=a-b",
    ]) {
      expect(rangeOf(header, size), String(header)).toEqual({ kind: "whole" });
    }
    const etag = '"abc"';
    expect(rangeOf("bytes=0-1", size, { header: '"old"', etag })).toEqual({ kind: "whole" });
    expect(rangeOf("bytes=0-1", size, { header: "Wed, 21 Oct 2026 07:28:00 GMT", etag })).toEqual({
      kind: "whole",
    });
    expect(rangeOf("bytes=0-1", size, { header: etag, etag })).toEqual({ kind: "part", start: 0, end: 1 });
  });
});

describe("recognising an MP4 upload by its first bytes", () => {
  const box = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`)]);

  it("accepts ISO media files and refuses QuickTime, other files and too few bytes", () => {
    expect(looksLikeMp4(box("isom"))).toBe(true);
    expect(looksLikeMp4(box("mp42"))).toBe(true);
    expect(looksLikeMp4(box("qt  "))).toBe(false);
    expect(looksLikeMp4(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe(false);
    expect(looksLikeMp4(Buffer.from("<html><body>"))).toBe(false);
    expect(looksLikeMp4(box("isom").subarray(0, 11))).toBe(false);
    // A box that claims to be smaller than its own header is not one.
    expect(looksLikeMp4(Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from("ftypisom")]))).toBe(false);
  });
});
