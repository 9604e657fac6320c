// A web Response's body written to Node's response.
import type { Writable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";

/** Writes `body` to `res`. A visitor who left before or while it was written (closed the page,
 * or their client gave up waiting) is no error: there is no one to answer, and the request's
 * log line says that it ended (server/request-log.ts). Before, each such visitor was logged as
 * an "unhandled error" with a stack (seen by the dozen in the campaign bench's log). */
export async function writeResponseBody(body: ReadableStream<Uint8Array>, res: Writable): Promise<void> {
  try {
    await writeReadableStreamToWritable(body, res);
  } catch (error) {
    if (!res.destroyed) throw error;
  }
}
