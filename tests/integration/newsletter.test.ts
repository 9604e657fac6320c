import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { createMailTransport, type MailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import {
  confirmNewsletterSubscription,
  getNewsletterSubscriptionByToken,
  listNewsletterSubscribers,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/models/newsletter.server";
import { action as subscribeAction } from "~/routes/api/newsletter";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";

describe("newsletter with double opt-in", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sink: SmtpSink;
  let transport: MailTransport;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
  });
  afterAll(async () => {
    transport.close();
    await sink.close();
  });

  const deliver = () => deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
  const rowOf = async (email: string) =>
    (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`${APP_URL}${path}\\?token=([\\w-]+)`).exec(text);
    expect(match, `${path} link in:\n${text}`).not.toBeNull();
    return match![1]!;
  };

  it("stores a new address as pending and mails a confirmation link and an unsubscribe link", async () => {
    const email = "lan.nguyen@example.com";
    expect(
      await subscribeToNewsletter(database.db, {
        email: " Lan.Nguyen@Example.com ",
        language: "vi",
        appUrl: APP_URL,
      }),
    ).toEqual({ mailQueued: true });
    const row = await rowOf(email);
    expect(row).toMatchObject({ status: "pending", language: "vi", confirmedAt: null });
    expect(row!.token).toMatch(/^[\w-]{43}$/);

    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Xác nhận đăng ký nhận tin từ Lernhaus");
    expect(linkIn(mail.text, "/newsletter/confirm")).toBe(row!.token);
    expect(linkIn(mail.text, "/newsletter/unsubscribe")).toBe(row!.token);
    expect(mail.html).toContain(`href="${APP_URL}/newsletter/confirm?token=${row!.token}"`);

    // The link confirms.
    expect(await getNewsletterSubscriptionByToken(database.db, row!.token)).toEqual({
      email,
      status: "pending",
    });
    expect(await confirmNewsletterSubscription(database.db, row!.token)).toBe("confirmed");
    expect(await rowOf(email)).toMatchObject({ status: "confirmed" });
    expect((await rowOf(email))!.confirmedAt).toBeInstanceOf(Date);
    // Twice is harmless.
    expect(await confirmNewsletterSubscription(database.db, row!.token)).toBe("confirmed");
  });

  it("writes the mail in the subscriber's language", async () => {
    const email = "jonas@example.de";
    await subscribeToNewsletter(database.db, { email, language: "de", appUrl: APP_URL });
    await deliver();
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Bestätigen Sie Ihr Lernhaus-Newsletter-Abonnement");
    expect(mail.text).toContain("Hier abmelden:");
  });

  it("treats a duplicate as no error: one row, the same answer, no mail to a confirmed address", async () => {
    const email = "duplicate@example.com";
    await subscribeToNewsletter(database.db, { email, language: "vi", appUrl: APP_URL });
    const first = await rowOf(email);
    // Still pending: the confirmation is sent again, with the same link.
    expect(
      await subscribeToNewsletter(database.db, {
        email: "DUPLICATE@example.com",
        language: "vi",
        appUrl: APP_URL,
      }),
    ).toEqual({ mailQueued: true });
    expect((await rowOf(email))!.token).toBe(first!.token);
    await confirmNewsletterSubscription(database.db, first!.token);
    expect(await subscribeToNewsletter(database.db, { email, language: "vi", appUrl: APP_URL })).toEqual({
      mailQueued: false,
    });
    const rows = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("confirmed");
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails).toHaveLength(2);
  });

  it("survives simultaneous subscriptions of one address", async () => {
    const email = "race@example.com";
    await Promise.all(
      Array.from({ length: 4 }, () =>
        subscribeToNewsletter(database.db, { email, language: "vi", appUrl: APP_URL }),
      ),
    );
    const rows = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  it("unsubscribes through the link; an old confirmation link does not bring the address back", async () => {
    const email = "leaving@example.com";
    await subscribeToNewsletter(database.db, { email, language: "vi", appUrl: APP_URL });
    const { token } = (await rowOf(email))!;
    await confirmNewsletterSubscription(database.db, token);
    expect(await unsubscribeFromNewsletter(database.db, token)).toBe("unsubscribed");
    expect(await rowOf(email)).toMatchObject({ status: "unsubscribed" });
    expect(await confirmNewsletterSubscription(database.db, token)).toBe("unsubscribed");
    expect((await rowOf(email))!.status).toBe("unsubscribed");

    // Subscribing again starts a new opt-in with a new link.
    await subscribeToNewsletter(database.db, { email, language: "en", appUrl: APP_URL });
    const again = (await rowOf(email))!;
    expect(again).toMatchObject({ status: "pending", language: "en", unsubscribedAt: null });
    expect(again.token).not.toBe(token);
    expect(await unsubscribeFromNewsletter(database.db, token)).toBe("invalid");
  });

  it("answers an unknown token as invalid", async () => {
    expect(await confirmNewsletterSubscription(database.db, "x".repeat(43))).toBe("invalid");
    expect(await unsubscribeFromNewsletter(database.db, "x".repeat(43))).toBe("invalid");
    expect(await getNewsletterSubscriptionByToken(database.db, "x".repeat(43))).toBeUndefined();
  });

  it("lists subscribers for the admin", async () => {
    const list = await listNewsletterSubscribers(database.db);
    expect(list.rows.map((s) => s.email)).toContain("lan.nguyen@example.com");
    expect(list.rows[0]).not.toHaveProperty("token");
    expect(list.total).toBe(list.rows.length);
    const onePerPage = await listNewsletterSubscribers(database.db, { pageSize: 1, page: 2 });
    expect(onePerPage.rows).toEqual([list.rows[1]]);
  });

  describe("the subscribe action", () => {
    const call = (
      form: Record<string, string>,
      options: { ip?: string; html?: boolean; cookie?: string } = {},
    ) => {
      const request = new Request(`${APP_URL}/api/newsletter`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: options.html ? "text/html,application/xhtml+xml" : "*/*",
          ...(options.cookie ? { Cookie: options.cookie } : {}),
        },
      });
      const context = {
        db: database.db,
        config: { APP_URL, authSecret: "secret" },
        clientIp: options.ip ?? "192.0.2.1",
      };
      return subscribeAction({ request, context, params: {} } as never) as Promise<unknown>;
    };
    const unwrap = (result: unknown) =>
      (result as { data?: unknown; init?: { status?: number } }).data !== undefined
        ? (result as { data: { outcome: string }; init: { status: number } })
        : { data: result as { outcome: string }, init: { status: 200 } };

    it("answers a fetcher with the outcome, in the visitor's language", async () => {
      const result = unwrap(await call({ email: "vy@example.com" }, { cookie: "lng=en" }));
      expect(result.data.outcome).toBe("pending");
      expect((await rowOf("vy@example.com"))!.language).toBe("en");
    });

    it("answers an invalid address with 400 and the field error", async () => {
      const result = unwrap(await call({ email: "not-an-email" }, { ip: "192.0.2.2" }));
      expect(result.init.status).toBe(400);
      expect(result.data).toMatchObject({
        outcome: "invalid",
        result: { error: { email: ["validation.email"] } },
      });
    });

    it("sends a browser without JavaScript back to its page with the outcome", async () => {
      const response = (await call(
        { email: "nojs@example.com", redirectTo: "/blog?category=grammar" },
        { html: true, ip: "192.0.2.3" },
      )) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/blog?category=grammar&newsletter=pending#newsletter");
      const invalid = (await call(
        { email: "x", redirectTo: "/blog" },
        { html: true, ip: "192.0.2.3" },
      )) as Response;
      expect(invalid.headers.get("Location")).toBe("/blog?newsletter=invalid#newsletter");
      // Never to another site.
      const away = (await call(
        { email: "nojs@example.com", redirectTo: "//evil.example/x" },
        { html: true, ip: "192.0.2.3" },
      )) as Response;
      expect(away.headers.get("Location")).toBe("/blog?newsletter=pending#newsletter");
    });

    it("is rate-limited per IP like the public forms: 30 in 10 minutes (shared IPs)", async () => {
      const ip = "192.0.2.99";
      for (let i = 0; i < 30; i++) {
        expect(unwrap(await call({ email: `r${i}@example.com` }, { ip })).data.outcome).toBe("pending");
      }
      const limited = unwrap(await call({ email: "r30@example.com" }, { ip }));
      expect(limited.init.status).toBe(429);
      expect(limited.data.outcome).toBe("limited");
      expect(await rowOf("r30@example.com")).toBeUndefined();
    });
  });
});
