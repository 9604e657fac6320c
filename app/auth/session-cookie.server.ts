// The session cookie better-auth sets, read the way better-auth reads it (ADR 061): its value is
// `<token>.<signature>`, URI-encoded, the signature an HMAC-SHA256 of the token with AUTH_SECRET
// in base64 (44 characters, the last "="). The edge's cheap check (server/request-gate.ts) and
// the session lookup (session.server.ts) both verify it here, so that a cookie one of them takes
// the other takes too.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The value of the cookie `name` in a Cookie header, as better-auth's parser finds it: the first
 * of that name, surrounding quotes taken off, URI-decoded when it decodes. */
export function cookieValue(cookieHeader: string, name: string): string | undefined {
  let index = 0;
  while (index < cookieHeader.length) {
    const equals = cookieHeader.indexOf("=", index);
    if (equals === -1) return undefined;
    let end = cookieHeader.indexOf(";", index);
    if (end === -1) end = cookieHeader.length;
    else if (end < equals) {
      // A part without "=": the next name starts after the last ";" before this "=".
      index = cookieHeader.lastIndexOf(";", equals - 1) + 1;
      continue;
    }
    if (cookieHeader.slice(index, equals).trim() === name) {
      let value = cookieHeader.slice(equals + 1, end).trim();
      if (value.startsWith('"')) value = value.slice(1, -1);
      return decodedIfItDecodes(value);
    }
    index = end + 1;
  }
  return undefined;
}

function decodedIfItDecodes(value: string) {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A signature as better-auth writes it and its verification decodes it: standard base64 of 32
 * bytes. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The token of a signed cookie value when `secret` signed it; null for any other value. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = signedValue.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const token = signedValue.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The token of the signed session cookie `name` in a Cookie header, or null. */
export function signedSessionToken(cookieHeader: string, name: string, secret: string): string | null {
  const value = cookieValue(cookieHeader, name);
  return value === undefined ? null : verifiedToken(value, secret);
}
