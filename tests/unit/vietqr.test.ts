// The VietQR payload against payloads written out by hand from the EMVCo QRCPS fields and
// NAPAS's VietQR profile, and its checksum against CRC-16/CCITT-FALSE's standard check value.
// The expected checksums were computed independently of this code (Python's
// binascii.crc_hqx(data, 0xFFFF), the same CRC).
import { describe, expect, it } from "vitest";
import { crc16CcittFalse, tlv, transferNote, vietQrPayload } from "~/lib/vietqr";

describe("CRC-16/CCITT-FALSE", () => {
  it("gives the standard check value for 123456789", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
  });

  it("pads to four uppercase hex digits", () => {
    // The empty input leaves the initial value untouched.
    expect(crc16CcittFalse("")).toBe("FFFF");
  });
});

describe("VietQR payload", () => {
  // Vietcombank (BIN 970436), account 0011001234567, 3.150.000đ, note "HOCPHI LH7K2Q9X".
  const beneficiary = "0006970436" + "0113" + "0011001234567"; // 00 BIN, 01 account: 27 chars
  const merchantAccount =
    "0010A000000727" + // 00 GUID (NAPAS)
    `0127${beneficiary}` + // 01 beneficiary organisation
    "0208QRIBFTTA"; // 02 service: transfer to an account
  const withoutCrc =
    "000201" + // 00 payload format indicator
    "010212" + // 01 point of initiation: dynamic (one amount)
    `3857${merchantAccount}` + // 38 merchant account information, 57 chars
    "5303704" + // 53 currency: VND
    "54073150000" + // 54 amount
    "5802VN" + // 58 country
    "62190815HOCPHI LH7K2Q9X" + // 62 additional data: 08 purpose, 15 chars
    "6304"; // 63 CRC, its own id and length included in the checksum

  it("matches the payload written out by hand", () => {
    expect(merchantAccount).toHaveLength(57);
    expect(
      vietQrPayload({
        bankBin: "970436",
        accountNumber: "0011001234567",
        amount: 3_150_000,
        note: "HOCPHI LH7K2Q9X",
      }),
    ).toBe(`${withoutCrc}EC31`);
  });

  it("carries the reference alone when there is no prefix", () => {
    const payload = vietQrPayload({
      bankBin: "970436",
      accountNumber: "0011001234567",
      amount: 1_500_000,
      note: transferNote("", "LH23ABCD"),
    });
    expect(payload).toBe(
      "000201010212" +
        `3857${merchantAccount}` +
        "5303704" +
        "54071500000" +
        "5802VN" +
        "62120808LH23ABCD" +
        "6304D02B",
    );
  });

  it("ends with the checksum of everything before it", () => {
    const payload = vietQrPayload({ bankBin: "970422", accountNumber: "123", amount: 1, note: "X" });
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it("refuses an amount that is not a whole number of đồng above zero", () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect(() => vietQrPayload({ bankBin: "970436", accountNumber: "1", amount, note: "" })).toThrow();
    }
  });

  it("refuses a field longer than 99 characters", () => {
    expect(tlv("08", "A".repeat(99))).toHaveLength(103);
    expect(() => tlv("08", "A".repeat(100))).toThrow();
  });
});

describe("transfer note", () => {
  it("is the prefix, a space and the reference, or the reference alone", () => {
    expect(transferNote("HOCPHI", "LH7K2Q9X")).toBe("HOCPHI LH7K2Q9X");
    expect(transferNote("  ", "LH7K2Q9X")).toBe("LH7K2Q9X");
  });
});
