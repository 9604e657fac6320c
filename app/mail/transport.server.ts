// How a message leaves the app: SMTP when SMTP_URL is set, otherwise an .eml file per message in
// DATA_DIR/mail (development, and a school that has no mail server yet). The outbox worker
// (worker.server.ts) is the only sender in the app; tests hand it a transport of their own.
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { log } from "~/lib/log.server";

export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    /** The same for every attempt at one outbox row (outboxMessageId). */
    messageId?: string;
    headers?: Record<string, string>;
    attachments?: { filename: string; contentType: string; cid?: string; content: Buffer }[];
  }): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  let transporter: Transporter;
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A mail server that hangs must not keep a message past its lease (deliverDueMail).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transporter.sendMail(message);
      },
      close: () => transporter.close(),
    };
  }
  const mailDir = path.join(options.dataDir, "mail");
  transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      fs.mkdirSync(mailDir, { recursive: true });
      const file = path.join(
        mailDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      log().info(
        { subject: message.subject, to: message.to, file },
        "mail: written to a file (SMTP_URL is not set)",
      );
    },
    close: () => transporter.close(),
  };
}
