// Delivers the outbox: claims due messages with FOR UPDATE SKIP LOCKED (so several app
// processes never send one message twice), retries failures with exponential backoff, and
// marks a message that keeps failing as failed — never dropping it.
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { log } from "~/lib/log.server";
import { deleteExpiredRecords } from "~/models/retention.server";

export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 2_000;

/** Wait before the next attempt: 10 s, 20 s, 40 s… capped at an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(10_000 * 2 ** (attempts - 1), 60 * 60 * 1000);
}

export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
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
      // A mail server that hangs must not hold the outbox transaction for minutes.
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

/** Sends every due message once; returns how many were sent and how many failed this round. */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { from: string; now?: Date },
) {
  const now = options.now ?? new Date();
  let sent = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "queued"),
          lte(
            emailOutbox.nextAttemptAt,
            // The database's clock, as for queued_at: JavaScript dates lose the microseconds.
            options.now ?? sql`now()`,
          ),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    for (const message of due) {
      const attempts = message.attempts + 1;
      try {
        await transport.send({
          from: options.from,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        await tx
          .update(emailOutbox)
          .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, message.id));
        sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= MAX_ATTEMPTS;
        await tx
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "queued",
            attempts,
            lastError: reason.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, message.id));
        log()[giveUp ? "error" : "warn"](
          { subject: message.subject, to: message.to, attempt: attempts, of: MAX_ATTEMPTS, reason },
          giveUp ? "mail: sending failed; giving up" : "mail: sending failed; will retry",
        );
        failed++;
      }
    }
    // The admin's outbox view follows deliveries live.
    if (sent + failed > 0) await notifyChange(tx, "outbox");
  });
  return { sent, failed };
}

/** Puts a failed message back in the queue, due now (the admin's "retry"). */
export async function retryMail(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: sql`now()`, attempts: 0 })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
      .returning({ id: emailOutbox.id });
    await notifyChange(tx, "outbox");
    return updated.length > 0;
  });
}

/** The in-process worker: polls the outbox, and once an hour deletes what the privacy page says
 * is not kept (app/models/retention.server.ts). */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Where the .eml copies of sent mail are, for retention. */
  dataDir?: string;
}) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let lastHousekeeping = 0;
  const tick = async () => {
    try {
      await deliverDueMail(options.db, options.transport, { from: options.from });
      if (Date.now() - lastHousekeeping > 60 * 60 * 1000) {
        lastHousekeeping = Date.now();
        const removed = await deleteExpiredRecords(options.db, new Date(), { dataDir: options.dataDir });
        if (Object.values(removed).some((n) => n > 0)) {
          log().info({ deleted: removed }, "retention: deleted records past their retention period");
        }
      }
    } catch (error) {
      log().error({ err: error }, "mail worker: a round failed");
    }
  };
  const timer = setInterval(() => {
    if (!stopped) running = running.then(tick);
  }, POLL_INTERVAL_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      options.transport.close();
    },
  };
}
