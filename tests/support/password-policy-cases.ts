// The one table the password policy's tests are generated from (unit: the rule itself;
// integration: every way to set a password). Issue 26 item 6 reported the first seven accepted.
import type { PasswordWeakness } from "~/auth/password-strength.server";

/** Whose password it is: "personal" cases are built on these. */
export const PASSWORD_OWNER = { email: "thu.le@lernhaus.test", name: "Lê Thu" };

export const REFUSED_PASSWORDS: { password: string; weakness: PasswordWeakness }[] = [
  { password: "aaaaaa", weakness: "pattern" },
  { password: "abcabc", weakness: "pattern" },
  { password: "abcdef", weakness: "pattern" },
  { password: "matkhau", weakness: "common" },
  { password: "hoilamgi", weakness: "common" },
  { password: "tiengduc", weakness: "common" },
  { password: "deutsch1", weakness: "common" },
  { password: "anhyeuem", weakness: "common" },
  { password: "mậtkhẩu123", weakness: "common" },
  { password: "Passwort1", weakness: "common" },
  { password: "123456", weakness: "common" },
  { password: "Lernhaus2025", weakness: "personal" },
  { password: "thu.le", weakness: "personal" },
  { password: "Lê Thu", weakness: "personal" },
  { password: "12345", weakness: "tooShort" },
];

export const ACCEPTED_PASSWORDS = [
  "Lernen-2025!",
  "Deutsch ist schön 7",
  "b1-goethe-hà-nội",
  "Neues-Passwort-2026",
  "Neues-Passwort-1",
  "Deutsch-B2!",
];
