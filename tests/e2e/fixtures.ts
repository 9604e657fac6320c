import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { createAuth } from "~/auth/auth.server";
import { parseConfig } from "~/config.server";
import { connectDatabase, type Database } from "~/db/client.server";
import { deleteUserSessions, setUserRole } from "~/models/user.server";
import type { UserRole } from "~/schemas/domain";
import { loadSecrets } from "../../server/data-dir";
import { readRecordedServer } from "../../server/embedded-postgres";

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  name: string;
  role: UserRole;
}

interface Accounts {
  /** A new user of its own (each test owns its data), created directly in the database. */
  create(options?: { role?: UserRole; name?: string }): Promise<TestAccount>;
  /** Signs the browser context in as that user (a real session, without the UI). */
  signIn(context: BrowserContext, account: TestAccount): Promise<void>;
}

interface Fixtures {
  accounts: Accounts;
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
  accounts: async ({ database, baseURL }, use) => {
    const config = parseConfig({ APP_URL: baseURL, DATA_DIR: E2E_DATA_DIR });
    const auth = createAuth(
      database.db,
      { ...config, authSecret: loadSecrets(E2E_DATA_DIR).authSecret },
      async () => {},
    );
    const headers = new Headers({ origin: baseURL! });
    await use({
      async create({ role = "user", name = "Nguyễn Văn Test" } = {}) {
        const email = `test-${randomBytes(5).toString("hex")}@lernhaus.test`;
        const password = `Lh-${randomBytes(6).toString("hex")}`;
        const { user } = await auth.api.signUpEmail({ body: { email, password, name }, headers });
        if (role !== "user") await setUserRole(database.db, user.id, role);
        // Sign-up signs in at once; this account starts with no session.
        await deleteUserSessions(database.db, user.id);
        return { id: user.id, email, password, name, role };
      },
      async signIn(context, account) {
        const response = await auth.api.signInEmail({
          body: { email: account.email, password: account.password },
          headers,
          asResponse: true,
        });
        const cookies = response.headers.getSetCookie().map((cookie) => {
          const [pair] = cookie.split(";");
          const [name, ...value] = pair!.split("=");
          return {
            name: name!.trim(),
            value: value.join("="),
            url: baseURL!,
            httpOnly: true,
            sameSite: "Lax" as const,
          };
        });
        await context.addCookies(cookies);
      },
    });
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

/** The browser logs every 4xx answer as a failed resource; these statuses are the app answering
 * as intended (not found, invalid form, conflict, rate limit). 403 and 5xx still fail a test. */
function isExpectedError(text: string) {
  return /Failed to load resource: the server responded with a status of (400|404|409|429)/.test(text);
}

export { expect };
