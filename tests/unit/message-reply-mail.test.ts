// The reply mail is the admin's text as it was written: the greeting and signature are the reply
// form's starting text, in the question's language, and the preview shows the mail that is sent.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  messageReplyDraft,
  messageReplyMail,
  type RepliedMessage,
} from "~/mail/templates/message-reply.server";
import { NAME_MAX_LENGTH } from "~/schemas/field-limits";
import { messageReplySchema, REPLY_MAX_LENGTH, replyMailText } from "~/schemas/message-reply";

const question: RepliedMessage = {
  name: "Trần Minh",
  email: "minh@example.test",
  subject: "schedule",
  message: "Lớp tối học mấy giờ?\nCó lớp cuối tuần không?",
  language: "vi",
  createdAt: new Date("2026-09-01T03:00:00Z"),
};
const replyTo = "tuvan@lernhaus.test";
/** The admin who replies, and where the answer goes. */
const from = { authorName: "Cô Mai", replyTo };

/** How often `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("the reply form's starting text", () => {
  it("is the greeting, a line to write on and the signature, in Vietnamese for a Vietnamese question", () => {
    const draft = messageReplyDraft(question, from);
    expect(draft).toMatchObject({ language: "vi", to: "minh@example.test", subject: "Re: Lịch học" });
    expect(draft.text).toBe("Chào Trần Minh,\n\n\n\nTrân trọng,\nCô Mai\nLernhaus");
  });

  it("follows the language of the question, and falls back to Vietnamese for an unknown one", () => {
    expect(messageReplyDraft({ ...question, language: "de", subject: "pricing" }, from)).toMatchObject({
      language: "de",
      subject: "Re: Preise und Angebote",
      text: "Hallo Trần Minh,\n\n\n\nViele Grüße\nCô Mai\nLernhaus",
    });
    expect(messageReplyDraft({ ...question, language: "en" }, from).text).toBe(
      "Hello Trần Minh,\n\n\n\nKind regards,\nCô Mai\nLernhaus",
    );
    expect(messageReplyDraft({ ...question, language: "fr" }, from)).toMatchObject({
      language: "vi",
      text: "Chào Trần Minh,\n\n\n\nTrân trọng,\nCô Mai\nLernhaus",
    });
  });

  it("fits the reply's bound even with the longest names, and passes the form's schema as it is", () => {
    const longest = messageReplyDraft(
      { ...question, name: "N".repeat(NAME_MAX_LENGTH) },
      { authorName: "A".repeat(NAME_MAX_LENGTH), replyTo },
    );
    expect(longest.text.length).toBeLessThan(REPLY_MAX_LENGTH);
    const form = new FormData();
    form.set("id", "0b7e7c4e-3f7a-4d7e-9a43-3c1a2b9d8e11");
    form.set("body", longest.text);
    expect(parseWithZod(form, { schema: messageReplySchema }).status).toBe("success");
  });
});

describe("the reply mail", () => {
  const draft = messageReplyDraft(question, from);
  const written = "Chào anh Minh,\n\nLớp tối học 19:00–21:00, lớp cuối tuần sáng thứ Bảy.\n\nThân,\nCô Mai";

  it("sends the admin's text word for word, without a greeting or signature of its own", () => {
    const mail = messageReplyMail({ message: question, body: written, replyTo });
    expect(mail).toMatchObject({
      kind: "contact-reply",
      to: "minh@example.test",
      replyTo,
      subject: "Re: Lịch học",
    });
    expect(mail.text.startsWith(`${written}\n\n`)).toBe(true);
    expect(occurrences(mail.text, "Chào")).toBe(1);
    expect(mail.text).not.toContain("Trân trọng");
    expect(mail.text).toContain("> Lớp tối học mấy giờ?\n> Có lớp cuối tuần không?");
    expect(mail.html).toContain("Chào anh Minh,<br><br>Lớp tối học 19:00–21:00");
  });

  it("is, as plain text, exactly what the form's preview shows: subject, recipient and every line", () => {
    for (const body of [written, draft.text, `  ${written}\n`]) {
      const mail = messageReplyMail({ message: question, body: body.trim(), replyTo });
      expect(mail.text).toBe(replyMailText(body, draft.after));
      expect(mail.subject).toBe(draft.subject);
      expect(mail.to).toBe(draft.to);
    }
  });

  it("sent as prefilled, greets once and signs once", () => {
    const mail = messageReplyMail({ message: question, body: draft.text, replyTo });
    expect(occurrences(mail.text, "Chào Trần Minh,")).toBe(1);
    expect(occurrences(mail.text, "Trân trọng,")).toBe(1);
  });

  it("keeps a German question's quote and footer in German", () => {
    const mail = messageReplyMail({ message: { ...question, language: "de" }, body: "Danke!", replyTo });
    expect(mail.text).toContain("Ihre Frage vom 01/09/2026:");
    expect(mail.text).toContain("Sie erhalten diese E-Mail");
  });
});

describe("the reply's line breaks", () => {
  it("are kept as the preview shows them: a browser's CRLF becomes \\n before the bound is checked", () => {
    const form = new FormData();
    form.set("id", "0b7e7c4e-3f7a-4d7e-9a43-3c1a2b9d8e11");
    form.set("body", "Chào Lan,\r\n\r\nLớp A1 khai giảng ngày 5/9.\r\n");
    const result = parseWithZod(form, { schema: messageReplySchema });
    expect(result.status === "success" && result.value.body).toBe("Chào Lan,\n\nLớp A1 khai giảng ngày 5/9.");
    // 5,000 line breaks as a browser posts them: 10,000 characters, but 5,000 as typed and counted.
    form.set("body", `a${"\r\n".repeat(REPLY_MAX_LENGTH - 2)}b`);
    expect(parseWithZod(form, { schema: messageReplySchema }).status).toBe("success");
  });
});
