// Delivers the outbox: claims due messages for a lease (FOR UPDATE SKIP LOCKED in one short
// statement, so several app processes never send one message at once), sends outside any
// transaction, retries failures with exponential backoff, and marks a message that keeps failing
// as failed — never dropping it. ADR 006, ADR 021.
import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { MailTransport } from "./transport.server";

export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 2_000;
/** A round sends at most this many batches, then lets the next round's timer run. */
const MAX_BATCHES_PER_ROUND = 30;

/** Wait before the next attempt: 10 s, 20 s, 40 s… capped at an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(10_000 * 2 ** (attempts - 1), 60 * 60 * 1000);
}

/** How long a claimed message belongs to the worker that claimed it (ADR 021). A worker that
 * dies mid-send leaves it to be claimed again once this has passed. */
export const DEFAULT_LEASE_MS = 2 * 60 * 1000;
/** The longest one message may take to send, whatever the mail server does. Keep well under the
 * lease: a send is only started with this much of the lease left. */
const SEND_TIMEOUT_MS = 30_000;

type ClaimedMail = typeof emailOutbox.$inferSelect;

/** `Message-ID: <outbox-id@sender's domain>`: the same for every attempt at one outbox row, so a
 * receiver can drop the rare second copy (a worker that died after sending, before recording). */
export function outboxMessageId(outboxId: string, from: string) {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim() || "lernhaus.local";
  return `<${outboxId}@${domain.toLowerCase()}>`;
}

/** Why a newsletter mail is not sent again (the admin's outbox shows it with the failed ones). */
export const INTERRUPTED_HANDOVER_ERROR =
  "the worker stopped while handing this newsletter mail to the mail server; it may have been delivered, so it is not sent again on its own";

/** A message whose worker began handing it to the mail server and whose lease ran out without a
 * result (the process died): the mail server may have it. A newsletter mail is then marked failed
 * rather than sent again (each subscriber gets a campaign's mail at most once: ADR 038); any other
 * mail is queued again (at least once, as ever: a lost enrolment confirmation is worse than a
 * second copy, which receivers can drop by its Message-ID). */
async function settleInterruptedHandovers(db: Db, now: SQL) {
  await db
    .update(emailOutbox)
    .set({
      status: sql`case when ${emailOutbox.campaignId} is null then ${emailOutbox.status} else 'failed' end`,
      lastError: sql`case when ${emailOutbox.campaignId} is null then ${emailOutbox.lastError} else ${INTERRUPTED_HANDOVER_ERROR} end`,
      handedOverAt: sql`case when ${emailOutbox.campaignId} is null then null else ${emailOutbox.handedOverAt} end`,
    })
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        isNotNull(emailOutbox.handedOverAt),
        lte(emailOutbox.nextAttemptAt, now),
      ),
    );
}

/** Claims up to `limit` due messages in one short statement: each gets its attempt counted and
 * its next_attempt_at moved to the end of the lease, which hides it from every other worker
 * (SKIP LOCKED passes over rows another claim is taking at this moment). */
export async function claimDueMail(
  db: Db,
  options: { limit?: number; leaseMs?: number; now?: Date } = {},
): Promise<ClaimedMail[]> {
  // The database's clock unless a test moves time: JavaScript dates lose the microseconds.
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const lease = `${options.leaseMs ?? DEFAULT_LEASE_MS} milliseconds`;
  await settleInterruptedHandovers(db, now);
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        lte(emailOutbox.nextAttemptAt, now),
        isNull(emailOutbox.handedOverAt),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(options.limit ?? BATCH_SIZE)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`${now} + ${lease}::interval`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Writes the outcome of one attempt, only if the message is still this attempt's: a worker whose
 * lease ran out (and whose message another worker claimed, counting a new attempt) changes
 * nothing. Returns whether it was recorded. */
export async function recordMailAttempt(
  db: Db,
  message: ClaimedMail,
  outcome: Partial<typeof emailOutbox.$inferInsert>,
) {
  const updated = await db
    .update(emailOutbox)
    .set(outcome)
    .where(
      and(
        eq(emailOutbox.id, message.id),
        eq(emailOutbox.status, "queued"),
        eq(emailOutbox.attempts, message.attempts),
      ),
    )
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) {
    log().warn(
      { subject: message.subject, to: message.to, attempt: message.attempts },
      "mail: the result came after the lease ran out; another worker has this message",
    );
  }
  return updated.length > 0;
}

