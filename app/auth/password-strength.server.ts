import { dictionary } from "@zxcvbn-ts/language-common";

// spec §8 "Mật khẩu quá yếu": "weak" = among the 10,000 most common passwords (zxcvbn-ts's
// list, ranked by frequency, shipped in the package: never fetched), or equal to the email's
// local part or the name.
const COMMON_PASSWORDS = new Set(dictionary.passwords.slice(0, 10_000).map((p) => p.toLowerCase()));

export function isWeakPassword(password: string, person: { email: string; name: string }) {
  const candidate = password.toLowerCase();
  const localPart = person.email.split("@")[0]?.toLowerCase() ?? "";
  return (
    COMMON_PASSWORDS.has(candidate) ||
    candidate === localPart ||
    candidate === person.name.trim().toLowerCase() ||
    candidate.replace(/\s+/g, "") === person.name.replace(/\s+/g, "").toLowerCase()
  );
}
