// House rule: German addresses the reader formally ("Sie", "Ihnen", "Ihr") on every page, form
// and mail. This fails, listing `file: key: text`, when a German text uses "du" or "ihr" (plural)
// forms: the pronouns and possessives as whole words, and the verb forms that only go with "du".
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const germanDir = path.resolve("app/locales/de");
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[full, value] as [string, string]] : flatten(value, full);
  });
}

const texts = fs
  .readdirSync(germanDir)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .flatMap((file) =>
    flatten(JSON.parse(fs.readFileSync(path.join(germanDir, file), "utf8")) as Tree).map(([key, text]) => ({
      file,
      key,
      text,
    })),
  );

/** Only the words a reader sees: no {{placeholders}}, markup or addresses (a "/dir/" in a URL is no "dir"). */
function prose(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\b(?:https?:\/\/|mailto:|www\.)\S*/gi, " ")
    .replace(/(?:^|\s)\/\S*/g, " ");
}

/** A whole word, Unicode-aware: "dir" in "Direktor" or "du" in "Dung" is no match. */
const word = (words: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join("|")})(?![\\p{L}\\p{N}_])`, "iu");

const informalPronoun = word([
  "du",
  "dich",
  "dir",
  "dein",
  "deine",
  "deinen",
  "deinem",
  "deiner",
  "deines",
  "euch",
  "euer",
  "eure",
  "euren",
  "eurem",
  "eurer",
  "eures",
]);

/** Verb forms that only go with "du" (the subject may be left out or stand after the verb). */
const informalVerb = word([
  "bist",
  "hast",
  "kannst",
  "willst",
  "möchtest",
  "musst",
  "sollst",
  "darfst",
  "wirst",
  "brauchst",
  "bekommst",
  "erhältst",
  "findest",
  "siehst",
  "weißt",
]);

function offenders(pattern: RegExp): string[] {
  return texts
    .filter(({ text }) => pattern.test(prose(text)))
    .map(({ file, key, text }) => `${file}: ${key}: ${text}`);
}

describe("German texts address the reader formally", () => {
  it("read some texts", () => {
    expect(texts.length).toBeGreaterThan(100);
  });

  it("use no du/dich/dir/dein…/euch/euer… (Sie, Ihnen, Ihr… instead)", () => {
    expect(offenders(informalPronoun)).toEqual([]);
  });

  it("use no verb forms that go with du (kannst, hast, bist…)", () => {
    expect(offenders(informalVerb)).toEqual([]);
  });

  it("catch the informal words and leave the formal ones and addresses alone", () => {
    expect(informalPronoun.test(prose("Lernhaus hat deine Frage erhalten"))).toBe(true);
    expect(informalPronoun.test(prose("Du beginnst mit dem A1-Kurs."))).toBe(true);
    expect(informalPronoun.test(prose("Wie sollen wir dich kontaktieren?"))).toBe(true);
    expect(informalVerb.test(prose("Danach kannst du nichts mehr tun."))).toBe(true);
    expect(informalPronoun.test(prose("Lernhaus hat Ihre Frage erhalten. Wir rufen Sie an."))).toBe(false);
    expect(informalPronoun.test(prose("Direktorin, Dung, Dieu, düster, Dürer, Deinstallation"))).toBe(false);
    expect(informalPronoun.test(prose("Siehe https://example.com/dir/du und /files/dir/"))).toBe(false);
    expect(informalPronoun.test(prose("Hallo {{du}},"))).toBe(false);
  });
});
