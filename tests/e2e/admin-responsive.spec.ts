// Every admin page and every dialog its links open, on a phone (390×844) and a laptop (1366×900),
// in each interface language: nothing scrolls sideways, the page's primary action can be reached,
// a dialog's Save stays in view without scrolling, each chart shows its latest week, and the
// students filters fold behind a button on a phone. The checks are soft: one run lists every page
// and dialog that fails. Each page is opened once and checked at both sizes (the window resized
// in between): the layout is CSS alone (no script reads the window's size), so a resized page
// lays out as one opened at that size, and half the page loads are saved.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { courseClasses } from "~/db/schema";
import { expect, test } from "./fixtures";
import { resetFormLimits, uniqueEmail, uniquePhone } from "./forms-support";

const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1366, height: 900 },
};
const languages = ["vi", "en", "de"] as const;
/** The students filters' fold button with two filters applied, in each language. */
const filtersButton = { vi: "Bộ lọc (2)", en: "Filters (2)", de: "Filter (2)" };

const adminPages = [
  "/admin",
  "/admin/students",
  "/admin/courses",
  "/admin/classes",
  "/admin/placement-test",
  "/admin/trials",
  "/admin/my-classes",
  "/admin/trials?tab=sessions",
  ...["general", "stats", "team", "values", "milestones", "testimonials"].map(
    (tab) => `/admin/about?tab=${tab}`,
  ),
  "/admin/posts",
  "/admin/payments",
  "/admin/analytics",
  "/admin/messages",
  "/admin/profile",
  ...["contact", "home", "payment", "trial", "users", "outbox", "newsletter"].map(
    (tab) => `/admin/settings?tab=${tab}`,
  ),
  "/admin/settings/audit",
  "/admin/settings/erase",
  "/admin/settings/security",
];

/** The page's address and the window's size, for the soft checks' messages. */
const where = (page: Page) => `${page.url()} at ${page.viewportSize()?.width} px`;

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(widths.scroll, `page width of ${where(page)}`).toBeLessThanOrEqual(widths.inner);
}

/** The page's primary action: its first control in the primary button style (ui/button.tsx).
 * Scrolled to, it shows whole: nothing clips it sideways. */
async function expectPrimaryActionReachable(page: Page) {
  const primary = page
    .locator('#main :is(a, button)[class*="bg-blue-700"]')
    .filter({ visible: true })
    .first();
  if ((await primary.count()) === 0) return;
  await primary.scrollIntoViewIfNeeded();
  await expect.soft(primary, `primary action of ${where(page)}`).toBeInViewport({ ratio: 1 });
}

/** Each chart's last label (the latest week, the last category) lies whole inside the chart's box
 * and the window, as the page opens. */
async function expectChartsShowTheirEnd(page: Page) {
  const charts = page.locator('#main section > [aria-hidden="true"]');
  expect(await charts.count()).toBeGreaterThan(0);
  const clipped = await charts.evaluateAll((boxes) =>
    boxes.flatMap((box) => {
      const labels = [...box.querySelectorAll("span")].filter((span) => span.textContent?.trim());
      const last = labels.at(-1);
      if (!last) return [];
      const outer = box.getBoundingClientRect();
      const label = last.getBoundingClientRect();
      const inside =
        label.left >= outer.left - 0.5 &&
        label.right <= outer.right + 0.5 &&
        label.right <= window.innerWidth &&
        label.left >= 0;
      const region = box.closest("section")?.getAttribute("aria-labelledby");
      return inside
        ? []
        : [
            `${region}: "${last.textContent}" at ${label.left}–${label.right}, box ${outer.left}–${outer.right}`,
          ];
    }),
  );
  expect.soft(clipped, `clipped chart labels on ${where(page)}`).toEqual([]);
}

/** On a phone the students filters fold behind a button naming how many apply; it opens with the
 * keyboard. On a laptop the form shows as it is, with no button. */
