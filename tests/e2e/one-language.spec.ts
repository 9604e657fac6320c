// One language per page (ADR 023): every public and admin page, every admin dialog and both
// success screens, rendered in Vietnamese, show no text of the English catalogue (apart from
// names and loanwords: tests/support/same-as-english.ts) — as text, label, placeholder or title.
import type { Page } from "@playwright/test";
import { untranslatedEnglish } from "../support/same-as-english";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  resetFormLimits,
  uniqueEmail,
  uniquePhone,
  waitForHydratedForm,
  waitOutMinimumFillTime,
} from "./forms-support";

// Mails are written in their recipient's language (ADR 006), and the admin's outbox lists their
// subjects as they were sent: the mail texts are data on these pages, not their interface.
const english = untranslatedEnglish("vi", (key) => !/:mail\./.test(key));
const englishTexts = new Set([...english].filter((text) => !text.includes("{{")));
// "Welcome back, {{name}}" is shown as "Welcome back, Cô Hạnh", "{{count}} enrolment" as "1
// enrolment" (a number, so that the pattern does not take in any text ending in "enrolment").
const englishPatterns = [...english]
  .filter((text) => text.includes("{{"))
  .map((text) => {
    const parts = text.split(/(\{\{[^}]*\}\})/).map((part) => {
      if (part === "{{count}}") return "\\d[\\d.,]*";
      if (part.startsWith("{{")) return ".+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
    return new RegExp(`^${parts.join("")}$`, "s");
  });

/** What a person sees or hears on the page: text, the labels, placeholders and titles of shown
 * elements, the options of shown selects, and the document's title. */
function shownTexts(page: Page) {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const add = (text: string | null | undefined) => {
      const trimmed = text?.replace(/\s+/g, " ").trim();
      if (trimmed) texts.add(trimmed);
    };
    const shown = (element: Element) => {
      const select = element.closest("select");
      return (select ?? element).checkVisibility();
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest("script, style, template") && shown(parent)) add(node.textContent);
    }
    for (const element of document.body.querySelectorAll("[placeholder], [aria-label], [title], [alt]")) {
      if (!shown(element)) continue;
      for (const name of ["placeholder", "aria-label", "title", "alt"]) add(element.getAttribute(name));
    }
    add(document.title);
    return [...texts];
  });
}

async function expectVietnamese(page: Page, path?: string) {
  if (path) await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const texts = await shownTexts(page);
  const inEnglish = texts.filter(
    (text) => englishTexts.has(text) || englishPatterns.some((p) => p.test(text)),
  );
  expect(inEnglish, `English on ${page.url()}`).toEqual([]);
}

/** The first link on the page whose address matches, e.g. the first course's detail page. */
async function firstLink(page: Page, selector: string) {
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, selector).toBeTruthy();
  return href!;
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "lng", value: "vi", url: baseURL! }]);
});

test.describe("public pages in Vietnamese", () => {
  test("the site's pages, a course, an article and the empty and error states", async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of [
      "/",
      "/about",
      "/schedule",
      "/enroll",
      "/contact",
      "/privacy",
      "/blog?q=khongcobaivietnaoday",
      "/newsletter/confirm?token=forged",
      "/newsletter/unsubscribe?token=forged",
      "/khong-ton-tai",
    ]) {
      await expectVietnamese(page, path);
    }
    await expectVietnamese(page, "/courses");
    await expectVietnamese(page, await firstLink(page, 'main a[href^="/courses/"]'));
    await expectVietnamese(page, "/blog");
    await expectVietnamese(page, await firstLink(page, 'main a[href^="/blog/"]:not([href$=".xml"])'));
  });

  test("the sign-in pages and a user's account pages", async ({ page, context, accounts }) => {
    for (const path of [
      "/login",
      "/signup",
      "/forgot-password",
      "/reset-password?token=forged",
      "/verify-email?token=forged",
    ]) {
      await expectVietnamese(page, path);
    }
    await accounts.signIn(context, await accounts.create());
    await expectVietnamese(page, "/profile");
    await expectVietnamese(page, "/profile/erase");
  });

  test("the enrolment and contact success screens", async ({ page, database, expectAccessible }) => {
    await resetFormLimits(database);
    await page.goto("/enroll");
    await waitForHydratedForm(page, "enrollment");
    await page.getByLabel("Họ và tên").fill("Nguyễn Thị Lan");
    await page.getByLabel("Số điện thoại").fill(uniquePhone("+84 "));
    await page.getByLabel("Email").fill(uniqueEmail("lan.language"));
    await page.getByLabel("Khóa học quan tâm").selectOption({ index: 1 });
    await page.getByLabel("Lịch học mong muốn").selectOption({ index: 1 });
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expectSubmitted(page, "Đăng ký thành công!");
    await expectVietnamese(page);
    await expectAccessible();

    await page.goto("/contact");
    await waitForHydratedForm(page, "contact");
    await page.getByLabel("Họ và tên").fill("Trần Minh");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("minh.language"));
    await page.getByLabel("Số điện thoại").fill(uniquePhone());
    await page.getByLabel("Chủ đề").selectOption({ index: 1 });
    await page.getByLabel("Nội dung câu hỏi").fill("Lớp tối có còn chỗ không?");
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
    await expectSubmitted(page, "Cảm ơn bạn đã liên hệ!");
    await expectVietnamese(page);
  });
});

