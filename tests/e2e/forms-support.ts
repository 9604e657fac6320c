// Helpers for the enrolment and contact e2e specs.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { like, or } from "drizzle-orm";
import PostalMime from "postal-mime";
import type { Database } from "~/db/client.server";
import { requestLimits } from "~/db/schema";
import { expect } from "./fixtures";
import { E2E_MAIL_DIR } from "./mail-files";
import { E2E_MINIMUM_FILL_MS } from "./server-settings";

/** Every e2e request comes from 127.0.0.1, so the forms' per-IP limits are shared by all tests:
 * a test that submits starts from a fresh count. */
export async function resetFormLimits(database: Database) {
  await database.db
    .delete(requestLimits)
    .where(
      or(
        like(requestLimits.key, "enrollment-form:%"),
        like(requestLimits.key, "contact-form:%"),
        like(requestLimits.key, "trial-form:%"),
      ),
    );
}

/** A page without JavaScript sends what it is given at once; the server refuses a form sent
 * within the minimum fill time of the page (ADR 013; E2E_MINIMUM_FILL_MS here). Waits until the
 * form ticket the page came with (ADR 042: `<ms>.<random>.<signature>`, same clock: the server
 * runs on this machine) is old enough. */
export async function waitOutMinimumFillTime(page: Page) {
  const ticket = (await page.context().cookies()).find((cookie) => cookie.name === "form_ticket");
  expect(ticket, "the form's page came with a form ticket").toBeDefined();
  const remaining = Number(ticket!.value.split(".")[0]) + E2E_MINIMUM_FILL_MS + 250 - Date.now();
  if (remaining > 0) await page.waitForTimeout(remaining);
}

/** Submissions that fill the per-IP window (ADR 013: 30 per 10 minutes), each from its own
 * email and phone, as honeypot hits: counted, but nothing is saved. */
export async function exhaustFormWindow(page: Page, api: "enrollment" | "contact") {
  for (let i = 0; i < 30; i++) {
    const person = {
      email: `robot${i}@example.com`,
      phone: `0912 000 ${String(i).padStart(3, "0")}`,
      website: "x",
    };
    const data =
      api === "enrollment"
        ? { ...person, fullName: "Robot", course: "a1", schedule: "morning" }
        : { ...person, name: "Robot", subject: "other", message: "spam" };
    const response = await page.request.post(`/api/email/${api}`, { data });
    expect(response.status()).toBe(200);
  }
}

export interface WrittenMail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Its files, e.g. an inline QR code (contentId without the angle brackets). */
  attachments: { filename: string; mimeType: string; contentId: string; content: Buffer }[];
  /** Header lines by lower-case name (List-Unsubscribe…); a repeated one keeps its last value. */
  headers: Record<string, string>;
}

/** A mail the e2e server sent, as the run's SMTP sink received it (mail-files.ts). */
export async function waitForMail(predicate: (mail: WrittenMail) => boolean, timeoutMs = 15_000) {
  const directory = E2E_MAIL_DIR;
  let found: WrittenMail | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(directory) ? fs.readdirSync(directory) : [];
        for (const file of files.filter((name) => name.endsWith(".eml"))) {
          const parsed = await PostalMime.parse(fs.readFileSync(path.join(directory, file)));
          const mail: WrittenMail = {
            to: (parsed.to ?? []).map((a) => ("address" in a ? (a.address ?? "") : "")),
            replyTo: (parsed.replyTo ?? []).map((a) => ("address" in a ? (a.address ?? "") : "")),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html ?? "",
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? "",
              mimeType: attachment.mimeType,
              contentId: (attachment.contentId ?? "").replace(/^<|>$/g, ""),
              content: Buffer.from(
                typeof attachment.content === "string"
                  ? attachment.content
                  : new Uint8Array(attachment.content),
              ),
            })),
            headers: Object.fromEntries(parsed.headers.map((header) => [header.key, header.value])),
          };
          if (predicate(mail)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs, message: "a matching .eml file in DATA_DIR/mail" },
    )
    .toBe(true);
  return found!;
}

/** A page for tests whose point is an error status (400, 429, 502, a refused connection):
 * Chromium logs each failed load as a console error, which the shared `page` fixture treats as
 * a failure. This page fails the test on any other console error. */
export async function pageExpectingFailedLoads(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (
      /^Failed to load resource: (the server responded with a status of (400|429|502)|net::ERR_FAILED)/.test(
        message.text(),
      )
    ) {
      return;
    }
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    page,
    async close() {
      await page.close();
      expect(errors, "console errors").toEqual([]);
    },
  };
}

/** Waits until React has hydrated the form, so that a test "with JavaScript" goes through its
 * handlers, not the browser's plain post. The server already renders `noValidate`, so only React's
 * own mark on the element (its props, set as it hydrates) says the form is live. */
export async function waitForHydratedForm(page: Page, formId: string) {
  const form = page.locator(`form#${formId}`);
  await expect(form).toHaveAttribute("novalidate", "");
  await expect
    .poll(() =>
      form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))),
    )
    .toBe(true);
}

/** Opens a page and waits until it is hydrated, which opens its live-update stream: a link
 * clicked before that is a full page load, not the client-side navigation the test means. */
export async function gotoHydrated(page: Page, url: string) {
  const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(url);
  await hydrated;
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A mobile number of the test's own, "0912 xxx xxx" (or "+84 912 xxx xxx"): a phone number
 * may send 3 forms per 10 minutes (ADR 013), and tests running at the same time must not use
 * up each other's allowance. */
export function uniquePhone(prefix: "0" | "+84 " = "0") {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  return `${prefix}912 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** A public form's success screen, after a submit. With JavaScript the form itself waits out
 * the rest of the minimum fill time (up to 3.25 s) before it sends, so this allows that on top
 * of the usual wait; when the form shows an error instead, the test fails with its text. */
export async function expectSubmitted(page: Page, heading: string) {
  try {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: 12_000 });
  } catch (error) {
    const shown = await page.locator("form [role=alert]").allInnerTexts();
    throw new Error(`"${heading}" did not appear; the form shows ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}
