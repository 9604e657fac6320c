// The mail server of the e2e run: a real SMTP server on loopback (smtp-server, through
// startSmtpSink) that the app's mail worker sends to, as it would to the school's provider. Each
// message received is written, before the server answers it, as an .eml file into E2E_MAIL_DIR,
// where the tests read what a person would get (tests/e2e/mail-files.ts). Run as a Playwright
// web server.
import fs from "node:fs";
import path from "node:path";
import { startSmtpSink } from "./smtp-sink";

const port = Number(process.env.SMTP_SINK_PORT);
const directory = process.env.E2E_MAIL_DIR;
if (!port || !directory) throw new Error("SMTP_SINK_PORT and E2E_MAIL_DIR are required");

fs.rmSync(directory, { recursive: true, force: true });
fs.mkdirSync(directory, { recursive: true });
let received = 0;
await startSmtpSink(port, {
  async beforeAnswer(mail) {
    received += 1;
    const name = `${String(received).padStart(6, "0")}.eml`;
    // Written whole under a temporary name, then renamed: a reader never sees half a message.
    const file = path.join(directory, name);
    await fs.promises.writeFile(`${file}.part`, mail.raw);
    await fs.promises.rename(`${file}.part`, file);
  },
});
console.log(`e2e SMTP sink on port ${port}, writing to ${directory}`);
