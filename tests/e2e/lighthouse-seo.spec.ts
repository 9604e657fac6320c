// Issue 19: the English course list, an address of its own with its alternates, scores 100 in
// Lighthouse's SEO category (mobile, as Google indexes). Lighthouse drives a Chromium of its own
// and takes the machine for some seconds: it runs in the exclusive project, alone.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LIGHTHOUSE_CHROMIUM } from "../support/browser";
import { expect, test } from "./fixtures";

test("@exclusive Lighthouse rates the SEO of /en/courses 100", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const chrome = await chromeLauncher.launch({
    chromePath: LIGHTHOUSE_CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(`${baseURL}/en/courses`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["seo"],
      formFactor: "mobile",
    });
    const seo = result?.lhr.categories.seo;
    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => `${audit.id}: ${audit.title}`);
    expect(seo?.score, `failing audits:\n${failing.join("\n")}`).toBe(1);
  } finally {
    chrome.kill();
  }
});
