import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const demoTeam = ["Nguyễn Thị Thu Hà", "Thomas Becker", "Trần Minh Đức", "Lena Hoffmann"];
const demoValues = [
  ["Tận tâm", "heart"],
  ["Chất lượng giảng dạy", "award"],
  ["Học viên là trung tâm", "user"],
  ["Thực hành mỗi ngày", "book-open"],
  ["Minh bạch", "circle-check"],
  ["Không ngừng đổi mới", "star"],
] as const;
const demoMilestones = [
  "Thành lập Lernhaus",
  "Khai giảng chương trình luyện thi B1",
  "Chào đón giáo viên bản ngữ",
  "Vượt mốc 500 học viên",
  "Đồng hành trên hành trình sang Đức",
];
const featuredTestimonials = ["Nguyễn Hoàng Nam", "Lê Thị Mai Anh", "Phạm Quốc Bảo", "Vũ Thanh Hương"];

test.describe("/about (spec §2 About)", () => {
  test("shows the hero, statistics, mission, team, values, milestones and featured testimonials", async ({
    page,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Về chúng tôi");

    // Hero statistics (the demo stores the spec's values).
    for (const [item, value, label] of [
      ["yearsActive", "3+", "Năm hoạt động"],
      ["totalStudents", "800+", "Học viên"],
      ["successRate", "95%", "Tỷ lệ thi đỗ"],
      ["averageRating", "4.9/5", "Đánh giá trung bình"],
    ] as const) {
      await expect(page.getByTestId(`stat-${item}`)).toHaveText(`${label}${value}`);
    }

    // Mission, description, commitment, vision and method.
    const mission = page.getByRole("region", { name: "Sứ mệnh của chúng tôi" });
    await expect(mission).toContainText("Giúp người Việt học tiếng Đức một cách bài bản");
    await expect(mission).toContainText("Lernhaus được thành lập năm 2022");
    await expect(mission.getByRole("heading", { name: "Cam kết của chúng tôi" })).toBeVisible();
    await expect(mission.getByRole("heading", { name: "Tầm nhìn" })).toBeVisible();
    await expect(mission.getByRole("heading", { name: "Phương pháp giảng dạy" })).toBeVisible();

    // Team by order, with chips and, without a photo, the drawn portrait of the member's colour
    // (issue 32), loaded.
    const members = page.getByTestId("team-member");
    await expect(members.getByRole("heading", { level: 3 })).toHaveText(demoTeam);
    const first = members.first();
    const portrait = first.getByRole("img", { name: "Chân dung minh họa" });
    await expect(portrait).toHaveAttribute("src", /^\/assets\/team-blue-[\w-]+\.svg$/);
    await portrait.scrollIntoViewIfNeeded();
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(first.getByRole("listitem").filter({ hasText: "Luyện thi Goethe B1, B2" })).toBeVisible();
    await expect(first.getByRole("listitem").filter({ hasText: "Goethe-Zertifikat C2" })).toBeVisible();

    // Values by order, each with its icon.
    const values = page.getByTestId("core-value");
    await expect(values.getByRole("heading", { level: 3 })).toHaveText(demoValues.map(([title]) => title));
    for (const [index, [, icon]] of demoValues.entries()) {
      await expect(values.nth(index).locator(`svg.lucide-${icon}`)).toHaveCount(1);
    }

    // Milestones by order, alternating left and right of the line.
    const timeline = page.getByTestId("milestone");
    await expect(timeline.getByRole("heading", { level: 3 })).toHaveText(demoMilestones);
    const section = await page.getByRole("region", { name: "Hành trình phát triển" }).boundingBox();
    const middle = section!.x + section!.width / 2;
    for (let index = 0; index < demoMilestones.length; index++) {
      const card = await timeline.nth(index).getByRole("heading", { level: 3 }).boundingBox();
      const onLeft = card!.x + card!.width < middle;
      expect(onLeft, demoMilestones[index]).toBe(index % 2 === 0);
    }

    // Only featured testimonials, by order, with stars, quote, result, name and role.
    const quotes = page.getByTestId("testimonial");
    await expect(quotes.locator("figcaption p.font-semibold")).toHaveText(featuredTestimonials);
    await expect(page.getByRole("main")).not.toContainText("Đặng Minh Tuấn");
    await expect(quotes.nth(0).getByRole("img", { name: "5 trên 5 sao" })).toBeVisible();
    await expect(quotes.nth(2).getByRole("img", { name: "4 trên 5 sao" })).toBeVisible();
    await expect(quotes.nth(2).locator("svg.fill-amber-400")).toHaveCount(4);
    await expect(quotes.nth(0)).toContainText("Đỗ B1 Goethe sau 6 tháng");
    await expect(quotes.nth(0)).toContainText("Học viên Ausbildung điều dưỡng tại Stuttgart");
    await expect(quotes.nth(0).locator("blockquote")).toContainText("Trước khi đến Lernhaus");

    await expectAccessible();
  });

  test("stacks the timeline in one column on a phone and stays accessible", async ({
    page,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    const timeline = page.getByTestId("milestone");
    const a = await timeline.nth(0).getByRole("heading", { level: 3 }).boundingBox();
    const b = await timeline.nth(1).getByRole("heading", { level: 3 }).boundingBox();
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    await expectAccessible();
  });

  test("sets a translated title, description, canonical URL and Open Graph tags", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("Về chúng tôi | Lernhaus");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /đội ngũ giáo viên/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Về chúng tôi | Lernhaus",
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "vi_VN");

    await context.addCookies([{ name: "lng", value: "de", url: baseURL! }]);
    await page.goto("/about");
    await expect(page).toHaveTitle("Über uns | Lernhaus");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
    await expect(page.getByTestId("stat-yearsActive")).toHaveText("Jahre Erfahrung3+");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "de_DE");
  });

  test("shows 'Đang tải thông tin...' while a navigation to the page is on its way", async ({ page }) => {
    const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/");
    await hydrated;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the page's own data only (the root and layout loaders revalidate separately).
    await page.route(/\/about\.data\?_routes=routes%2Fsite%2Fabout$/, async (route) => {
      await released;
      await route.continue();
    });
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Thêm" }).click();
    await banner.getByRole("link", { name: "Về chúng tôi" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("status")).toHaveText("Đang tải thông tin...");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Về chúng tôi");
    release();
    await expect(page.getByTestId("team-member")).toHaveCount(demoTeam.length);
    await expect(page.getByText("Đang tải thông tin...")).toHaveCount(0);
  });
});

