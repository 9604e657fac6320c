// The e2e server has no SMTP_URL: each mail it sends is an .eml file in DATA_DIR/mail.
import fs from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";

const mailDir = path.join(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data", "mail");

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
