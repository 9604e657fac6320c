// The setup step's code check against RFC 6238's own test vectors (SHA-1, 6 digits), and the
// otpauth URI an authenticator app reads.
import { describe, expect, it } from "vitest";
import { base32Encode, totpUri, verifyTotpCode } from "~/auth/totp.server";
import { base32Decode } from "../support/totp";

const RFC_KEY = new TextEncoder().encode("12345678901234567890");

describe("TOTP (RFC 6238)", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("accepts the RFC's code at %i s", (seconds, code) => {
    expect(verifyTotpCode(RFC_KEY, code, seconds * 1000)).toBe(true);
  });

  it("allows one 30-second step of clock drift either way, not two", () => {
    const at = 1111111111 * 1000;
    expect(verifyTotpCode(RFC_KEY, "050471", at + 30_000)).toBe(true);
    expect(verifyTotpCode(RFC_KEY, "050471", at - 30_000)).toBe(true);
    expect(verifyTotpCode(RFC_KEY, "050471", at + 61_000)).toBe(false);
  });

  it("refuses anything but six digits", () => {
    for (const code of ["", "05047", "0504711", "05047a", " 050471"]) {
      expect(verifyTotpCode(RFC_KEY, code, 1111111111 * 1000)).toBe(false);
    }
  });

  it("spells the secret in base32 inside an otpauth URI", () => {
    expect(base32Encode(RFC_KEY)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(base32Encode(RFC_KEY)).equals(Buffer.from(RFC_KEY))).toBe(true);
    expect(totpUri("Lernhaus", "cô.hoa@lernhaus.test", RFC_KEY)).toBe(
      "otpauth://totp/Lernhaus:c%C3%B4.hoa%40lernhaus.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Lernhaus&digits=6&period=30",
    );
  });
});
