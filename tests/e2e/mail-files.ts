// The mail the e2e server sends goes over SMTP to the run's sink (tests/support/e2e-smtp-sink.ts),
// which keeps each message as an .eml file in this folder (playwright.config.ts names it).
import fs from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";

export const E2E_MAIL_DIR = `${process.env.E2E_DATA_DIR ?? ".tmp/e2e-data"}-mail`;
const mailDir = E2E_MAIL_DIR;

export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : [];
    for (const file of files.reverse()) {
      const parsed = await PostalMime.parse(fs.readFileSync(path.join(mailDir, file)));
      if (parsed.to?.some((a) => "address" in a && a.address === to) && subject.test(parsed.subject ?? "")) {
        return { subject: parsed.subject ?? "", text: parsed.text ?? "", html: parsed.html ?? "" };
      }
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
