// The free trial lesson (issue 29, ADR 046) in the browser: booked without JavaScript in English
// with its confirmation and calendar file; /trial in the three languages on a phone and a laptop,
// accessible and within the screen; a lesson that fills up while the page is open.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trialBookings, trialSessions } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";
import {
  resetFormLimits,
  uniqueEmail,
  uniquePhone,
  waitForMail,
  waitOutMinimumFillTime,
} from "./forms-support";

const DAY = 24 * 60 * 60 * 1000;

/** A trial session of the test's own, `days` ahead at 19:00 in Vietnam, announced so that the
 * cached /trial shows it. */
/** A trial lesson `days` ahead, on the page once this returns: the server has heard of it and
 * taken the cached /trial out (a page opened before that could be the cached one, without it). */
async function createSession(database: Database, baseURL: string, days: number, capacity = 4) {
  const day = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  let created: { id: string } | undefined;
  await change(database, baseURL, "trials", async (tx) => {
    [created] = await tx
      .insert(trialSessions)
      .values({
        startsAt: new Date(`${day}T19:00:00+07:00`),
        capacity,
        meetingUrl: "https://meet.example.com/e2e-trial",
      })
      .returning({ id: trialSessions.id });
  });
  return { key: `session:${created!.id}`, id: created!.id, day: day.split("-").reverse().join("/") };
}

test("without JavaScript: a lesson booked in English, confirmed on screen and by mail with its calendar file", async ({
  browser,
  baseURL,
  database,
}) => {
  await resetFormLimits(database);
  const session = await createSession(database, baseURL!, 15);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("trial.nojs");
  try {
    await page.goto("/en/trial?from=courses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Take a free German trial lesson");
    await page.locator(`input[value="${session.key}"]`).check();
    await page.getByLabel("Full name").fill("Phạm Thu Hà");
    await page.getByLabel("Phone number").fill(uniquePhone());
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Current level").selectOption("a1");
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Book the trial lesson" }).click();
    await expect(page.getByRole("heading", { name: "Your trial lesson is booked!" })).toBeVisible();
    await expect(page.getByTestId("trial-success-when")).toContainText(
      `${session.day} · 19:00–20:00 (Vietnam time)`,
    );
  } finally {
    await context.close();
  }
  const [booking] = await database.db.select().from(trialBookings).where(eq(trialBookings.email, email));
  expect(booking).toMatchObject({
    trialSessionId: session.id,
    language: "en",
    source: "courses",
    level: "a1",
  });
  const mail = await waitForMail(
    (written) => written.to.includes(email) && /trial lesson/.test(written.subject),
  );
  const calendar = mail.attachments.find((file) => file.mimeType === "text/calendar");
  expect(calendar?.content.toString("utf8")).toContain("SUMMARY:German trial lesson – Lernhaus");
  expect(mail.text).not.toContain("meet.example.com");
});

for (const [language, title, viewport] of [
  ["vi", "Học thử miễn phí một buổi tiếng Đức", { width: 390, height: 844 }],
  ["vi", "Học thử miễn phí một buổi tiếng Đức", { width: 1366, height: 768 }],
  ["en", "Take a free German trial lesson", { width: 390, height: 844 }],
  ["en", "Take a free German trial lesson", { width: 1366, height: 768 }],
  ["de", "Eine kostenlose Probestunde Deutsch", { width: 390, height: 844 }],
  ["de", "Eine kostenlose Probestunde Deutsch", { width: 1366, height: 768 }],
] as const) {
  test(`in ${language} at ${viewport.width} px: /trial is accessible and fits the screen`, async ({
    page,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(language === "vi" ? "/trial" : `/${language}/trial`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("radio").first()).toBeVisible();
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("a lesson that fills up while the page is open is refused with its reason, and the form keeps what was typed", async ({
  page,
  database,
  baseURL,
}) => {
  await resetFormLimits(database);
  const session = await createSession(database, baseURL!, 16, 1);
  await page.goto("/trial");
  await expect(page.locator("form#trial")).toHaveAttribute("novalidate", "");
  await page.locator(`input[value="${session.key}"]`).check();
  await page.getByLabel("Họ và tên").fill("Lê Văn Muộn");
  await page.getByLabel("Số điện thoại").fill(uniquePhone());
  await page.getByLabel("Email").fill(uniqueEmail("trial.late"));
  await page.getByLabel("Trình độ hiện tại").selectOption("beginner");
  // Someone else takes the only seat meanwhile.
  await database.db.insert(trialBookings).values({
    trialSessionId: session.id,
    startsAt: new Date(Date.now() + 16 * DAY),
    endsAt: new Date(Date.now() + 16 * DAY + 3_600_000),
    fullName: "Người nhanh tay",
    phone: "0900 000 000",
    email: uniqueEmail("trial.first"),
    level: "a1",
  });
  await page.getByRole("button", { name: "Đặt buổi học thử" }).click();
  await expect(page.getByRole("alert")).toContainText("Buổi học này vừa hết chỗ. Vui lòng chọn buổi khác.");
  await expect(page.getByLabel("Họ và tên")).toHaveValue("Lê Văn Muộn");
});
