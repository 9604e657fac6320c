// The home page's video (Settings › Home page video): no play button without one; with one, a
// click-to-load facade that asks nothing of YouTube until the visitor presses play. @exclusive:
// the setting changes the home page for every test.
import type { Page } from "@playwright/test";
import { schoolSettings } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const PLAY = "Xem video giới thiệu Lernhaus";
const VIDEO_ID = "dQw4w9WgXcQ";

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
    const address = section.getByLabel("Địa chỉ video YouTube");
    await address.fill("https://vimeo.com/76979871");
    await section.getByRole("button", { name: "Lưu" }).click();
    await expect(
      section.getByText("Hãy nhập địa chỉ của một video YouTube (youtube.com/watch?v=… hoặc youtu.be/…)."),
    ).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expectAccessible();

    await address.fill(`https://youtu.be/${VIDEO_ID}?si=shared`);
    await section.getByRole("button", { name: "Lưu" }).click();
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    // Stored as the id; shown again as the video's address.
    await page.reload();
    await expect(page.getByLabel("Địa chỉ video YouTube")).toHaveValue(
      `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    );

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
});
