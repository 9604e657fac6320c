import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courses } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const demoOrder = [
  { level: "A1", title: "Tiếng Đức cơ bản A1", price: "2.500.000đ", slug: "tieng-duc-co-ban-a1" },
  { level: "A2", title: "Tiếng Đức sơ cấp A2", price: "3.000.000đ", slug: "tieng-duc-so-cap-a2" },
  { level: "B1", title: "Tiếng Đức trung cấp B1", price: "3.500.000đ", slug: "tieng-duc-trung-cap-b1" },
  { level: "B2", title: "Tiếng Đức cao cấp B2", price: "4.000.000đ", slug: "tieng-duc-cao-cap-b2" },
];

async function courseId(database: Database, level: string) {
  const [row] = await database.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.level, level))
    .orderBy(asc(courses.createdAt))
    .limit(1);
  return row!.id;
}

test.describe("/courses (spec §2 Courses)", () => {
  test("shows the open courses A1 to B2 in level order, with prices, tiles and the static blocks", async ({
    page,
    database,
    expectAccessible,
  }) => {
    await page.goto("/courses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Khóa học");

    for (const [level, name] of [
      ["A1", "Cơ bản"],
      ["A2", "Sơ cấp"],
      ["B1", "Trung cấp"],
      ["B2", "Cao cấp"],
    ] as const) {
      const tile = page.getByTestId(`level-${level}`);
      await expect(tile).toContainText(name);
      await expect(tile).toContainText("Đang mở");
      await expect(tile).not.toContainText("Sắp ra mắt");
    }

    const cards = page.getByTestId("course-card");
    await expect(cards).toHaveCount(4);
    for (const [index, course] of demoOrder.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(course.title);
      await expect(card).toContainText(`${course.level} ·`);
      await expect(card.getByTestId("course-price")).toHaveText(`Học phí: ${course.price}`);
      // Its page at its readable address (ADR 052).
      const detail = card.getByRole("link", { name: "Chi tiết" });
      await expect(detail).toHaveAttribute("href", `/courses/${course.slug}`);
      // "Đăng ký ngay" carries this very course by its id (two courses may share a level).
      await expect(card.getByRole("link", { name: "Đăng ký ngay" })).toHaveAttribute(
        "href",
        `/enroll?course=${await courseId(database, course.level)}`,
      );
    }
    // Description, duration, lessons and the features of a card.
    const b1 = cards.nth(2);
    await expect(b1).toContainText("Khóa học trọng tâm cho mục tiêu du học");
    await expect(b1).toContainText("12 tuần");
    await expect(b1).toContainText("36 buổi");
    await expect(b1.getByRole("listitem")).toHaveCount(6);

    // Static blocks.
    const main = page.getByRole("main");
    await expect(main).toContainText("Tối đa 8 học viên mỗi lớp");
    for (const time of ["Buổi sáng: 8:00-10:00", "Buổi chiều: 14:00-16:00", "Buổi tối: 19:00-21:00"]) {
      await expect(main).toContainText(time);
    }
    await expect(main).toContainText("Cuối tuần: 9:00-11:00");
    await expect(main).toContainText("học lại miễn phí");
    await expect(main.getByRole("link", { name: "Đăng ký tư vấn miễn phí" })).toHaveAttribute(
      "href",
      "/enroll",
    );
    await main.getByRole("link", { name: "Xem lịch khai giảng" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lịch khai giảng" })).toBeVisible();
    await page.goBack();

    await expectAccessible();
  });

  test("sets a translated title, description, canonical URL, Open Graph tags and Course data", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/courses");
    await expect(page).toHaveTitle("Khóa học | Lernhaus");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /từ A1 đến B2/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/courses`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Khóa học | Lernhaus");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/courses`);
    const list = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(list["@type"]).toBe("ItemList");
    expect(
      list.itemListElement.map(
        (entry: { item: { name: string; offers: { price: number; priceCurrency: string } } }) => [
          entry.item.name,
          entry.item.offers.price,
          entry.item.offers.priceCurrency,
        ],
      ),
    ).toEqual([
      ["Tiếng Đức cơ bản A1", 2_500_000, "VND"],
      ["Tiếng Đức sơ cấp A2", 3_000_000, "VND"],
      ["Tiếng Đức trung cấp B1", 3_500_000, "VND"],
      ["Tiếng Đức cao cấp B2", 4_000_000, "VND"],
    ]);
  });

  test("shows prices the same way in every interface language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto("/courses");
    await expect(page).toHaveTitle("Courses | Lernhaus");
    await expect(page.getByTestId("course-price").first()).toHaveText("Fee: 2.500.000đ");
    await expect(page.getByTestId("level-A1")).toContainText("Beginner");
    await context.addCookies([{ name: "lng", value: "de", url: baseURL! }]);
    await page.goto("/courses");
    await expect(page.getByTestId("course-price").nth(3)).toHaveText("Kursgebühr: 4.000.000đ");
  });

  test("shows 'Đang tải khóa học...' while a navigation to the page is on its way", async ({ page }) => {
    const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/");
    await hydrated;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the page's own data only (the root and layout loaders revalidate separately).
    await page.route(/\/courses\.data\?_routes=routes%2Fsite%2Fcourses$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "Khóa học", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("status")).toHaveText("Đang tải khóa học...");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Khóa học");
    release();
    await expect(page.getByTestId("course-card")).toHaveCount(4);
    await expect(page.getByText("Đang tải khóa học...")).toHaveCount(0);
  });
});

