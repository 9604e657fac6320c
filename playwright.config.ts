import { defineConfig, devices } from "@playwright/test";
import { E2E_MINIMUM_FILL_MS, E2E_SEPAY_API_KEY } from "./tests/e2e/server-settings";
import { TEST_CHROMIUM, TEST_CHROMIUM_ARGS } from "./tests/support/browser";

// End-to-end tests run the production build on Debian's Chromium (never a downloaded browser)
// against a server on a fresh DATA_DIR with the demo content.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The OpenID Connect provider the third-party sign-in test signs in through (tests/support/oidc-provider.ts).
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 99);
// Parallel runs on one machine (several developers' checks) each take their own port and folder.
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";
// The run's mail server (tests/support/e2e-smtp-sink.ts) and where it keeps what it receives;
// tests/e2e/mail-files.ts reads the same folder.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 98);
const E2E_MAIL_DIR = `${E2E_DATA_DIR}-mail`;
// Tests tagged @exclusive change what every page shows (all courses closed, the contact
// details…), so they never run beside other tests on the same server. One run of this config
// (E2E_PART unset) runs them one at a time after the others. `npm test` instead starts this config
// twice at once (scripts/run-tests.ts), each on its own port and data folder: E2E_PART=shared runs
// the others, E2E_PART=exclusive the @exclusive ones.
const E2E_PART = process.env.E2E_PART as "shared" | "exclusive" | undefined;
if (E2E_PART && E2E_PART !== "shared" && E2E_PART !== "exclusive") {
  throw new Error(`E2E_PART must be "shared" or "exclusive", not "${E2E_PART}"`);
}
const sharedProject = {
  name: "chromium",
  use: { ...devices["Desktop Chrome"] },
  grepInvert: /@exclusive/,
};
const exclusiveProject = {
  name: "exclusive",
  use: { ...devices["Desktop Chrome"] },
  grep: /@exclusive/,
  workers: 1,
};

export default defineConfig({
  testDir: "tests/e2e",
  // Each part its own: a run empties its output folder when it starts.
  outputDir: `test-results/${E2E_PART ?? "all"}`,
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more, so that one flaky test cannot hide every result behind
  // it; scripts/test-summary.ts lists each test that passed only on its retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: `.tmp/results/playwright-${E2E_PART ?? "all"}.json` }]]
    : [["list"]],
  // A test's time limit catches a hang, not slowness: on CI the browser shares two cores with the
  // other stages, and a journey takes up to twice its time on a quiet machine (a 15 s test took
  // over 30 s there). Journeys longer than 30 s on CI set their own limit, twice that.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (a snapshot and screenshot at every step) costs the browser and the runner
    // CPU on every test; on CI only the retry of a failed test records one, so a flaky or failing
    // test still comes with its trace. Locally (no retries) a failed test keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: TEST_CHROMIUM,
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects:
    E2E_PART === "shared"
      ? [sharedProject]
      : E2E_PART === "exclusive"
        ? [exclusiveProject]
        : [sharedProject, { ...exclusiveProject, dependencies: ["chromium"] }],
  webServer: [
    {
      command: "node_modules/.bin/tsx tests/support/oidc-provider.ts",
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: "node_modules/.bin/tsx tests/support/e2e-smtp-sink.ts",
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { SMTP_SINK_PORT: String(SMTP_PORT), E2E_MAIL_DIR },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && chmod 755 .tmp ${E2E_DATA_DIR} && node --enable-source-maps ${process.env.BUILD_DIR ?? "build"}/host/server.js`,
      // The database fixture (tests/e2e/fixtures.ts) finds the server's database through this.
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        E2E_DATA_DIR,
        SEED_DEMO: "1",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        APP_URL: `http://localhost:${PORT}`,
        OIDC_ISSUER: `http://localhost:${OIDC_PORT}`,
        OIDC_CLIENT_ID: "lernhaus-e2e",
        OIDC_CLIENT_SECRET: "lernhaus-e2e-secret",
        NEWSLETTER_MAILS_PER_MINUTE: "6000",
        FORM_MINIMUM_FILL_MS: String(E2E_MINIMUM_FILL_MS),
        SEPAY_API_KEY: E2E_SEPAY_API_KEY,
      },
    },
  ],
});
