import type { VerificationMail } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { i18n } from "~/i18n/resources.server";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

/** The link that proves a new account's address, in the language the person signed up in. */
export async function queueEmailVerificationMail(db: Db, mail: VerificationMail) {
  const t = i18n.getFixedT(mail.language, "account");
  const body = renderMail({
    greeting: t("verification.mail.greeting", { name: mail.name }),
    paragraphs: [t("verification.mail.text"), t("verification.mail.expiry")],
    action: { label: t("verification.mail.action"), url: mail.url },
    footer: t("verification.mail.ignore"),
  });
  await enqueueMail(db, {
    kind: "email-verification",
    to: mail.to,
    subject: t("verification.mail.subject"),
    ...body,
  });
}
