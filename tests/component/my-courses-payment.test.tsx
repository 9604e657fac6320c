// "Khóa học của tôi" for an enrolment in each stage of its lifecycle (ADR 033), with the school
// taking transfers or not, in each language: the transfer details (QR code, amount) exactly while
// the fee is due, the lifecycle's line about paying whenever the school takes transfers, and
// nothing about payment otherwise. The enrolment goes through the profile's own mapping
// (myCourseOf) from the row the database query gives, as the page's loader does.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import {
  type EnrollmentStage,
  enrollmentStage,
  enrollmentStages,
  stageRules,
} from "~/lib/enrollment-lifecycle";
import { formatPriceVnd } from "~/lib/format";
import type { LearnerEnrollment } from "~/models/learner-enrollment.server";
import { type PaymentSettings, vietQrBankBins } from "~/models/payment-settings.server";
import { renderMyCourse } from "./my-courses";
import { rawKeysIn } from "./render";

/** A stored enrolment in each stage: the columns the lifecycle reads. */
const stageColumns: Record<
  EnrollmentStage,
  Pick<LearnerEnrollment, "status" | "paymentStatus" | "waitlistRank" | "seatOfferedAt" | "received">
> = {
  seat: { status: "new", paymentStatus: "pending", waitlistRank: null, seatOfferedAt: null, received: 0 },
  waitlisted: { status: "new", paymentStatus: "pending", waitlistRank: 3, seatOfferedAt: null, received: 0 },
  offered: {
    status: "contacted",
    paymentStatus: "pending",
    waitlistRank: null,
    seatOfferedAt: new Date("2026-11-20T03:00:00Z"),
    received: 0,
  },
  paid: {
    status: "enrolled",
    paymentStatus: "paid",
    waitlistRank: null,
    seatOfferedAt: null,
    received: 2_550_000,
  },
  cancelled: {
    status: "cancelled",
    paymentStatus: "pending",
    waitlistRank: null,
    seatOfferedAt: null,
    received: 0,
  },
  "refund-due": {
    status: "cancelled",
    paymentStatus: "paid",
    waitlistRank: null,
    seatOfferedAt: null,
    received: 2_550_000,
  },
  refunded: {
    status: "cancelled",
    paymentStatus: "refunded",
    waitlistRank: null,
    seatOfferedAt: null,
    received: 2_550_000,
  },
};

function enrolment(stage: EnrollmentStage): LearnerEnrollment {
  return {
    id: `enrolment-${stage}`,
    level: "A1",
    courseTitle: "Tiếng Đức sơ cấp A1",
    paymentReference: "LH7Q2K",
    paymentAmount: 2_550_000,
    coursePrice: 3_000_000,
    createdAt: new Date("2026-11-02T04:00:00Z"),
    classId: null,
    classStartsOn: null,
    classWeekdays: null,
    classStartTime: null,
    classEndTime: null,
    classStatus: null,
    waitlistPosition: stageColumns[stage].waitlistRank === null ? null : 2,
    ...stageColumns[stage],
  };
}

const transfersOn: PaymentSettings = {
  bankBin: vietQrBankBins[0]!,
  accountNumber: "0071000123456",
  accountHolder: "TRUNG TAM LERNHAUS",
  transferPrefix: "LERNHAUS",
  firstCourseDiscount: true,
};
const transfersOff: PaymentSettings = { ...transfersOn, accountNumber: "" };

const allNotes = [...new Set(enrollmentStages.map((stage) => stageRules[stage].learnerNote))];

describe("the payment part of an enrolment in 'Khóa học của tôi'", () => {
  it("each example row is in the stage it stands for", () => {
    for (const stage of enrollmentStages) expect(enrollmentStage(enrolment(stage))).toBe(stage);
  });

  for (const language of languages) {
    const t = i18n.withLanguage(language).t.bind(i18n.withLanguage(language));
    for (const stage of enrollmentStages) {
      for (const [school, settings] of [
        ["takes transfers", transfersOn],
        ["takes no transfers", transfersOff],
      ] as const) {
        it(`${language}: ${stage}, the school ${school}`, async () => {
          const item = await renderMyCourse(enrolment(stage), settings, language);
          const text = item.textContent ?? "";
          const owes = stageRules[stage].owes && school === "takes transfers";

          const details = screen.queryByRole("region", { name: t("payment:details.title") });
          if (owes) {
            expect(details, "the transfer details while the fee is due").not.toBeNull();
            expect(within(details!).getByTestId("payment-amount").textContent).toBe(
              formatPriceVnd(2_550_000),
            );
            expect(within(details!).getByRole("img", { name: /0071000123456/ })).toBeTruthy();
          } else {
            expect(details, "no transfer details").toBeNull();
            expect(text).not.toContain("0071000123456");
          }

          const shownNotes = allNotes.filter((key) => text.includes(t(key)));
          expect(shownNotes).toEqual(school === "takes transfers" ? [stageRules[stage].learnerNote] : []);
          expect(rawKeysIn(text)).toEqual([]);
        });
      }
    }
  }
});

describe("an enrolment whose fee came in part (ADR 050)", () => {
  for (const language of languages) {
    const t = i18n.withLanguage(language).t.bind(i18n.withLanguage(language));
    it(`${language}: says what came in and what is left, and keeps the transfer details`, async () => {
      const item = await renderMyCourse({ ...enrolment("seat"), received: 1_000_000 }, transfersOn, language);
      const text = item.textContent ?? "";
      const amounts = {
        received: formatPriceVnd(1_000_000),
        due: formatPriceVnd(2_550_000),
        left: formatPriceVnd(1_550_000),
      };
      expect(text).toContain(t("payment:live.partial", amounts));
      expect(text).toContain(t("payment:live.partialQr", { due: amounts.due, left: amounts.left }));
      expect(text).not.toContain(t("account:myCourses.payment.pending"));
      expect(screen.queryByRole("region", { name: t("payment:details.title") })).not.toBeNull();
      expect(rawKeysIn(text)).toEqual([]);
    });
  }
});
