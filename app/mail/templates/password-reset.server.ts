import type { ResetMail } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { i18n } from "~/i18n/resources.server";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

export async function queuePasswordResetMail(db: Db, mail: ResetMail) {
  const t = i18n.getFixedT(mail.language, "auth");
  const body = renderMail({
    greeting: t("mail.greeting", { name: mail.name }),
    paragraphs: [t("mail.resetText"), t("mail.resetExpiry")],
    action: { label: t("mail.resetAction"), url: mail.url },
    footer: t("mail.resetIgnore"),
  });
  await enqueueMail(db, { kind: "password-reset", to: mail.to, subject: t("mail.resetSubject"), ...body });
}