test.describe("/courses/:slug (course detail)", () => {
  test("'Chi tiết' opens the full course with its goal, class times, price and enrol button", async ({
    page,
    baseURL,
    database,
    expectAccessible,
  }) => {
    await page.goto("/courses");
    const card = page.getByTestId("course-card").nth(2);
    await card.getByRole("link", { name: "Chi tiết" }).click();
    // Its readable address (ADR 052).
    await expect(page).toHaveURL(/\/courses\/tieng-duc-trung-cap-b1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tiếng Đức trung cấp B1");
    await expect(page).toHaveTitle("Tiếng Đức trung cấp B1 | Lernhaus");

    const main = page.getByRole("main");
    await expect(page.getByTestId("course-goal")).toHaveText(/^Mục tiêu trình độ B1: .+/);
    await expect(main).toContainText(
      "Khóa học trọng tâm cho mục tiêu du học, du học nghề và làm việc tại Đức",
    );
    for (const feature of [
      "Luyện đề Goethe-Zertifikat B1 và telc Deutsch B1",
      "Hỗ trợ viết Lebenslauf và luyện phỏng vấn Ausbildung",
      "Học lại miễn phí nếu chưa đạt mục tiêu",
    ]) {
      await expect(main).toContainText(feature);
    }
    await expect(page.getByTestId("course-price")).toHaveText("3.500.000đ");
    await expect(main).toContainText("12 tuần");
    await expect(main).toContainText("36 buổi");
    for (const time of [
      "Buổi sáng: 8:00-10:00",
      "Buổi chiều: 14:00-16:00",
      "Buổi tối: 19:00-21:00",
      "Cuối tuần: 9:00-11:00",
      "Linh hoạt",
    ]) {
      await expect(main).toContainText(time);
    }
    // The enrolment form's choice names the course by its id, which a new title leaves as it is.
    await expect(main.getByRole("link", { name: "Đăng ký ngay" })).toHaveAttribute(
      "href",
      `/enroll?course=${await courseId(database, "B1")}`,
    );
    await expect(main.getByRole("link", { name: "Xem lịch khai giảng" })).toHaveAttribute(
      "href",
      "/schedule",
    );

    const url = page.url();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Tiếng Đức trung cấp B1 | Lernhaus",
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Khóa học trọng tâm/);
    // Structured data is written by the server (ADR 065): a crawler loads the address itself, and
    // the script stays once the page has hydrated.
    // The page has hydrated once its live updates have opened their stream.
    const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto(url);
    await hydrated;
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Tiếng Đức trung cấp B1",
      url,
      provider: { name: "Lernhaus", sameAs: baseURL },
      offers: { price: 3_500_000, priceCurrency: "VND" },
    });
    await expectAccessible();

    await main.getByRole("link", { name: "Tất cả khóa học" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByTestId("course-card")).toHaveCount(4);
  });

  test("a course's address of before, by its id, moves to its readable one", async ({
    page,
    database,
    baseURL,
  }) => {
    const id = await courseId(database, "B1");
    const moved = await page.request.get(`/courses/${id}?from=zalo`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/courses/tieng-duc-trung-cap-b1?from=zalo");
    const response = await page.goto(`/en/courses/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${baseURL}/en/courses/intermediate-german-b1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intermediate German B1");
  });

  test("an unknown or malformed course address answers 404", async ({ page }) => {
    for (const path of [
      "/courses/00000000-0000-4000-8000-000000000000",
      "/courses/khong-co",
      "/courses/1%27%20or%201=1",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Không tìm thấy trang");
    }
  });
});

test.describe("/courses with other data @exclusive", () => {
  test("a level without an open course is dimmed 'Sắp ra mắt'; its closed course's page says it is closed @exclusive", async ({
    page,
    database,
    baseURL,
    expectAccessible,
  }) => {
    const b2 = await courseId(database, "B2");
    await change(database, baseURL!, "courses", (tx) =>
      tx.update(courses).set({ active: false }).where(eq(courses.id, b2)),
    );
    try {
      await page.goto("/courses");
      const tile = page.getByTestId("level-B2");
      await expect(tile).toContainText("Sắp ra mắt");
      await expect(tile).toHaveAttribute("data-available", "false");
      await expect(page.getByTestId("level-B1")).toContainText("Đang mở");
      await expect(page.getByTestId("course-card")).toHaveCount(3);
      await expect(page.getByRole("main")).not.toContainText("Tiếng Đức cao cấp B2");

      // A shared link to the closed course still answers: the course is closed, here are the open ones.
      const response = await page.goto(`/courses/${b2}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Tiếng Đức cao cấp B2");
      await expect(main).toContainText("Khóa học này hiện đã đóng đăng ký.");
      await expect(main).not.toContainText("Học phí");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      const open = main.getByRole("region", { name: "Các khóa học đang mở" });
      await expect(open.getByRole("link")).toHaveCount(3);
      await expect(open.getByRole("link", { name: "Tiếng Đức cao cấp B2" })).toHaveCount(0);
      await expectAccessible();
      await open.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/courses\/tieng-duc-co-ban-a1$/);
      await expect(main).not.toContainText("Khóa học này hiện đã đóng đăng ký.");
      await page.goBack();
      await main.getByRole("link", { name: "Xem tất cả khóa học" }).click();
      await expect(page).toHaveURL(/\/courses$/);
    } finally {
      await change(database, baseURL!, "courses", (tx) =>
        tx.update(courses).set({ active: true }).where(eq(courses.id, b2)),
      );
    }
  });

  test("with no open course, the page says so and every level is 'Sắp ra mắt' @exclusive", async ({
    page,
    database,
    baseURL,
    expectAccessible,
  }) => {
    const open = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.active, true));
    const ids = open.map((row) => row.id);
    await change(database, baseURL!, "courses", (tx) =>
      tx.update(courses).set({ active: false }).where(inArray(courses.id, ids)),
    );
    try {
      await page.goto("/courses");
      await expect(page.getByText("Hiện tại chưa có khóa học nào đang mở")).toBeVisible();
      await expect(page.getByTestId("course-card")).toHaveCount(0);
      await expect(page.getByText("Sắp ra mắt")).toHaveCount(4);
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
      await expectAccessible();
    } finally {
      await change(database, baseURL!, "courses", (tx) =>
        tx.update(courses).set({ active: true }).where(inArray(courses.id, ids)),
      );
    }
  });

  test("a C1 course and a second A2 course take their places by level, C1 after B2 without a tile @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const added: string[] = [];
    await change(database, baseURL!, "courses", async (tx) => {
      const rows = await tx
        .insert(courses)
        .values([
          {
            level: "C1",
            title: "Tiếng Đức nâng cao C1",
            description: "Luyện thi C1",
            duration: "16 tuần",
            lessons: "48 buổi",
            price: 5_500_000,
            features: [],
            color: "teal",
          },
          {
            level: "A2",
            title: "Tiếng Đức A2 cấp tốc",
            description: "A2 trong 6 tuần",
            duration: "6 tuần",
            lessons: "30 buổi",
            price: 3_200_000,
            features: ["Học mỗi ngày"],
            color: "red",
          },
        ])
        .returning({ id: courses.id });
      added.push(...rows.map((row) => row.id));
    });
    try {
      await page.goto("/courses");
      await expect(page.getByTestId("course-card").getByRole("heading", { level: 3 })).toHaveText([
        "Tiếng Đức cơ bản A1",
        "Tiếng Đức sơ cấp A2",
        "Tiếng Đức A2 cấp tốc",
        "Tiếng Đức trung cấp B1",
        "Tiếng Đức cao cấp B2",
        "Tiếng Đức nâng cao C1",
      ]);
      await expect(page.getByTestId("course-price").last()).toHaveText("Học phí: 5.500.000đ");
      await expect(
        page.getByTestId("course-card").last().getByRole("link", { name: "Đăng ký ngay" }),
      ).toHaveAttribute("href", `/enroll?course=${added[0]}`);
      await expect(page.getByTestId("level-C1")).toHaveCount(0);
    } finally {
      await change(database, baseURL!, "courses", (tx) =>
        tx.delete(courses).where(inArray(courses.id, added)),
      );
    }
  });

  test("open course pages follow changes live, without a reload @exclusive", async ({
    page,
    database,
    baseURL,
  }) => {
    const a1 = await courseId(database, "A1");
    const [before] = await database.db.select().from(courses).where(eq(courses.id, a1));
    const events = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    let streamsOpened = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/events")) streamsOpened++;
    });
    await page.goto("/courses");
    await events;
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    try {
      await change(database, baseURL!, "courses", (tx) =>
        tx
          .update(courses)
          .set({ price: 2_750_000, title: "Tiếng Đức cơ bản A1 (mới)" })
          .where(eq(courses.id, a1)),
      );
      const card = page.getByTestId("course-card").first();
      await expect(card.getByTestId("course-price")).toHaveText("Học phí: 2.750.000đ", { timeout: 5_000 });
      await expect(card.getByRole("heading", { level: 3 })).toHaveText("Tiếng Đức cơ bản A1 (mới)");

      // The detail page too: a new description shows, closing the course turns it into the
      // "closed" page.
      await card.getByRole("link", { name: "Chi tiết" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tiếng Đức cơ bản A1 (mới)");
      await change(database, baseURL!, "courses", (tx) =>
        tx.update(courses).set({ description: "Mô tả vừa cập nhật" }).where(eq(courses.id, a1)),
      );
      await expect(page.getByRole("main")).toContainText("Mô tả vừa cập nhật", { timeout: 5_000 });
      await change(database, baseURL!, "courses", (tx) =>
        tx.update(courses).set({ active: false }).where(eq(courses.id, a1)),
      );
      await expect(page.getByRole("main")).toContainText("Khóa học này hiện đã đóng đăng ký.", {
        timeout: 5_000,
      });
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
      // The detail page shows more topics than the list, and the page kept its one stream: a
      // stream reopened on the way would miss a change made meanwhile.
      expect(streamsOpened).toBe(1);
    } finally {
      await change(database, baseURL!, "courses", (tx) =>
        tx
          .update(courses)
          .set({
            price: before!.price,
            title: before!.title,
            description: before!.description,
            active: true,
          })
          .where(eq(courses.id, a1)),
      );
    }
  });

  test("a failed load shows 'Lỗi: …' instead of the list, on arrival and after navigation @exclusive", async ({
    browser,
    baseURL,
    database,
  }) => {
    // Its own page: the browser logs the expected 500 responses as console errors.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const message = "Lỗi: Không thể tải danh sách khóa học. Vui lòng thử lại sau.";
    await change(database, baseURL!, "courses", (tx) =>
      tx.execute(sql`alter table courses rename to courses_unavailable`),
    );
    try {
      const response = await page.goto("/courses");
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Khóa học");
      await expect(page.getByRole("alert")).toContainText(message);
      await expect(page.getByRole("contentinfo")).toBeVisible();

      // The home page shows without its open-courses block, and that page is not cached.
      const home = await page.goto("/");
      expect(home?.status()).toBe(200);
      expect(home?.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.getByRole("banner").getByRole("link", { name: "Khóa học", exact: true }).click();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(page.getByRole("alert")).toContainText(message);
    } finally {
      await change(database, baseURL!, "courses", (tx) =>
        tx.execute(sql`alter table courses_unavailable rename to courses`),
      );
      await context.close();
    }
    const check = await browser.newPage({ baseURL });
    await check.goto("/courses");
    await expect(check.getByTestId("course-card")).toHaveCount(4);
    await check.close();
  });
});
