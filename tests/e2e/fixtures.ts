import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { connectDatabase, type Database } from "~/db/client.server";
import { readRecordedServer } from "../../server/embedded-postgres";

const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

interface Fixtures {
  /** The server-under-test's own database (through the port it records in DATA_DIR). */
  database: Database;
  /** Fails the test on serious or critical accessibility violations of the current page. */
  expectAccessible: (page?: Page) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Console errors fail a test (STYLE.md §9): CSP violations and hydration errors show up there.
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !isExpectedError(message.text())) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  database: async ({}, use) => {
    const recorded = readRecordedServer(E2E_DATA_DIR);
    if (!recorded) throw new Error(`no embedded database recorded in ${E2E_DATA_DIR}`);
    const database = connectDatabase(recorded.url, { max: 2 });
    await use(database);
    await database.close();
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
        `accessibility of ${target.url()}`,
      ).toEqual([]);
    });
  },
});

/** A 404 page logs its failed document request; that is the page working as intended. */
function isExpectedError(text: string) {
  return /Failed to load resource: the server responded with a status of 404/.test(text);
}

export { expect };
