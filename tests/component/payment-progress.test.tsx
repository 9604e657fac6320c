// The success screen's payment block as the payment comes in (issue 31): the transfer details
// while the fee is owed; a part received said with what is left, the QR code kept (it still
// holds the whole fee); once paid, the confirmation in place of the details, in a polite live
// region. Then the live part: a "payments" change on the page's stream makes the block ask the
// server with its token, and the answer changes it without anything else on the page.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hearChange } from "~/components/live-updates";
import { LivePaymentDetails, PaymentProgress } from "~/components/site/payment-progress";
import { languages } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { stageRules } from "~/lib/enrollment-lifecycle";
import { formatPriceVnd } from "~/lib/format";
import type { PaymentDetails } from "~/lib/payment-details";
import type { PaymentStatus } from "~/models/payment-status.server";
import { rawKeysIn, renderOnPage } from "./render";

const FEE = 3_150_000;
const payment: PaymentDetails = {
  amount: FEE,
  price: 3_500_000,
  discount: 350_000,
  bankName: "Vietcombank",
  accountNumber: "0011001234567",
  accountHolder: "TRUONG DUC NGU LERNHAUS",
  reference: "LH7K2Q9X",
  note: "HOCPHI LH7K2Q9X",
  qr: { size: 25, path: "M0 0h7v7H0z" },
};
const card = {
  payment,
  note: stageRules.seat.learnerNote,
  headingId: "enroll-payment-title",
  headingLevel: "h3" as const,
};

const owedNothingYet: PaymentStatus = { stage: "seat", received: 0, due: FEE };
const partial: PaymentStatus = { stage: "seat", received: 1_000_000, due: FEE };
const paid: PaymentStatus = { stage: "paid", received: FEE, due: FEE };

const liveRegion = () => screen.getByTestId("payment-live");
const qrCode = () => screen.queryByRole("img", { name: /0011001234567/ });

describe("the success screen's payment block", () => {
  for (const language of languages) {
    const t = i18n.withLanguage(language).t.bind(i18n.withLanguage(language));

    it(`${language}: owed — the transfer details, nothing said yet`, async () => {
      for (const status of [undefined, owedNothingYet]) {
        const { unmount } = await renderOnPage(<PaymentProgress status={status} {...card} />, { language });
        const details = screen.getByRole("region", { name: t("payment:details.title") });
        expect(within(details).getByTestId("payment-amount").textContent).toBe(formatPriceVnd(FEE));
        expect(qrCode()).not.toBeNull();
        expect(liveRegion().getAttribute("aria-live")).toBe("polite");
        expect(liveRegion().textContent).toBe("");
        unmount();
      }
    });

    it(`${language}: a part received — what came in, what is left, and the QR code kept`, async () => {
      const { page } = await renderOnPage(<PaymentProgress status={partial} {...card} />, { language });
      const said = liveRegion().textContent ?? "";
      expect(said).toContain(
        t("payment:live.partial", {
          received: formatPriceVnd(1_000_000),
          due: formatPriceVnd(FEE),
          left: formatPriceVnd(2_150_000),
        }),
      );
      // The code still asks for the whole fee: the line says to change the amount.
      expect(said).toContain(formatPriceVnd(2_150_000));
      expect(said).toContain(
        t("payment:live.partialQr", { due: formatPriceVnd(FEE), left: formatPriceVnd(2_150_000) }),
      );
      expect(qrCode()).not.toBeNull();
      expect(screen.getByRole("region", { name: t("payment:details.title") })).toBeTruthy();
      expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
    });

    it(`${language}: paid — the confirmation with the amount, no QR code`, async () => {
      const { page } = await renderOnPage(<PaymentProgress status={paid} {...card} />, { language });
      const confirmation = screen.getByRole("region", { name: t("payment:live.paidTitle") });
      expect(liveRegion().contains(confirmation)).toBe(true);
      expect(confirmation.textContent).toContain(
        t("payment:live.paidAmount", { amount: formatPriceVnd(FEE) }),
      );
      expect(confirmation.textContent).toContain(t(stageRules.paid.learnerNote));
      expect(qrCode()).toBeNull();
      expect(screen.queryByTestId("payment-details")).toBeNull();
      expect(page.textContent).not.toContain(payment.accountNumber);
      expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
    });
  }

  it("another stage that owes nothing (cancelled meanwhile): the lifecycle's line, no QR code", async () => {
    await renderOnPage(<PaymentProgress status={{ stage: "cancelled", received: 0, due: FEE }} {...card} />);
    expect(liveRegion().textContent).toBe(i18n.withLanguage("vi").t(stageRules.cancelled.learnerNote));
    expect(qrCode()).toBeNull();
  });
});

describe("the block on the page's stream", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The server's answers, in order; each ask takes the next (the last one repeats). */
  function serverAnswers(...answers: PaymentStatus[]) {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        return Response.json(answers[Math.min(asked.length, answers.length) - 1]);
      }),
    );
    return asked;
  }

  it("asks with its token on a 'payments' change only, and turns to paid without anything else changing", async () => {
    const asked = serverAnswers(partial, paid);
    await renderOnPage(<LivePaymentDetails token="id.signature" {...card} />);
    const region = liveRegion();
    act(() => hearChange("courses"));
    expect(asked).toEqual([]);

    act(() => hearChange("payments"));
    await waitFor(() => expect(liveRegion().textContent).toContain(formatPriceVnd(2_150_000)));
    expect(asked).toEqual(["/api/payment-status/id.signature"]);
    expect(qrCode()).not.toBeNull();

    // A resync stands for every topic.
    act(() => hearChange());
    await waitFor(() => expect(screen.getByRole("region", { name: "Đã nhận thanh toán" })).toBeTruthy());
    expect(qrCode()).toBeNull();
    // The same live region, so that a screen reader says the new content.
    expect(liveRegion()).toBe(region);

    // Paid is final: it asks no more.
    act(() => hearChange("payments"));
    expect(asked).toHaveLength(2);
  });

  it("without a token, follows nothing", async () => {
    const asked = serverAnswers(paid);
    await renderOnPage(<LivePaymentDetails token={undefined} {...card} />);
    act(() => hearChange("payments"));
    expect(asked).toEqual([]);
    expect(qrCode()).not.toBeNull();
  });

  it("keeps the details when the answer is not a status (a 404, a forged token)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Not Found" }, { status: 404 })),
    );
    await renderOnPage(<LivePaymentDetails token="forged.token" {...card} />);
    act(() => hearChange("payments"));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(qrCode()).not.toBeNull();
    expect(liveRegion().textContent).toBe("");
  });
});
