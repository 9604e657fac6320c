// The home page's video (Settings › Home page video): no play button without one; with one, a
// click-to-load facade that asks nothing of YouTube until the visitor presses play. @exclusive:
// the setting changes the home page for every test.
import path from "node:path";
import type { Page } from "@playwright/test";
import { schoolSettings } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const PLAY = "Xem video giới thiệu Lernhaus";
const VIDEO_ID = "dQw4w9WgXcQ";
const ADDRESS = "Video: địa chỉ YouTube hoặc video đã tải lên";
// Two seconds of ffmpeg's test picture, VP9 in MP4 (8 KB): `ffmpeg -f lavfi -i
// testsrc=size=160x90:rate=10:duration=2 -c:v libvpx-vp9 -b:v 60k -movflags +faststart`.
const MP4 = path.join(import.meta.dirname, "../fixtures/home-intro.mp4");

/** Every request the page makes to another host than the app's. */
function recordThirdPartyRequests(page: Page, baseURL: string) {
  const own = new URL(baseURL).host;
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.host !== own) requests.push(request.url());
  });
  return requests;
}

test.describe("the home page video @exclusive", () => {
  test.afterEach(async ({ database, baseURL }) => {
    await change(database, baseURL!, "settings", (tx) => tx.update(schoolSettings).set({ homeVideo: "" }));
  });

  test("without a video the hero shows no play button @exclusive", async ({ page, database, baseURL }) => {
    await change(database, baseURL!, "settings", (tx) =>
      tx
        .insert(schoolSettings)
        .values({ id: 1, homeVideo: "" })
        .onConflictDoUpdate({ target: schoolSettings.id, set: { homeVideo: "" } }),
    );
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Một buổi học tiếng Đức tại Lernhaus")).toBeVisible();
    await expect(page.getByRole("button", { name: PLAY })).toHaveCount(0);
    await expect(page.getByRole("link", { name: PLAY })).toHaveCount(0);
  });

  test("an admin sets a YouTube address; the home page loads the player only when play is pressed @exclusive", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Video trang chủ" }).click();
    const section = page.getByRole("region", { name: "Video trên trang chủ" });
    const address = section.getByLabel(ADDRESS);
    await address.fill("https://vimeo.com/76979871");
    await section.getByRole("button", { name: "Lưu" }).click();
    await expect(
      section.getByText(
        "Hãy nhập địa chỉ của một video YouTube (youtube.com/watch?v=… hoặc youtu.be/…) hoặc tải lên một tệp MP4.",
      ),
    ).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expectAccessible();

    await address.fill(`https://youtu.be/${VIDEO_ID}?si=shared`);
    await section.getByRole("button", { name: "Lưu" }).click();
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    // Stored as the id; shown again as the video's address.
    await page.reload();
    await expect(page.getByLabel(ADDRESS)).toHaveValue(`https://www.youtube.com/watch?v=${VIDEO_ID}`);

    // An anonymous visitor gets the home page from the page cache, which the save emptied.
    const visitor = await browser.newContext({ baseURL });
    try {
      const home = await visitor.newPage();
      // No network here: the player's host answers with a stand-in page, once it is asked.
      await home.route("https://www.youtube-nocookie.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>player</title>" }),
      );
      const thirdParty = recordThirdPartyRequests(home, baseURL!);
      await home.goto("/");
      const play = home.getByRole("button", { name: PLAY });
      await expect(play).toBeVisible();
      // The page keeps its live-update stream open, so it never goes network-idle: give it a
      // moment after the load to fetch whatever it would fetch on its own.
      await home.waitForTimeout(1_000);
      expect(thirdParty).toEqual([]);
      await expect(home.locator("iframe")).toHaveCount(0);

      // Keyboard: the button is focusable and Enter presses it.
      await play.focus();
      await home.keyboard.press("Enter");
      const player = home.getByTitle("Video giới thiệu Lernhaus");
      await expect(player).toHaveAttribute(
        "src",
        `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`,
      );
      await expect(play).toHaveCount(0);
      await expect
        .poll(() => thirdParty)
        .toEqual([`https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`]);
      await expect(player).toBeFocused();
    } finally {
      await visitor.close();
    }
  });

  test("an admin uploads an MP4; the home page loads nothing of it until play is pressed, then plays it @exclusive", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/settings?tab=home");
    const section = page.getByRole("region", { name: "Video trên trang chủ" });

    // Not an MP4: refused by its content, whatever its name says.
    await section.getByLabel("Tải lên video MP4 (tối đa 100 MB)").setInputFiles({
      name: "intro.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from("<html>not a video</html>"),
    });
    await expect(section.getByRole("alert")).toHaveText("Tệp không phải video MP4.");

    await section.getByLabel("Tải lên video MP4 (tối đa 100 MB)").setInputFiles(MP4);
    await expect(
      section.getByText("Đã tải video lên. Bấm Lưu để đặt video này cho trang chủ."),
    ).toBeVisible();
    const address = section.getByLabel(ADDRESS);
    await expect(address).toHaveValue(/^\/videos\/[0-9a-f]{32}\.mp4$/);
    const videoUrl = await address.inputValue();
    await expectAccessible();
    await section.getByRole("button", { name: "Lưu" }).click();
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(ADDRESS)).toHaveValue(videoUrl);

    const visitor = await browser.newContext({ baseURL });
    try {
      const home = await visitor.newPage();
      const videoRequests: { range: string | undefined; status: number }[] = [];
      home.on("response", (response) => {
        if (new URL(response.url()).pathname === videoUrl)
          videoRequests.push({ range: response.request().headers().range, status: response.status() });
      });
      await home.goto("/");
      const play = home.getByRole("button", { name: PLAY });
      await expect(play).toBeVisible();
      await home.waitForTimeout(1_000);
      expect(videoRequests).toEqual([]);
      await expect(home.locator("video")).toHaveCount(0);

      await play.click();
      const player = home.getByLabel("Video giới thiệu Lernhaus");
      await expect(player).toHaveAttribute("src", videoUrl);
      await expect(player).toBeFocused();
      // The browser decoded the file: it knows the video's length, and reports no error.
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState))
        .toBeGreaterThanOrEqual(1);
      expect(
        await player.evaluate((video: HTMLVideoElement) => [video.error, Math.round(video.duration)]),
      ).toEqual([null, 2]);
      // Media requests are Range requests, answered with the part asked for.
      expect(videoRequests.length).toBeGreaterThan(0);
      expect(videoRequests.every((request) => request.range !== undefined && request.status === 206)).toBe(
        true,
      );
    } finally {
      await visitor.close();
    }
  });
});
