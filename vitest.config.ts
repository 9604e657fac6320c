import { defineConfig } from "vitest/config";

// Three kinds of Vitest tests (Playwright runs the browser ones):
// - unit: pure functions, no services;
// - integration: models and server pieces against a real PostgreSQL, one database per file;
// - system: the built production server as a process (boot, shutdown, DATA_DIR, health).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Under CI each run also writes a JSON report; scripts/test-summary.ts adds them up.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: `.tmp/results/vitest-${process.pid}.json` }]]
      : ["default"],
    projects: [
      {
        extends: true,
        // No module isolation between files: the app's modules hold only caches, never what a
        // test asserts on, and importing the app's graph again for each file was most of the
        // time (22 s → 8 s alone, ADR 037). The same holds for the integration tests (240 → 170
        // CPU-s), whose files close their databases at their end (tests/support/integration-setup.ts).
        // The property tests generate hundreds of cases; beside the other stages on two cores
        // a second is several (the default 5 s limit was met at a load average of 18).
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // What a component shows for given data, in a simulated DOM: no browser needed
        // (tests/component/render.tsx). Playwright keeps the journeys.
        test: {
          name: "component",
          include: ["tests/component/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/component/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          globalSetup: ["tests/support/system-data-template.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each test boots whole servers with their own database: one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