/** Every about-page row, to put back exactly as it was. */
async function saveAboutContent(database: Database) {
  const { db } = database;
  return {
    info: await db.select().from(aboutInfo),
    stats: await db.select().from(stats),
    team: await db.select().from(teamMembers),
    values: await db.select().from(coreValues),
    milestones: await db.select().from(milestones),
    testimonials: await db.select().from(testimonials),
  };
}

async function restoreAboutContent(
  database: Database,
  baseURL: string,
  saved: Awaited<ReturnType<typeof saveAboutContent>>,
) {
  await change(database, baseURL, "about", async (tx) => {
    for (const table of [aboutInfo, stats, teamMembers, coreValues, milestones, testimonials])
      await tx.delete(table);
    if (saved.info.length) await tx.insert(aboutInfo).values(saved.info);
    if (saved.stats.length) await tx.insert(stats).values(saved.stats);
    if (saved.team.length) await tx.insert(teamMembers).values(saved.team);
    if (saved.values.length) await tx.insert(coreValues).values(saved.values);
    if (saved.milestones.length) await tx.insert(milestones).values(saved.milestones);
    if (saved.testimonials.length) await tx.insert(testimonials).values(saved.testimonials);
  });
}

test.describe("/about with other data @exclusive", () => {
  test("a hidden member leaves the team; with no active member the team section is gone @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const saved = await saveAboutContent(database);
    try {
      await change(database, baseURL!, "team", (tx) =>
        tx.update(teamMembers).set({ active: false }).where(eq(teamMembers.name, "Thomas Becker")),
      );
      await page.goto("/about");
      await expect(page.getByTestId("team-member").getByRole("heading", { level: 3 })).toHaveText(
        demoTeam.filter((name) => name !== "Thomas Becker"),
      );

      await change(database, baseURL!, "team", (tx) => tx.update(teamMembers).set({ active: false }));
      await page.goto("/about");
      await expect(page.getByRole("heading", { name: "Giá trị cốt lõi" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Đội ngũ giáo viên" })).toHaveCount(0);
      await expect(page.getByTestId("team-member")).toHaveCount(0);
    } finally {
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("missing statistics show the spec's defaults 3+, 800+, 95%, 4.9/5 @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const saved = await saveAboutContent(database);
    try {
      await change(database, baseURL!, "stats", (tx) =>
        tx
          .update(stats)
          .set({ yearsActive: "4+", totalStudents: "1.000+", successRate: null, averageRating: "" }),
      );
      await page.goto("/about");
      await expect(page.getByTestId("stat-yearsActive")).toContainText("4+");
      await expect(page.getByTestId("stat-totalStudents")).toContainText("1.000+");
      await expect(page.getByTestId("stat-successRate")).toContainText("95%");
      await expect(page.getByTestId("stat-averageRating")).toContainText("4.9/5");

      await change(database, baseURL!, "stats", (tx) => tx.delete(stats));
      await page.goto("/about");
      for (const [item, value] of [
        ["yearsActive", "3+"],
        ["totalStudents", "800+"],
        ["successRate", "95%"],
        ["averageRating", "4.9/5"],
      ]) {
        await expect(page.getByTestId(`stat-${item}`)).toContainText(value!);
      }
    } finally {
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("'team' and unknown value icons: the team icon, or a default icon @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const saved = await saveAboutContent(database);
    try {
      await change(database, baseURL!, "values", async (tx) => {
        await tx.update(coreValues).set({ icon: "team" }).where(eq(coreValues.title, "Tận tâm"));
        await tx.update(coreValues).set({ icon: "rocket" }).where(eq(coreValues.title, "Minh bạch"));
      });
      await page.goto("/about");
      const values = page.getByTestId("core-value");
      await expect(values.filter({ hasText: "Tận tâm" }).locator("svg.lucide-users")).toHaveCount(1);
      await expect(values.filter({ hasText: "Minh bạch" }).locator("svg.lucide-sparkles")).toHaveCount(1);
    } finally {
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("with no about content at all, the page keeps its hero and default statistics @exclusive", async ({
    page,
    database,
    baseURL,
    expectAccessible,
  }) => {
    const saved = await saveAboutContent(database);
    try {
      await change(database, baseURL!, "about", async (tx) => {
        for (const table of [aboutInfo, stats, teamMembers, coreValues, milestones]) await tx.delete(table);
        // Testimonials stay, but none is featured.
        await tx.update(testimonials).set({ featured: false });
      });
      const response = await page.goto("/about");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Về chúng tôi");
      await expect(page.getByTestId("stat-totalStudents")).toContainText("800+");
      for (const heading of [
        "Sứ mệnh của chúng tôi",
        "Đội ngũ giáo viên",
        "Giá trị cốt lõi",
        "Hành trình phát triển",
        "Học viên nói gì về Lernhaus",
      ]) {
        await expect(page.getByRole("heading", { name: heading })).toHaveCount(0);
      }
      await expectAccessible();
    } finally {
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("an open about page follows changes live, without a reload @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const saved = await saveAboutContent(database);
    const events = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/about");
    await events;
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    try {
      await change(database, baseURL!, "testimonials", (tx) =>
        tx.insert(testimonials).values({
          name: "Hoàng Thu Trang",
          role: "Du học sinh tại Köln",
          content: "Lộ trình rõ ràng, giáo viên tận tâm.",
          result: "Đỗ B2 telc",
          featured: true,
          order: 0,
        }),
      );
      const quotes = page.getByTestId("testimonial");
      await expect(quotes.first()).toContainText("Hoàng Thu Trang", { timeout: 5_000 });
      await expect(quotes.first().getByRole("img", { name: "5 trên 5 sao" })).toBeVisible();

      await change(database, baseURL!, "stats", (tx) => tx.update(stats).set({ totalStudents: "900+" }));
      await expect(page.getByTestId("stat-totalStudents")).toContainText("900+", { timeout: 5_000 });

      await change(database, baseURL!, "milestones", (tx) =>
        tx
          .update(milestones)
          .set({ title: "Lernhaus ra đời" })
          .where(eq(milestones.title, "Thành lập Lernhaus")),
      );
      await expect(page.getByTestId("milestone").first()).toContainText("Lernhaus ra đời", {
        timeout: 5_000,
      });
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    } finally {
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("a failed load shows a translated error block, not a blank page @exclusive", async ({
    browser,
    baseURL,
    database,
  }) => {
    // Its own page: the browser logs the expected 500 response as a console error.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await change(database, baseURL!, "milestones", (tx) =>
      tx.execute(sql`alter table milestones rename to milestones_unavailable`),
    );
    try {
      const response = await page.goto("/about");
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Về chúng tôi");
      const alert = page.getByRole("alert");
      await expect(alert.getByRole("heading")).toHaveText("Không thể tải thông tin");
      await expect(alert).toContainText("Vui lòng thử lại sau ít phút.");
      await expect(alert.getByRole("link", { name: "Thử lại" })).toHaveAttribute("href", "/about");

      await page.goto("/");
      const banner = page.getByRole("banner");
      await banner.getByRole("button", { name: "Thêm" }).click();
      await banner.getByRole("link", { name: "Về chúng tôi" }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole("alert")).toContainText("Không thể tải thông tin");
    } finally {
      await change(database, baseURL!, "milestones", (tx) =>
        tx.execute(sql`alter table milestones_unavailable rename to milestones`),
      );
      await context.close();
    }
  });
});
