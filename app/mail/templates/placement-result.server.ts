// The placement test's result (issue 29), mailed to the learner who asked for it, in the
// language of the page they took the test in, with the link back to the result.
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { type PlacementResult, placementLevels } from "~/lib/placement-test";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

export interface PlacementResultMail {
  to: string;
  name?: string;
  language: Language;
  result: PlacementResult;
  /** The result page's address (the attempt's secret is in it). */
  resultUrl: string;
}

export async function queuePlacementResultMail(db: Executor, mail: PlacementResultMail) {
  const t = i18n.getFixedT(mail.language);
  const { result } = mail;
  await enqueueMail(db, {
    kind: "placement-result",
    to: mail.to,
    subject: t("placement:mail.subject"),
    ...renderMail({
      greeting: mail.name
        ? t("placement:mail.greetingNamed", { name: mail.name })
        : t("placement:mail.greeting"),
      paragraphs: [t(`placement:result.summary.${result.startAt}`), t("placement:mail.next")],
      details: placementLevels
        .filter((level) => result.byLevel[level].asked > 0)
        .map((level) => [
          t("placement:result.levelRow", { level }),
          t("placement:result.score", { ...result.byLevel[level] }),
        ]),
      action: { label: t("placement:mail.open"), url: mail.resultUrl },
      footer: t("placement:mail.footer"),
    }),
  });
}
