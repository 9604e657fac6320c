// One language per page (ADR 023): a Vietnamese or German text that is identical to the English
// one is a text nobody translated, unless it is on these lists. Shared by the unit test over the
// catalogues and the e2e sweep over the rendered pages.
import fs from "node:fs";
import path from "node:path";

/** Names (of the school, services, languages, levels, formats), the same in every language. */
const names = [
  "Lernhaus",
  "Zalo",
  "Facebook",
  "Instagram",
  "Twitter / X",
  "YouTube",
  "Google",
  "RSS",
  "Tiếng Việt",
  "English",
  "Deutsch",
  "A1",
  "A2",
  "B1",
  "B2",
  // The language codes of the content-language switch and badges (ADR 032).
  "VI",
  "EN",
  "DE",
];

/** Words each language has taken from English and uses as its own. Vietnamese: the spec's own
 * Vietnamese texts say "Email" ("Email không hợp lệ"), and the interface already said "Blog" and
 * "Menu quản trị". German: words spelled the same in both languages. */
export const sameAsEnglish: Record<"vi" | "de", ReadonlySet<string>> = {
  vi: new Set([...names, "Email", "email", "Blog", "Menu", "Hotline", "Website", "IP"]),
  de: new Set([
    ...names,
    "Blog",
    "Hotline",
    "Website",
    "Newsletter",
    "Status",
    "Name",
    "Name A → Z",
    "Name Z → A",
    "Team",
    "Vision",
    "Mission",
    "Normal",
    "Median",
    "Browser",
    "Administrator",
    "Orange",
    "Details",
    "System",
    "IP",
    "Bank",
  ]),
};

/** Whether a text has words to translate at all: placeholders ({{name}}), web and mail addresses,
 * phone numbers and punctuation have none. */
export function hasWords(text: string) {
  const rest = text.replace(/\{\{[^}]*\}\}/g, " ").replace(/\S*(?::\/\/|@)\S*/g, " ");
  return /\p{L}{2,}/u.test(rest);
}

type Tree = { [key: string]: string | Tree };

/** Every text of one language's catalogue, as namespace:key → text. */
export function catalogue(language: string): Map<string, string> {
  const directory = path.resolve("app/locales", language);
  const texts = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") texts.set(`${prefix}${key}`, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const file of fs.readdirSync(directory)) {
    const namespace = file.replace(/\.json$/, "");
    walk(JSON.parse(fs.readFileSync(path.join(directory, file), "utf8")) as Tree, `${namespace}:`);
  }
  return texts;
}

/** The English texts a page in another language must not show, of the keys `include` keeps. */
export function untranslatedEnglish(
  language: "vi" | "de",
  include: (key: string) => boolean = () => true,
): Set<string> {
  const english = new Set<string>();
  const allowed = sameAsEnglish[language];
  for (const [key, text] of catalogue("en")) {
    if (!include(key)) continue;
    // "Email {{email}}" has no word but the allowed "Email" around its placeholder.
    const words = text
      .replace(/\{\{[^}]*\}\}/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (hasWords(text) && !allowed.has(text) && !allowed.has(words)) english.add(text);
  }
  return english;
}