/** An admin page, then each kind of dialog or detail panel its links open (one of each); how
 * many kinds it opened. */
async function expectVietnameseWithDialogs(page: Page, path: string) {
  await expectVietnamese(page, path);
  const hrefs = await page
    .locator('#main a[href*="dialog="], #main a[href*="?id="], #main a[href*="&id="]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  const seen = new Set<string>();
  for (const href of hrefs) {
    const params = new URL(href, "http://x").searchParams;
    const kind = `${params.get("dialog") ?? "detail"} ${params.get("kind") ?? ""}`;
    if (seen.has(kind)) continue;
    seen.add(kind);
    await page.goto(new URL(href, page.url()).toString());
    await expectVietnamese(page);
  }
  return seen.size;
}

test.describe("admin pages in Vietnamese", () => {
  const groups: Record<string, string[]> = {
    overview: ["/admin", "/admin/analytics", "/admin/profile"],
    students: ["/admin/students"],
    payments: ["/admin/payments"],
    messages: ["/admin/messages"],
    courses: ["/admin/courses"],
    placement: ["/admin/placement-test"],
    trials: ["/admin/trials", "/admin/trials?tab=sessions"],
    workspace: ["/admin/my-classes"],
    posts: ["/admin/posts"],
    about: ["general", "stats", "team", "values", "milestones", "testimonials"].map(
      (tab) => `/admin/about?tab=${tab}`,
    ),
    settings: [
      ...["contact", "home", "payment", "trial", "users", "outbox", "newsletter"].map(
        (tab) => `/admin/settings?tab=${tab}`,
      ),
      "/admin/settings/audit",
      "/admin/settings/erase",
      "/admin/settings/security",
    ],
  };
  for (const [group, paths] of Object.entries(groups)) {
    test(`${group}, with every dialog and detail panel`, async ({ page, context, accounts, database }) => {
      test.setTimeout(60_000);
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      // An enrolment and a message of its own, so that the detail panels have one to show.
      if (group === "students" || group === "messages") {
        await resetFormLimits(database);
        const person = { email: uniqueEmail(`language.${group}`), phone: uniquePhone() };
        const response =
          group === "students"
            ? await page.request.post("/api/email/enrollment", {
                data: { ...person, fullName: "Lê Văn Hùng", course: "a1", schedule: "morning" },
              })
            : await page.request.post("/api/email/contact", {
                data: { ...person, name: "Lê Văn Hùng", subject: "other", message: "Cho tôi hỏi lịch học." },
              });
        expect(response.status()).toBe(200);
      }
      let opened = 0;
      for (const path of paths) opened += await expectVietnameseWithDialogs(page, path);
      // The lists' add, edit and delete dialogs and the detail panels were among them (the
      // workspace has none: its classes are pages of their own).
      if (!["overview", "settings", "workspace"].includes(group)) expect(opened).toBeGreaterThan(0);
    });
  }
});
