// A published post sent to the newsletter from its editor (ADR 029), received in the run's SMTP
// sink by the confirmed subscribers only, each with RFC 8058 headers whose one-click URL
// unsubscribes when posted without cookies or origin. Sending reaches every confirmed
// subscriber of the school: @exclusive.
import { randomBytes } from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import { count, eq, inArray } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema";
import { createPosts, deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";
import { gotoHydrated, waitForMail } from "./forms-support";

test("@exclusive an admin sends a published post to the confirmed subscribers once; one-click unsubscribe works by POST", async ({
  page,
  context,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(4).toString("hex");
  const address = (name: string) => `${name}.${tag}@example.com`;
  const subscribers = [
    { email: address("lan"), status: "confirmed", language: "vi" },
    { email: address("jonas"), status: "confirmed", language: "de" },
    { email: address("cho"), status: "pending", language: "vi" },
    { email: address("di"), status: "unsubscribed", language: "vi" },
  ].map((row) => ({ ...row, token: `e2e-${randomBytes(16).toString("hex")}` }));
  await database.db.insert(newsletterSubscribers).values(subscribers);
  const [post] = await createPosts(database, [
    { title: `Mẹo nghe tiếng Đức ${tag}`, excerpt: "Nghe podcast mỗi ngày." },
  ]);
  try {
    const admin = await accounts.create({ role: "admin", name: "Cô Thu Hà" });
    await accounts.signIn(context, admin);
    const [confirmed] = await database.db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed"));

    await gotoHydrated(page, `/admin/posts?dialog=edit&id=${post!.id}`);
    const editor = page.getByRole("dialog", { name: "Sửa bài viết" });
    const section = editor.getByRole("region", { name: "Bản tin" });
    await expect(section).toContainText(`${confirmed!.n} người đăng ký đã xác nhận`);
    await section.getByRole("link", { name: "Gửi cho người đăng ký" }).click();

    const dialog = page.getByRole("dialog", { name: "Gửi bài viết cho người đăng ký" });
    await expect(dialog).toContainText(`đến ${confirmed!.n} người đăng ký đã xác nhận`);
    // The mail as a Vietnamese subscriber gets it.
    const preview = dialog.getByTestId("newsletter-preview-text");
    await expect(preview).toContainText(post!.title);
    await expect(preview).toContainText("Đọc bài viết");
    await expect(dialog).toContainText(`Bài viết mới từ Lernhaus: ${post!.title}`);
    await expectAccessible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible();
    await page.setViewportSize({ width: 1366, height: 900 });

    await dialog.getByRole("button", { name: `Gửi cho ${confirmed!.n} người` }).click();
    // Back in the editor: the campaign's counts, following the outbox live.
    const counts = page.getByRole("dialog", { name: "Sửa bài viết" }).getByTestId("newsletter-counts");
    await expect(counts.locator('[data-status="sent"]')).toHaveText(String(confirmed!.n), {
      timeout: 30_000,
    });
    await expect(counts.locator('[data-status="queued"]')).toHaveText("0");
    await expect(counts.locator('[data-status="failed"]')).toHaveText("0");

    const lan = await waitForMail((mail) => mail.to.includes(address("lan")) && mail.subject.includes(tag));
    expect(lan.subject).toBe(`Bài viết mới từ Lernhaus: ${post!.title}`);
    expect(lan.text).toContain(`${baseURL}/blog/${post!.slug}`);
    expect(lan.text).toContain(`${baseURL}/newsletter/unsubscribe?token=${subscribers[0]!.token}`);
    const oneClickUrl = `${baseURL}/newsletter/unsubscribe/one-click?token=${subscribers[0]!.token}`;
    expect(lan.headers["list-unsubscribe"]).toBe(`<${oneClickUrl}>`);
    expect(lan.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const jonas = await waitForMail(
      (mail) => mail.to.includes(address("jonas")) && mail.subject.includes(tag),
    );
    expect(jonas.subject).toBe(`Neu im Lernhaus-Blog: ${post!.title}`);
    // Every confirmed mail is sent (the counts said so): the others got nothing.
    await expect(
      waitForMail((mail) => [address("cho"), address("di")].some((to) => mail.to.includes(to)), 1_000),
    ).rejects.toThrow();

    // Settings › Newsletter lists the campaign with the same counts.
    await gotoHydrated(page, "/admin/settings?tab=newsletter");
    const campaigns = page.getByRole("region", { name: "Bài viết đã gửi cho người đăng ký" });
    const row = campaigns.getByRole("row").filter({ hasText: post!.title });
    await expect(row.getByRole("cell")).toHaveText([
      post!.title,
      /\d{2}\/\d{2}\/\d{4}/,
      String(confirmed!.n),
      String(confirmed!.n),
      "0",
      "0",
    ]);
    await expectAccessible();

    // A mail program's one-click: a POST from elsewhere, no cookie, no Origin.
    const mailProgram = await playwrightRequest.newContext();
    try {
      const answer = await mailProgram.post(lan.headers["list-unsubscribe"]!.slice(1, -1), {
        form: { "List-Unsubscribe": "One-Click" },
      });
      expect(answer.status()).toBe(204);
    } finally {
      await mailProgram.dispose();
    }
    const [after] = await database.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address("lan")));
    expect(after!.status).toBe("unsubscribed");
    // Only that path goes without the cross-site check: the unsubscribe page's own form still needs it.
    const crossSite = await context.request.post(`/newsletter/unsubscribe?token=${subscribers[1]!.token}`, {
      form: { token: subscribers[1]!.token },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);

    // A second send is refused, with the reason in the dialog.
    const again = await context.request.post(`/admin/posts?dialog=edit&id=${post!.id}&kind=newsletter`, {
      form: { intent: "send-newsletter", id: post!.id },
      headers: { origin: baseURL! },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("Bài viết này đã được gửi cho người đăng ký.");
    await gotoHydrated(page, `/admin/posts?dialog=edit&id=${post!.id}&kind=newsletter`);
    const sent = page.getByRole("dialog", { name: "Gửi bài viết cho người đăng ký" });
    await expect(sent).toContainText("Đã gửi lúc");
    await expect(sent.getByRole("button", { name: /Gửi cho/ })).toHaveCount(0);
  } finally {
    await deletePosts(database, [post!.id]);
    await database.db.delete(newsletterSubscribers).where(
      inArray(
        newsletterSubscribers.email,
        subscribers.map((row) => row.email),
      ),
    );
  }
});
