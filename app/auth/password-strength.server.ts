// The one password policy (docs/decisions/035-one-password-policy-and-device-cookies.md): every
// way to set a password (sign-up, change, reset, the CLI, better-auth's own endpoints through its
// before-hook in auth.server.ts) asks `passwordWeakness`. Length is the spec's rule (§9: at least
// 6 characters, "Mật khẩu phải có ít nhất 6 ký tự"); beyond it a password is "too weak" (spec §8
// "Mật khẩu quá yếu") when zxcvbn-ts, with the common, German and Vietnamese dictionaries, the
// school's name and the person's own name and email, rates it guessable by a throttled online
// attacker. The dictionaries (some MB) are loaded on the first check, on the server only: this
// module is `.server.ts`, so neither it nor they ever reach a page's JavaScript.
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/auth";

/** Why a password is refused; each has its message in the "auth" catalogue (`passwordWeakness`). */
export type PasswordWeakness = "tooShort" | "tooLong" | "common" | "personal" | "pattern";

/** zxcvbn's score 2 ("somewhat guessable": under 10^8 guesses) is what a throttled online attack
 * cannot reach; 0 and 1 fall to it (our sign-in limits allow some 2,880 guesses a day). */
const MIN_SCORE = 2;

/** The school's own name in its spellings: a password built on it is guessed first. */
export const SCHOOL_NAMES = ["lernhaus", "lern haus", "lernhausvn", "lernhaus.vn"];

/** Common Vietnamese passwords and words, written without diacritics (passwords are compared
 * folded, see `foldDiacritics`), most common first: zxcvbn ranks a word by its position. */
export const VIETNAMESE_PASSWORD_WORDS = [
  "matkhau",
  "anhyeuem",
  "emyeuanh",
  "yeuem",
  "yeuanh",
  "hoilamgi",
  "tiengduc",
  "tiengviet",
  "vietnam",
  "hanoi",
  "saigon",
  "hochiminh",
  "danang",
  "haiphong",
  "nhatrang",
  "dalat",
  "cantho",
  "matkhaumoi",
  "quenmatkhau",
  "dangnhap",
  "dangky",
  "taikhoan",
  "bimat",
  "xinchao",
  "chaoban",
  "camon",
  "khongbiet",
  "khongco",
  "toiyeuban",
  "anhyeuemnhieu",
  "yeuemmaimai",
  "maimai",
  "mai mai ben nhau",
  "hanhphuc",
  "thanhcong",
  "giadinh",
  "banbe",
  "conyeu",
  "hocsinh",
  "sinhvien",
  "giaovien",
  "truonghoc",
  "hoctiengduc",
  "duhocduc",
  "nuocduc",
  "quantri",
  "nguyen",
  "tran",
  "pham",
  "hoang",
  "huynh",
  "phan",
  "dang",
  "bui",
  "duong",
  "minh",
  "linh",
  "huong",
  "hung",
  "dung",
  "tuan",
  "long",
  "thanh",
  "trang",
  "ngoc",
  "phuong",
  "thao",
  "quang",
  "hieu",
  "trung",
  "khanh",
  "thuy",
  "nhung",
];

/** "Mật khẩu Đức" → "Mat khau Duc": people type the same word with or without its marks. */
export function foldDiacritics(text: string) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replaceAll("đ", "d").replaceAll("Đ", "D");
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Built once per process, on the first password checked. */
function loadEstimator() {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, german] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-de"),
    ]);
    return new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: {
        ...common.dictionary,
        ...german.dictionary,
        vietnamese: VIETNAMESE_PASSWORD_WORDS,
        school: SCHOOL_NAMES,
      },
    });
  })();
  return estimator;
}

/** The words of the person's own that a password must not be built on. */
function personalWords(person: { email: string; name: string }) {
  const email = foldDiacritics(person.email.trim().toLowerCase());
  const localPart = email.split("@")[0] ?? "";
  const name = foldDiacritics(person.name.trim().toLowerCase());
  return [
    email,
    localPart,
    ...localPart.split(/[._+-]+/),
    name,
    name.replace(/\s+/g, ""),
    ...name.split(/\s+/),
  ].filter((word) => word.length >= 2);
}

/** Why the estimate is too low: the person's or school's words, other dictionary words, or
 * patterns alone (repeats, sequences, keyboard rows, dates). */
function reasonOf(result: ZxcvbnResult): PasswordWeakness {
  const dictionaries = result.sequence.flatMap((match) =>
    "dictionaryName" in match && typeof match.dictionaryName === "string" ? [match.dictionaryName] : [],
  );
  if (dictionaries.some((name) => name === "userInputs" || name === "school")) return "personal";
  return dictionaries.length > 0 ? "common" : "pattern";
}

/** The policy: null when the password may be set, else why not. */
export async function passwordWeakness(
  password: string,
  person: { email: string; name: string },
): Promise<PasswordWeakness | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  const result = (await loadEstimator()).check(foldDiacritics(password), personalWords(person));
  return result.score >= MIN_SCORE ? null : reasonOf(result);
}

/** The form's messages for a refusal: the spec's own text first, then why (i18n keys). */
export function passwordWeaknessMessages(weakness: PasswordWeakness): string[] {
  if (weakness === "tooShort") return ["auth:errors.passwordTooShort"];
  if (weakness === "tooLong") return ["auth:errors.passwordTooLong"];
  return ["auth:errors.weakPassword", `auth:errors.weakPasswordWhy.${weakness}`];
}
