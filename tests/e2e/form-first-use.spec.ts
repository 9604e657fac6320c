// A form's checks load on its first use (ADR 058); a submit made before they have arrived waits for
// them, and is then checked and answered. The first test holds the page at the moment a visitor
// on a slow phone can hit by chance, where the sign-in form once did nothing at all; the second
// saves an admin's dialog at once after opening it, where the fields' messages once stayed away.
import { expect, test } from "./fixtures";
import { waitForHydratedForm } from "./forms-support";

/** Holds React's scheduled (non-urgent) work in the page while `on` is set: React schedules it
 * through a MessageChannel. A click's own work is not held; React runs it in a microtask. */
function holdReactScheduler() {
  const state = { on: false, held: [] as Array<() => void> };
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: [unknown]) {
    if (state.on) state.held.push(() => post.apply(this, args));
    else post.apply(this, args);
  } as typeof MessagePort.prototype.postMessage;
  Object.assign(window, { reactSchedulerHold: state });
}

type HoldState = { on: boolean; held: Array<() => void> };

test("a submit in the moment the form's checks arrive is checked and answered", async ({ page }) => {
  await page.addInitScript(holdReactScheduler);
  let releaseChecks = () => {};
  const checksAsked = new Promise<void>((asked) => {
    void page.route(/\/assets\/form-checks-[\w-]+\.js$/, async (route) => {
      asked();
      await new Promise<void>((release) => {
        releaseChecks = release;
      });
      await route.continue();
    });
  });
  await page.goto("/login");
  const main = page.getByRole("main");
  await waitForHydratedForm(page, String(await main.locator("form[id]").getAttribute("id")));
  // The focus asks for the checks; their module is held on its way.
  await page.getByLabel("Email").fill("learner@example.com");
  await checksAsked;
  // They arrive and React has their update to render, but has not rendered it yet: exactly when
  // the visitor clicks.
  await page.evaluate(() => {
    (window as unknown as { reactSchedulerHold: HoldState }).reactSchedulerHold.on = true;
  });
  const arrived = page.waitForResponse(/\/assets\/form-checks-[\w-]+\.js$/);
  releaseChecks();
  await arrived;
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { reactSchedulerHold: HoldState }).reactSchedulerHold.held.length,
      ),
    )
    .toBeGreaterThan(0);
  await main.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await page.evaluate(() => {
    const hold = (window as unknown as { reactSchedulerHold: HoldState }).reactSchedulerHold;
    hold.on = false;
    for (const post of hold.held.splice(0)) post();
  });
  await expect(main).toContainText("Vui lòng nhập đầy đủ thông tin");
  await expect(page).toHaveURL(/\/login$/);
});

test("a save clicked while the form's checks load names every missing field", async ({
  page,
  context,
  accounts,
}) => {
  // An admin's dialog: its fields' messages, not only the form's, must show after the wait.
  const admin = await accounts.create({ role: "admin", name: "Cô Thu Hà" });
  await accounts.signIn(context, admin);
  await page.goto("/admin/posts");
  await page.getByRole("link", { name: "Thêm bài viết" }).click();
  const dialog = page.getByRole("dialog", { name: "Thêm bài viết mới" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(dialog.getByText("Vui lòng điền thông tin này")).toHaveCount(4);
  await expect(dialog.getByRole("textbox", { name: "Tiêu đề", exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});
