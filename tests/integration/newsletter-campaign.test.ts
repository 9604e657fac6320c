// A published post sent to the newsletter (ADR 029) through the real /admin/posts route module
// and the one-click unsubscribe route: only confirmed subscribers, each in their language, with
// RFC 8058 headers, once per post even when two admins send at once, paced at the configured
// rate, and never again to an address that unsubscribed. Delivered to a real SMTP server.
import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, newsletterCampaigns, newsletterSubscribers, posts } from "~/db/schema";
import { enqueueMail } from "~/mail/outbox.server";
import { createMailTransport, type MailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import {
  getPostCampaign,
  listNewsletterCampaigns,
  sendPostToSubscribers,
} from "~/models/newsletter-campaign.server";
import { action as postsAction, loader as postsLoader } from "~/routes/admin/posts";
import { action as oneClickAction, loader as oneClickLoader } from "~/routes/api/newsletter.one-click";
import { createSessionFixture } from "../support/admin-session";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
const FROM = "Lernhaus <no-reply@lernhaus.test>";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let adminId: string;
let sink: SmtpSink;
let transport: MailTransport;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "admin");
  adminId = (await database.db.query.user.findFirst({ columns: { id: true } }))!.id;
  sink = await startSmtpSink();
  transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
});
afterAll(async () => {
  transport.close();
  await sink.close();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(newsletterCampaigns);
  await database.db.delete(newsletterSubscribers);
  await database.db.delete(posts);
  sink.messages.length = 0;
});

let serial = 0;
async function addPost(published = true) {
  serial++;
  const [post] = await database.db
    .insert(posts)
    .values({
      title: `Học tiếng Đức mỗi ngày ${serial}`,
      slug: `hoc-tieng-duc-${serial}`,
      excerpt: "Mười phút mỗi sáng là đủ.",
      content: "Nội dung.",
      category: "tips",
      author: "Biên Tập",
      published,
    })
    .returning();
  return post!;
}

/** Subscribers in every state; returns their tokens by address. */
async function addSubscribers() {
  const rows = [
    { email: "lan@example.com", status: "confirmed", language: "vi", token: "token-lan-0123456789abcdef" },
    { email: "anna@example.com", status: "confirmed", language: "en", token: "token-anna-0123456789abcdef" },
    { email: "jonas@example.de", status: "confirmed", language: "de", token: "token-jonas-0123456789abcdef" },
    { email: "pending@example.com", status: "pending", language: "vi", token: "token-pending-0123456789abc" },
    {
      email: "gone@example.com",
      status: "unsubscribed",
      language: "vi",
      token: "token-gone-0123456789abcdef",
    },
  ];
  await database.db
    .insert(newsletterSubscribers)
    .values(rows.map((row, i) => ({ ...row, confirmedAt: new Date(Date.UTC(2026, 0, 1 + i)) })));
  return Object.fromEntries(rows.map((row) => [row.email, row.token]));
}