/** The mail server did not answer in time: it may still have taken the message. */
class SendTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SendTimeout(`no answer from the mail server within ${ms / 1000} s`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Marks this attempt as handing the message to the mail server, if the message is still this
 * attempt's. From here until its result is recorded, a dead worker's message is not claimed
 * again as an untouched one (settleInterruptedHandovers). */
async function startHandover(db: Db, message: ClaimedMail) {
  const marked = await db
    .update(emailOutbox)
    .set({ handedOverAt: sql`now()` })
    .where(
      and(
        eq(emailOutbox.id, message.id),
        eq(emailOutbox.status, "queued"),
        eq(emailOutbox.attempts, message.attempts),
        isNull(emailOutbox.handedOverAt),
      ),
    )
    .returning({ id: emailOutbox.id });
  return marked.length > 0;
}

/** Sends every due message once; returns how many were sent and how many failed this round.
 *
 * Several workers (app processes) may run this at once: each claims its own batch in one short
 * statement, talks to the mail server outside any transaction, then records each result in a
 * statement of its own (ADR 021). */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { from: string; now?: Date; leaseMs?: number; batchSize?: number },
) {
  const now = options.now ?? new Date();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const sendTimeoutMs = Math.min(SEND_TIMEOUT_MS, leaseMs / 2);
  const claimedAt = Date.now();
  const due = await claimDueMail(db, { limit: options.batchSize, leaseMs, now: options.now });
  let sent = 0;
  let failed = 0;
  for (const message of due) {
    if (Date.now() - claimedAt + sendTimeoutMs > leaseMs) {
      // Too little lease left to send this one before another worker may take it: hand it back
      // unattempted rather than risk a second copy.
      await db
        .update(emailOutbox)
        .set({ attempts: message.attempts - 1, nextAttemptAt: sql`now()` })
        .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts)));
      continue;
    }
    if (message.attempts > MAX_ATTEMPTS) {
      // Claimed MAX_ATTEMPTS times without a result: every worker that took it stopped mid-send.
      if (
        await recordMailAttempt(db, message, {
          status: "failed",
          lastError: "the worker stopped while sending, every attempt",
        })
      ) {
        failed++;
      }
      continue;
    }
    // Committed before the first byte goes to the mail server: a worker killed after this point
    // may have delivered the message.
    if (!(await startHandover(db, message))) continue;
    try {
      await withTimeout(
        transport.send({
          from: options.from,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          messageId: outboxMessageId(message.id, options.from),
          headers: message.headers ?? undefined,
          attachments: message.attachments?.map(({ contentBase64, ...attachment }) => ({
            ...attachment,
            content: Buffer.from(contentBase64, "base64"),
          })),
        }),
        sendTimeoutMs,
      );
      if (await recordMailAttempt(db, message, { status: "sent", sentAt: new Date(), lastError: null }))
        sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // An answer that never came may be a delivered message: a newsletter mail is not retried
      // then (at most once per subscriber); an error the server or transport answered is.
      const uncertain = error instanceof SendTimeout && message.campaignId !== null;
      const giveUp = message.attempts >= MAX_ATTEMPTS || uncertain;
      const recorded = await recordMailAttempt(db, message, {
        status: giveUp ? "failed" : "queued",
        lastError: (uncertain ? `${reason}; ${INTERRUPTED_HANDOVER_ERROR}` : reason).slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        handedOverAt: null,
      });
      if (recorded) {
        log()[giveUp ? "error" : "warn"](
          { subject: message.subject, to: message.to, attempt: message.attempts, of: MAX_ATTEMPTS, reason },
          giveUp ? "mail: sending failed; giving up" : "mail: sending failed; will retry",
        );
        failed++;
      }
    }
  }
  // The admin's outbox view follows deliveries live.
  if (sent + failed > 0) await notifyChange(db, "outbox");
  return { sent, failed };
}

/** Puts failed messages back in the queue, due now, with a fresh count of attempts: the one with
 * `id`, or every failed one in a single statement. Returns how many were put back. */
async function requeueFailedMail(db: Db, id?: string) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: sql`now()`, attempts: 0, handedOverAt: null })
      .where(and(eq(emailOutbox.status, "failed"), id === undefined ? undefined : eq(emailOutbox.id, id)))
      .returning({ id: emailOutbox.id });
    if (updated.length > 0) await notifyChange(tx, "outbox");
    return updated.length;
  });
}

/** Puts one failed message back in the queue (the admin's "retry"); false if it had not failed. */
export async function retryMail(db: Db, id: string) {
  return (await requeueFailedMail(db, id)) > 0;
}

/** Puts every failed message back in the queue (the admin's "retry all"). */
export async function retryAllFailedMail(db: Db) {
  return requeueFailedMail(db);
}

/** The in-process worker: polls the outbox and delivers what is due. Scheduled work that queues
 * mail (reminders, housekeeping) is app/jobs/scheduled-work.server.ts: mail is a leaf. */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  leaseMs?: number;
}) {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const tick = async () => {
    try {
      // A full batch means more is due: the next one follows at once, within this round, so a
      // backlog (a burst of enrolments, the mail of an instance that died) drains at the mail
      // server's pace rather than a batch per poll.
      for (let batch = 0; batch < MAX_BATCHES_PER_ROUND && !stopped; batch++) {
        const { sent, failed } = await deliverDueMail(options.db, options.transport, {
          from: options.from,
          leaseMs: options.leaseMs,
        });
        if (sent + failed < BATCH_SIZE) break;
      }
    } catch (error) {
      log().error({ err: error }, "mail worker: a round failed");
    }
  };
  const timer = setInterval(() => {
    // One round at a time: a slow mail server must not pile rounds up behind it.
    if (stopped || running) return;
    running = tick().finally(() => {
      running = undefined;
    });
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
