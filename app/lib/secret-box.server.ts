// A secret the app must read back later (a provider's signing key, ADR 050), stored encrypted:
// a database dump or backup alone does not give it away. AES-256-GCM under a key derived from
// AUTH_SECRET for one purpose; a changed AUTH_SECRET makes the stored secret unreadable, and the
// setting then asks for it again rather than failing.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

function keyFor(authSecret: string, purpose: string) {
  return Buffer.from(hkdfSync("sha256", authSecret, "lernhaus-secret-box", purpose, 32));
}

/** "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function sealSecret(authSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(authSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or undefined when it cannot be read (empty, tampered, another AUTH_SECRET). */
export function openSecret(authSecret: string, purpose: string, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyFor(authSecret, purpose),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return undefined;
  }
}