function postAction(fields: Record<string, string>, search = "") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/posts${search}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: APP_URL },
    body,
  });
  return postsAction({ request, context: fixture.context, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const errorsOf = (result: unknown) => (result as { data?: { error?: Record<string, string[]> } }).data?.error;

/** Delivers everything queued, whenever it is due. */
async function deliverAll() {
  const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return deliverDueMail(database.db, transport, { from: FROM, now: later, batchSize: 100 });
}

const send = (postId: string, mailsPerMinute = 6000) =>
  sendPostToSubscribers(database.db, { postId, sentById: adminId, appUrl: APP_URL, mailsPerMinute });

function oneClick(
  token: string,
  body: string | undefined = "List-Unsubscribe=One-Click",
  ip = "203.0.113.7",
) {
  // As a mail provider posts it: no cookie, no Origin.
  const request = new Request(`${APP_URL}/newsletter/unsubscribe/one-click?token=${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return oneClickAction({
    request,
    context: { ...fixture.context, clientIp: ip },
    params: {},
  } as never).catch((thrown: unknown) => thrown as Response);
}

describe("sending a post to the newsletter", () => {
  it("mails each confirmed subscriber once, in their language, with one-click unsubscribe headers", async () => {
    const tokens = await addSubscribers();
    const post = await addPost();

    const answer = await postAction(
      { intent: "send-newsletter", id: post.id },
      `?dialog=edit&id=${post.id}&kind=newsletter`,
    );
    // Back to the post's editor, where the counts are.
    expect(statusOf(answer)).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe(`/admin/posts?dialog=edit&id=${post.id}`);

    const rows = await database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.nextAttemptAt));
    expect(rows.map((row) => row.to).sort()).toEqual([
      "anna@example.com",
      "jonas@example.de",
      "lan@example.com",
    ]);
    const [campaign] = await database.db.select().from(newsletterCampaigns);
    expect(campaign).toMatchObject({ postId: post.id, sentById: adminId, recipientCount: 3 });
    expect(rows.every((row) => row.campaignId === campaign!.id && row.kind === "newsletter-post")).toBe(true);

    expect(await deliverAll()).toEqual({ sent: 3, failed: 0 });
    const subjects = {
      "lan@example.com": `Bài viết mới từ Lernhaus: ${post.title}`,
      "anna@example.com": `New on the Lernhaus blog: ${post.title}`,
      "jonas@example.de": `Neu im Lernhaus-Blog: ${post.title}`,
    };
    // The visible way out leads to the unsubscribe page in the subscriber's language.
    const unsubscribePages = {
      "lan@example.com": "/newsletter/unsubscribe",
      "anna@example.com": "/en/newsletter/unsubscribe",
      "jonas@example.de": "/de/newsletter/unsubscribe",
    };
    for (const [email, subject] of Object.entries(subjects)) {
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toBe(subject);
      // The post as it is written, its link, and the visible way out with this person's token.
      expect(mail.text).toContain(post.excerpt);
      expect(mail.text).toContain(`${APP_URL}/blog/${post.slug}`);
      const unsubscribePage = unsubscribePages[email as keyof typeof unsubscribePages];
      expect(mail.text).toContain(`${APP_URL}${unsubscribePage}?token=${tokens[email]}`);
      expect(mail.html).toContain(`href="${APP_URL}/blog/${post.slug}"`);
      const header = (name: string) => mail.headers.find((h) => h.key === name.toLowerCase())?.value;
      expect(header("List-Unsubscribe")).toBe(
        `<${APP_URL}/newsletter/unsubscribe/one-click?token=${tokens[email]}>`,
      );
      expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }
    expect(sink.messages.find((m) => m.subject.includes("Neu im"))?.text).toContain("Artikel lesen");
    expect(
      sink.messages.some((m) => m.to.includes("pending@example.com") || m.to.includes("gone@example.com")),
    ).toBe(false);
    expect((await getPostCampaign(database.db, post.id))?.counts).toEqual({ queued: 0, sent: 3, failed: 0 });
  });

  it("refuses a second send of one post, also when two admins send it at the same moment", async () => {
    await addSubscribers();
    const post = await addPost();
    const results = await Promise.all([send(post.id), send(post.id), send(post.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual([
      "already-sent",
      "already-sent",
    ]);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(3);

    const again = await postAction({ intent: "send-newsletter", id: post.id });
    expect(statusOf(again)).toBe(409);
    expect(errorsOf(again)?.[""]).toEqual(["admin-posts:newsletter.refused.alreadySent"]);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(3);
  });

  it("sends only a published post, and only to somebody", async () => {
    const draft = await addPost(false);
    const published = await addPost();
    expect(await send(published.id)).toEqual({ ok: false, reason: "no-subscribers" });
    await addSubscribers();
    const refused = await postAction({ intent: "send-newsletter", id: draft.id });
    expect(statusOf(refused)).toBe(409);
    expect(errorsOf(refused)?.[""]).toEqual(["admin-posts:newsletter.refused.notPublished"]);
    expect(await send("00000000-0000-4000-8000-000000000000")).toEqual({ ok: false, reason: "not-found" });
    expect(await database.db.select().from(newsletterCampaigns)).toHaveLength(0);
    // Refused for nobody, the post can be sent once somebody confirmed.
    expect(await send(published.id)).toMatchObject({ ok: true, recipients: 3 });
  });

  it("spreads the mails at the configured rate, and an enrolment's mail does not wait behind them", async () => {
    await addSubscribers();
    const post = await addPost();
    await send(post.id, 2); // 30 s apart
    const due = (
      await database.db
        .select({ at: emailOutbox.nextAttemptAt })
        .from(emailOutbox)
        .orderBy(asc(emailOutbox.nextAttemptAt))
    ).map((row) => row.at.getTime());
    expect(due[1]! - due[0]!).toBe(30_000);
    expect(due[2]! - due[1]!).toBe(30_000);

    await enqueueMail(database.db, {
      kind: "enrollment-confirmation",
      to: "hoc.vien@example.com",
      subject: "Đăng ký",
      text: "x",
    });
    // A few seconds later: the first campaign mail and the enrolment's are due, the others not.
    const soon = new Date(due[0]! + 5_000);
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: soon })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual(["hoc.vien@example.com", "lan@example.com"]);
    expect((await getPostCampaign(database.db, post.id))?.counts).toEqual({ queued: 2, sent: 1, failed: 0 });
  });

  it("writes twenty thousand mails in one statement, each with its own token, and falls back to Vietnamese", async () => {
    await database.db.execute(sql`
      insert into newsletter_subscribers (email, status, language, token, confirmed_at)
      select 'many' || n || '@example.com', 'confirmed', (array['vi', 'en', 'de', 'fr'])[1 + n % 4],
        'bulk-token-' || lpad(n::text, 10, '0'), now()
      from generate_series(1, 20000) as n`);
    const post = await addPost();
    const started = Date.now();
    expect(await send(post.id)).toMatchObject({ ok: true, recipients: 20_000 });
    // One statement, no addresses through Node: well within a request's time on a small machine.
    expect(Date.now() - started).toBeLessThan(15_000);
    const [check] = (
      await database.db.execute<{ own: number; french: number; vietnamese: number }>(sql`
        select count(*) filter (where o.text like '%token=' || s.token || '%'
                                  and o.headers->>'List-Unsubscribe' like '%token=' || s.token || '>')::int as own,
               count(*) filter (where s.language = 'fr')::int as french,
               count(*) filter (where s.language = 'fr' and o.subject like 'Bài viết mới%')::int as vietnamese
        from email_outbox o join newsletter_subscribers s on s.email = o."to"`)
    ).rows;
    expect(check).toEqual({ own: 20_000, french: 5_000, vietnamese: 5_000 });
  });

  it("counts failed mails of the campaign", async () => {
    await addSubscribers();
    const post = await addPost();
    await send(post.id);
    const [first] = await database.db.select().from(emailOutbox).limit(1);
    await database.db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, first!.id));
    expect((await getPostCampaign(database.db, post.id))?.counts).toEqual({ queued: 2, sent: 0, failed: 1 });
    // Settings › Newsletter lists the campaigns with the same counts; a campaign without mails left
    // (all delivered and deleted by retention) counts nothing.
    const older = await addPost();
    await database.db.insert(newsletterCampaigns).values({
      postId: older.id,
      sentById: adminId,
      recipientCount: 5,
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    });
    expect(await listNewsletterCampaigns(database.db)).toMatchObject([
      { postId: post.id, title: post.title, recipientCount: 3, queued: 2, sent: 0, failed: 1 },
      { postId: older.id, recipientCount: 5, queued: 0, sent: 0, failed: 0 },
    ]);
  });

  it("shows the send dialog with the confirmed count and the mail in Vietnamese", async () => {
    await addSubscribers();
    const post = await addPost();
    const request = new Request(`${APP_URL}/admin/posts?dialog=edit&id=${post.id}&kind=newsletter`, {
      headers: { cookie: adminCookie },
    });
    const page = await postsLoader({ request, context: fixture.context, params: {} } as never);
    expect(page.newsletter).toMatchObject({ confirmed: 3, campaign: null });
    expect(page.newsletter?.preview?.subject).toBe(`Bài viết mới từ Lernhaus: ${post.title}`);
    expect(page.newsletter?.preview?.text).toContain("Đọc bài viết");
    // The subscriber's own token stands as "…".
    expect(page.newsletter?.preview?.text).toContain(`${APP_URL}/newsletter/unsubscribe?token=…`);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("unsubscribes on a POST without cookie or origin, and drops that person's unsent campaign mails", async () => {
    const tokens = await addSubscribers();
    const post = await addPost();
    await send(post.id, 1);
    // Jonas's mail failed for good; Anna's too, which the outbox's "retry all" must not revive.
    await database.db
      .update(emailOutbox)
      .set({ status: "failed" })
      .where(inArray(emailOutbox.to, ["anna@example.com", "jonas@example.de"]));

    const answer = await oneClick(tokens["anna@example.com"]!);
    expect(answer.status).toBe(204);
    const [anna] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "anna@example.com"));
    expect(anna).toMatchObject({ status: "unsubscribed" });
    // Her mail of the campaign is gone; the others' are as they were.
    const left = await database.db
      .select({ to: emailOutbox.to, status: emailOutbox.status })
      .from(emailOutbox)
      .where(isNotNull(emailOutbox.campaignId))
      .orderBy(asc(emailOutbox.to));
    expect(left).toEqual([
      { to: "jonas@example.de", status: "failed" },
      { to: "lan@example.com", status: "queued" },
    ]);
    // Twice is harmless.
    expect((await oneClick(tokens["anna@example.com"]!)).status).toBe(204);

    // The next post never reaches her.
    const next = await addPost();
    expect(await send(next.id)).toMatchObject({ ok: true, recipients: 2 });
    await deliverAll();
    expect(sink.messages.some((m) => m.to.includes("anna@example.com"))).toBe(false);
  });

  it("needs a valid token and RFC 8058's body", async () => {
    const tokens = await addSubscribers();
    expect((await oneClick("token-nobody-has-this-0123456")).status).toBe(404);
    expect((await oneClick("x")).status).toBe(400);
    expect((await oneClick(tokens["lan@example.com"]!, "")).status).toBe(400);
    expect((await oneClick(tokens["lan@example.com"]!, "List-Unsubscribe=Yes")).status).toBe(400);
    const [lan] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "lan@example.com"));
    expect(lan!.status).toBe("confirmed");
  });

  it("limits posts per address", async () => {
    const ip = "198.51.100.99";
    for (let i = 0; i < 120; i++)
      expect((await oneClick("token-nobody-has-this-0123456", undefined, ip)).status).toBe(404);
    const refused = await oneClick("token-nobody-has-this-0123456", undefined, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("sends a GET of the link to the unsubscribe page, which unsubscribes nobody by itself", async () => {
    const tokens = await addSubscribers();
    const request = new Request(
      `${APP_URL}/newsletter/unsubscribe/one-click?token=${tokens["lan@example.com"]}`,
    );
    const answer = (await oneClickLoader({
      request,
      context: fixture.context,
      params: {},
    } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/newsletter/unsubscribe?token=${tokens["lan@example.com"]}`);
    const [lan] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "lan@example.com"));
    expect(lan!.status).toBe("confirmed");
  });
});