async function expectStudentFilters(page: Page, phone: boolean, label: string) {
  await page.goto("/admin/students?status=new&course=a1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const search = page.getByRole("searchbox");
  const toggle = page.locator("#main summary");
  if (!phone) {
    await expect(search).toBeVisible();
    await expect(toggle).toBeHidden();
    return;
  }
  await expect(toggle).toHaveText(label);
  await expect(search).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(search).toBeVisible();
  await expect(page.getByRole("search").getByRole("combobox").first()).toBeInViewport();
}

/** The address of one dialog or detail panel of each kind that the page's links open: the one
 * about `ownId` where there is one. Other tests share this server and change their records (a
 * payment confirmed elsewhere no longer opens its dialog); this test's own enrolment stays put. */
async function dialogLinks(page: Page, ownId: string) {
  const hrefs = await page
    .locator('#main a[href*="dialog="], #main a[href*="?id="], #main a[href*="&id="]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  const byKind = new Map<string, string>();
  for (const href of hrefs) {
    const params = new URL(href, "http://x").searchParams;
    const kind = `${params.get("dialog") ?? "detail"} ${params.get("kind") ?? ""}`;
    if (!byKind.has(kind) || params.get("id") === ownId)
      byKind.set(kind, new URL(href, page.url()).toString());
  }
  return [...byKind.values()];
}

/** An open dialog: no sideways scroll, and the submit button of its last form (Save, Delete) in
 * view at once, without scrolling the dialog. */
async function expectDialogUsable(page: Page) {
  const dialog = page.locator("dialog[open]");
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  const width = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect.soft(width, `dialog of ${where(page)} scrolls sideways`).toBeLessThanOrEqual(0);
  const forms = dialog.locator("form");
  if ((await forms.count()) !== 1) return;
  const submit = forms.locator('button[type="submit"]').last();
  await expect.soft(submit, `Save of ${where(page)}`).toBeInViewport({ ratio: 1 });
}

/** Runs `check` at each size, the phone's first; the page stays at the laptop's size after. */
async function atEachSize(page: Page, check: (phone: boolean) => Promise<void>) {
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await check(name === "phone");
  }
}

test.describe("admin on a phone (390×844) and a laptop (1366×900)", () => {
  test.use({ viewport: viewports.phone });
  for (const language of languages) {
    test(`every page and dialog in ${language}`, async ({ page, context, accounts, baseURL, database }) => {
      test.setTimeout(240_000);
      // A learner with a long address, as real ones have: their record must not scroll sideways.
      await resetFormLimits(database);
      const enrolled = await page.request.post("/api/email/enrollment", {
        data: {
          fullName: "Nguyễn Thị Phương Thảo",
          phone: uniquePhone(),
          email: uniqueEmail("nguyen.thi.phuong.thao.hoc.tieng.duc"),
          course: "b1",
          schedule: "evening",
        },
      });
      const { id: longAddress } = (await enrolled.json()) as { id: string };
      await context.addCookies([{ name: "lng", value: language, url: baseURL! }]);
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      // A class's page in the teacher's workspace: the demo content's class under way, with its
      // sessions, attendance and materials.
      const [running] = await database.db
        .select({ id: courseClasses.id })
        .from(courseClasses)
        .where(eq(courseClasses.status, "running"))
        .limit(1);
      expect(running, "the demo content's running class").toBeDefined();
      for (const path of [...adminPages, `/admin/my-classes/${running!.id}`]) {
        await page.setViewportSize(viewports.phone);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const dialogs = await dialogLinks(page, longAddress);
        await atEachSize(page, async () => {
          await expectNoSidewaysScroll(page);
          if (path === "/admin/analytics") await expectChartsShowTheirEnd(page);
          await expectPrimaryActionReachable(page);
        });
        for (const href of dialogs) {
          await page.setViewportSize(viewports.phone);
          await page.goto(href);
          await atEachSize(page, () => expectDialogUsable(page));
        }
      }
      await page.setViewportSize(viewports.phone);
      await page.goto(`/admin/students?id=${longAddress}`);
      await atEachSize(page, () => expectDialogUsable(page));
      await atEachSize(page, (phone) => expectStudentFilters(page, phone, filtersButton[language]));
    });
  }
});
