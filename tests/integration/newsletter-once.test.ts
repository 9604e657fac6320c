// Each subscriber gets a campaign's mail at most once, whichever instance dies at whichever step
// (ADR 038): the campaign's outbox rows are unique per (campaign, subscriber), and an instance
// killed while handing a mail to the mail server leaves it marked, so another instance never
// sends it a second time. Instances here are deliverDueMail runs: a killed one loses its database
// handle at the chosen step (every later statement fails, as for a dead process) and never
// records anything more; a healthy one takes over once the dead one's lease has run out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { emailOutbox, newsletterSubscribers, posts, user } from "~/db/schema";
import { createMailTransport, type MailTransport } from "~/mail/transport.server";
import { claimDueMail, deliverDueMail, INTERRUPTED_HANDOVER_ERROR } from "~/mail/worker.server";
import { newsletterOnceKeyPrefix, sendPostToSubscribers } from "~/models/newsletter-campaign.server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const FROM = "Lernhaus <no-reply@lernhaus.test>";
const LEASE_MS = 60_000;
const SUBSCRIBERS = 6;
/** The mail (by position in the batch) at which the instance dies. */
const VICTIM = 2;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sink: SmtpSink;
let smtp: MailTransport;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  smtp = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
  await database.db.insert(user).values({ id: "admin-1", name: "Cô Mai", email: "co.mai@lernhaus.test" });
});

afterAll(async () => {
  smtp.close();
  await sink.close();
});

let serial = 0;
/** A new campaign to SUBSCRIBERS new confirmed subscribers; returns their addresses. */
async function newCampaign() {
  serial++;
  await database.db.delete(emailOutbox);
  await database.db.update(newsletterSubscribers).set({ status: "unsubscribed" });
  const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `s${serial}-${i}@example.test`);
  await database.db.insert(newsletterSubscribers).values(
    emails.map((email, i) => ({
      email,
      status: "confirmed",
      token: `token-${serial}-${i}-0123456789abcdef`,
      confirmedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
  const [post] = await database.db
    .insert(posts)
    .values({
      title: `Bài ${serial}`,
      slug: `bai-${serial}`,
      excerpt: "Tóm tắt.",
      content: "Nội dung.",
      category: "tips",
      author: "Biên Tập",
      published: true,
    })
    .returning();
  const sent = await sendPostToSubscribers(database.db, {
    postId: post!.id,
    sentById: "admin-1",
    appUrl: "https://lernhaus.test",
    mailsPerMinute: 100_000,
  });
  expect(sent).toMatchObject({ ok: true, recipients: SUBSCRIBERS });
  return emails;
}

/** A database handle that dies with its instance: after `kill()`, every statement fails. */
function mortalDb() {
  let dead = false;
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (dead) throw new Error("the instance was killed");
      return Reflect.get(target, property, receiver);
    },
  }) as Db;
  return { db, kill: () => (dead = true) };
}

type Step = "after claiming" | "before the mail server" | "after the mail server, before recording";

/** One instance that sends the batch in order and dies at `step` of its `victim`-th mail. */
async function runInstanceKilledAt(step: Step, victim = VICTIM) {
  if (step === "after claiming") {
    // It claims the whole batch and dies before handing any of it over.
    await claimDueMail(database.db, { limit: SUBSCRIBERS, leaseMs: LEASE_MS });
    return;
  }
  const instance = mortalDb();
  let position = 0;
  const transport: MailTransport = {
    async send(message) {
      const current = position++;
      if (current === victim && step === "before the mail server") {
        instance.kill();
        throw new Error("killed");
      }
      await smtp.send(message);
      if (current === victim) {
        instance.kill();
        throw new Error("killed");
      }
    },
    close() {},
  };
  await expect(
    deliverDueMail(instance.db, transport, { from: FROM, leaseMs: LEASE_MS, batchSize: SUBSCRIBERS }),
  ).rejects.toThrow("killed");
}

/** Two healthy instances at once, after the dead one's lease, until nothing is due. */
async function takeOver() {
  const later = new Date(Date.now() + LEASE_MS + 1_000);
  for (let round = 0; round < 5; round++) {
    const results = await Promise.all(
      [0, 1].map(() => deliverDueMail(database.db, smtp, { from: FROM, now: later, leaseMs: LEASE_MS })),
    );
    if (results.every(({ sent, failed }) => sent + failed === 0)) break;
  }
}

const copiesTo = (email: string) => sink.messages.filter((mail) => mail.to.includes(email)).length;

describe("a newsletter campaign", () => {
  it("has one outbox row per subscriber: the database refuses a second", async () => {
    const emails = await newCampaign();
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.map((row) => row.to).sort()).toEqual([...emails].sort());
    const [row] = rows;
    expect(row!.onceKey?.startsWith(newsletterOnceKeyPrefix(row!.campaignId!))).toBe(true);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
    await expect(database.db.insert(emailOutbox).values(copy)).rejects.toThrow(/once_key|duplicate/);
  });

  for (const step of [
    "after claiming",
    "before the mail server",
    "after the mail server, before recording",
  ] as const) {
    it(`reaches each subscriber at most once when an instance is killed ${step}`, async () => {
      const emails = await newCampaign();
      await runInstanceKilledAt(step);
      await takeOver();
      await new Promise((resolve) => setTimeout(resolve, 200)); // a second copy would be here now

      const rows = await database.db.select().from(emailOutbox);
      for (const email of emails) {
        const row = rows.find((candidate) => candidate.to === email)!;
        const copies = copiesTo(email);
        expect(copies, email).toBeLessThanOrEqual(1);
        // Nothing left hanging: each mail is sent, or failed saying why it was not sent again.
        if (row.status === "sent") expect(copies, email).toBe(1);
        else expect(row, email).toMatchObject({ status: "failed", lastError: INTERRUPTED_HANDOVER_ERROR });
      }
      // The batch's order is not the list's: the victim is whichever mail it was handing over.
      const victim = rows.find((row) => row.status !== "sent")?.to ?? "";
      const victimRow = rows.find((row) => row.to === victim);
      if (step === "after claiming") {
        // Never handed over: sent by the instance that took over, exactly once.
        expect(emails.map(copiesTo)).toEqual(emails.map(() => 1));
      } else {
        // Perhaps with the mail server: not sent again, and shown as failed for the admin.
        expect(victimRow?.status).toBe("failed");
        expect(rows.filter((row) => row.status === "failed")).toHaveLength(1);
        expect(copiesTo(victim)).toBe(step === "before the mail server" ? 0 : 1);
        expect(emails.filter((email) => email !== victim).map(copiesTo)).toEqual(
          emails.filter((email) => email !== victim).map(() => 1),
        );
      }
    });
  }

  it("still sends other mail again when its instance died handing it over (at least once)", async () => {
    await database.db.delete(emailOutbox);
    const [row] = await database.db
      .insert(emailOutbox)
      .values({ kind: "test", to: "lan@example.test", subject: "Xác nhận", text: "Chào Lan" })
      .returning();
    await runInstanceKilledAt("before the mail server", 0);
    await takeOver();
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: "sent", handedOverAt: expect.any(Date) });
    expect(copiesTo("lan@example.test")).toBe(1);
  });
});
