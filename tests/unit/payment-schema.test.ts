// Settings › Thanh toán's rules that need no database (ADR 028): names and notes as banks write
// them, the first-course discount's rounding, and the transfer details through the success
// screen's recap and back.
import { describe, expect, it } from "vitest";
import { paymentDetailsOfRecap, paymentRecapOf } from "~/lib/payment-details";
import { amountDue, bankText, paymentSettingsSchema } from "~/schemas/payment";

describe("bank text", () => {
  it.each([
    ["Trường Đức Ngữ Lernhaus", "TRUONG DUC NGU LERNHAUS"],
    ["  nguyễn   thị  ánh  ", "NGUYEN THI ANH"],
    ["đặng ĐỨC", "DANG DUC"],
    ["Học phí 2027", "HOC PHI 2027"],
  ])("writes %j as %j", (typed, stored) => {
    expect(bankText(typed)).toBe(stored);
  });
});

describe("payment settings schema", () => {
  const schema = paymentSettingsSchema(["970436"]);

  it("takes everything empty as payment off", () => {
    expect(schema.parse({})).toEqual({
      bankBin: "",
      accountNumber: "",
      accountHolder: "",
      transferPrefix: "",
      firstCourseDiscount: false,
    });
  });

  it("refuses a prefix that leaves the note longer than EMVCo's 25 characters", () => {
    expect(
      schema.safeParse({
        bankBin: "970436",
        accountNumber: "123456",
        accountHolder: "A",
        transferPrefix: "A".repeat(16),
      }).success,
    ).toBe(true);
    expect(
      schema.safeParse({
        bankBin: "970436",
        accountNumber: "123456",
        accountHolder: "A",
        transferPrefix: "A".repeat(17),
      }).success,
    ).toBe(false);
  });
});

describe("amount due", () => {
  it("is the price, or 90 % of it rounded to whole đồng", () => {
    expect(amountDue(3_500_000, false)).toBe(3_500_000);
    expect(amountDue(3_500_000, true)).toBe(3_150_000);
    expect(amountDue(1_234_567, true)).toBe(1_111_110);
  });
});

describe("payment recap", () => {
  it("carries the details to the success screen and back", () => {
    const details = {
      amount: 3_150_000,
      bankName: "Vietcombank",
      accountNumber: "0011001234567",
      accountHolder: "TRUONG DUC NGU LERNHAUS",
      reference: "LH7K2Q9X",
      note: "HOCPHI LH7K2Q9X",
      qr: { size: 49, path: "M4 4h7v1h-7z" },
    };
    const asStrings = Object.fromEntries(
      Object.entries(paymentRecapOf(details)).map(([name, value]) => [name, String(value)]),
    );
    expect(paymentDetailsOfRecap(asStrings)).toEqual(details);
  });

  it("is nothing without an amount or a code", () => {
    expect(paymentDetailsOfRecap({})).toBeUndefined();
    expect(
      paymentDetailsOfRecap({
        paymentAmount: "0",
        paymentReference: "LH7K2Q9X",
        paymentQrSize: "49",
        paymentQrPath: "M",
      }),
    ).toBeUndefined();
  });
});
