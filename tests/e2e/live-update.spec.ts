import { updateContactConfig } from "~/models/contact-config.server";
import { expect, test } from "./fixtures";

test("an open page's footer follows a contact config change without reloading @exclusive", async ({
  page,
  database,
}) => {
  const eventStream = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Liên kết nhanh");
  // A marker that a reload would wipe out.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "still here";
  });
  expect((await eventStream).headers()["content-type"]).toContain("text/event-stream");

  const address = `Số ${Date.now() % 1000} Phố Huế, Hai Bà Trưng, Hà Nội`;
  const { rows } = await database.pool.query<{ address: string }>(
    "select address from contact_config where id = 1",
  );
  try {
    await updateContactConfig(database.db, { address });
    await expect(footer).toContainText(address, { timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
  } finally {
    await updateContactConfig(database.db, { address: rows[0]!.address });
  }
});
