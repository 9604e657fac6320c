// A real SMTP server on loopback (npm smtp-server) that keeps what it receives, for tests that
// check the mail a person would get.
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string[];
  headers: { key: string; value: string }[];
  attachments: { filename: string; contentType: string; contentId?: string; content: Buffer }[];
  raw: string;
  /** The SMTP user the sender signed in as (any name and password are accepted), which tells
   * apart several app processes sending to one sink. */
  sentBy?: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Runs when a message has arrived, before the server answers it: a slow mail server awaits
   * something here. */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void>;
}

export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await PostalMime.parse(raw);
        const mail: ReceivedMail = {
          from: parsed.from?.address ?? "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: parsed.html ?? "",
          replyTo: (parsed.replyTo ?? []).map((a) => ("address" in a ? (a.address ?? "") : "")),
          headers: parsed.headers.map((h) => ({ key: h.key, value: h.value })),
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? "",
            contentType: a.mimeType,
            contentId: a.contentId,
            content: Buffer.from(a.content as ArrayBuffer),
          })),
          raw,
          sentBy: typeof session.user === "string" ? session.user : undefined,
        };
        await options.beforeAnswer?.(mail);
        messages.push(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received: ${messages.map((m) => m.subject).join(" | ")}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
