// The browser the tests drive, in one place (ADR 037, stop 37 amendment). Playwright's tests run
// Debian's headless shell of Chromium: the same engine as the full browser without its window
// machinery — what Playwright itself runs for headless tests — at about two thirds of the full
// browser's CPU for the same pages. Lighthouse keeps the full browser (`LIGHTHOUSE_CHROMIUM`), as
// Lighthouse itself does. Playwright never downloads a browser here; `.ci/run` installs both.
export const TEST_CHROMIUM = "/usr/bin/chromium-headless-shell";
export const LIGHTHOUSE_CHROMIUM = "/usr/bin/chromium";

/** No sandbox (tests run as root in containers), no GPU, and none of the browser's own traffic. */
export const TEST_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
