// What the end-to-end servers are started with (playwright.config.ts) that tests must also know.

/** The public forms' minimum fill time on the e2e servers (FORM_MINIMUM_FILL_MS): short, so the
 * form journeys do not each wait out the spec's 3 s; still above zero, so the page's wait and the
 * server's check stay in every journey. The real value is tested by the integration tests of the
 * form limits and by the built server's system test (tests/system/running-server.test.ts). */
export const E2E_MINIMUM_FILL_MS = 400;

/** SePay's API key on the e2e servers (SEPAY_API_KEY, ADR 050): the bank-notification journey
 * posts as SePay with it. Set by the environment, Settings › Thanh toán shows SePay as set there. */
export const E2E_SEPAY_API_KEY = "e2e-sepay-api-key-0123456789";
