// Raw HTTP for the system tests of ADR 011: bodies streamed at the server (chunked or
// with any declared length) to see when it answers and whether it keeps reading, and event
// streams held open.
import { execFile } from "node:child_process";
import http, { type IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { CLI_ENTRY, REPO_ROOT, type ServerProcess } from "./server-process";

export interface StreamedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Body bytes written before the answer's headers arrived. */
  sentBeforeAnswer: number;
  /** Body bytes written in all (we stop once answered). */
  sent: number;
  /** The server closed the connection within 3 s of its answer. */
  closed: boolean;
}

/** Streams up to `totalBytes` of body (`prefix`, then "a"s) and stops writing once answered. */
export function streamBody(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    prefix?: string;
    totalBytes: number;
    /** Declared length; without it the body is sent chunked. */
    contentLength?: number;
    chunkBytes?: number;
    timeoutMs?: number;
  },
): Promise<StreamedAnswer> {
  const { totalBytes, chunkBytes = 64 * 1024, timeoutMs = 30_000 } = options;
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentLength !== undefined) headers["Content-Length"] = String(options.contentLength);
  else headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "POST", headers, agent: false });
    let sent = 0;
    let answered: Omit<StreamedAnswer, "text" | "sent" | "closed"> | undefined;
    let socketClosed = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${url}: no answer within ${timeoutMs} ms (${sent} bytes sent)`));
    }, timeoutMs);
    request.on("error", () => {
      // EPIPE/ECONNRESET while still sending: expected once the server refused the body.
    });
    request.on("close", () => {
      socketClosed = true;
      if (!answered) {
        clearTimeout(timer);
        reject(new Error(`${url}: connection closed without an answer (${sent} bytes sent)`));
      }
    });
    request.on("response", (response) => {
      answered = { status: response.statusCode ?? 0, headers: response.headers, sentBeforeAnswer: sent };
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const finish = () => {
        clearTimeout(timer);
        // Wait (briefly) for the server to close the connection it said it would close.
        const done = () => {
          clearTimeout(wait);
          resolve({ ...answered!, text: Buffer.concat(chunks).toString("utf8"), sent, closed: socketClosed });
          request.destroy();
        };
        const wait = setTimeout(done, 3_000);
        if (socketClosed) done();
        else request.once("close", done);
      };
      response.on("end", finish);
      response.on("error", finish);
    });
    const filler = Buffer.alloc(chunkBytes, "a");
    void (async () => {
      let first = Buffer.from(options.prefix ?? "");
      while (!answered && !socketClosed && sent < totalBytes) {
        const piece = Buffer.concat([first, filler]).subarray(0, Math.min(chunkBytes, totalBytes - sent));
        first = Buffer.alloc(0);
        sent += piece.length;
        if (!request.write(piece)) {
          await new Promise<void>((done) => {
            request.once("drain", done);
            request.once("close", done);
            request.once("response", done);
          });
        }
      }
      if (!answered && !socketClosed) request.end();
    })();
  });
}

/** An admin account made with the CLI, signed in through the sign-in form: its cookie header. */
export async function signInAsNewAdmin(server: ServerProcess, email: string, password: string) {
  await promisify(execFile)(
    process.execPath,
    [
      CLI_ENTRY,
      "user",
      "create",
      "--email",
      email,
      "--password",
      password,
      "--name",
      "Admin",
      "--role",
      "admin",
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    },
  );
  const signIn = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
