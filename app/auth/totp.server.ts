// RFC 6238 time-based codes, for confirming the authenticator app during setup (the sign-in
// step is verified by better-auth's two-factor plugin with the same parameters: SHA-1, 6 digits,
// 30-second steps, one step of clock drift either way).
import { createHmac, timingSafeEqual } from "node:crypto";

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how otpauth URIs and authenticator apps spell secrets. */
export function base32Encode(bytes: Uint8Array) {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function hotp(key: Uint8Array, counter: number) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time step whose code `code` is (within one step of clock drift either way), else null. */
export function totpCodeStep(key: Uint8Array, code: string, now = Date.now()) {
  if (!/^\d{6}$/.test(code)) return null;
  const counter = Math.floor(now / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  // Every candidate is compared, in constant time, whichever matches.
  for (const drift of [-1, 0, 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, counter + drift)), Buffer.from(code)))
      matched = counter + drift;
  }
  return matched;
}

export function verifyTotpCode(key: Uint8Array, code: string, now = Date.now()) {
  return totpCodeStep(key, code, now) !== null;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(issuer: string, account: string, key: Uint8Array) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(key),
    issuer,
    digits: String(DIGITS),
    period: String(PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}
