// House rule: German addresses the reader formally ("Sie", "Ihnen", "Ihr") on every page, form
// and mail. This fails, listing `file: key: text`, when a German text uses "du" or "ihr" (plural)
// forms: the pronouns and possessives as whole words, the verb forms that only go with "du" and
// the imperatives said to one "du" ("Hinterlass", "Wähle"). It reads the interface's texts, the
// German of the demo content a new install shows (issue 32), and the one mail whose German is
// written in its template rather than in the texts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postTranslations } from "~/db/demo-content.post-translations";
import * as demoTranslations from "~/db/demo-content.translations";
import { demoPlacementQuestions } from "~/db/demo-placement-questions";
import { messageReplyDraft } from "~/mail/templates/message-reply.server";

const germanDir = path.resolve("app/locales/de");
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[full, value] as [string, string]] : flatten(value, full);
  });
}

const interfaceTexts = fs
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

/** The demo post about "du" and "Sie" names the word it explains ("Wann sagt man du?"): there
 * "du" is a mention, not an address, and only that word is let through. */
const DU_SIE_POST = "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc";

/** Every text under a `de` key of the demo content's translations, with its path. */
function germanOf(value: unknown, key: string, inGerman = false): { key: string; text: string }[] {
  if (typeof value === "string") return inGerman ? [{ key, text: value }] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, inner]) =>
    germanOf(inner, `${key}.${name}`, inGerman || name === "de"),
  );
}

// The placement test's explanations are the reader's; its prompts are German exercises ("___
// wohnst du?"), quoted speech between people, not an address to the reader, and are left out.
const placementExplanations = demoPlacementQuestions.map(({ explanation }) => ({ de: explanation.de }));

const demoTexts = germanOf({ ...demoTranslations, postTranslations, placementExplanations }, "demo-content")
  .filter(({ key }) => !key.endsWith(".slug"))
  .map(({ key, text }) => ({
    file: "app/db/demo-*.ts",
    key,
    text: key.includes(`.${DU_SIE_POST}.`)
      ? text.replace(/(?<![\p{L}\p{N}_])du(?![\p{L}\p{N}_])/giu, " ")
      : text,
  }));

/** The reply to a German question: its greeting, signature, quoted question and footer. */
const reply = messageReplyDraft(
  {
    name: "Anna",
    email: "anna@example.test",
    subject: "schedule",
    message: "Wann beginnt der nächste Kurs?",
    language: "de",
    createdAt: new Date("2026-09-01T03:00:00Z"),
  },
  { authorName: "Thomas Becker", replyTo: "info@example.test" },
);
const mailTexts = [
  { key: "text", text: reply.text },
  { key: "after", text: reply.after },
].map((text) => ({ file: "app/mail/templates/message-reply.server.ts", ...text }));

const texts = [...interfaceTexts, ...demoTexts, ...mailTexts];

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

/** Imperatives said to one "du": the formal ones go with "Sie" ("Wählen Sie"). Only those that
 * are no noun or "ich" form as well ("Folge", "Frage", "ich bestätige" are left out). */
const informalImperative = word([
  "hinterlass",
  "hinterlasse",
  "wähle",
  "gib",
  "schreib",
  "sieh",
  "lies",
  "nimm",
  "klicke",
  "trag",
  "füll",
  "fülle",
  "probier",
  "probiere",
  "komm",
  "mach",
  "schau",
  "vergiss",
  "ruf",
  "entdecke",
  "registriere",
  "kontaktiere",
  "öffne",
  "scanne",
  "überweise",
]);

function offenders(pattern: RegExp): string[] {
  return texts
    .filter(({ text }) => pattern.test(prose(text)))
    .map(({ file, key, text }) => `${file}: ${key}: ${text}`);
}

describe("German texts address the reader formally", () => {
  it("read some texts: the interface's, the demo content's and the reply mail's", () => {
    expect(interfaceTexts.length).toBeGreaterThan(100);
    expect(demoTexts.length).toBeGreaterThan(100);
    expect(demoTexts.some(({ text }) => text.includes("Sie lernen die Aussprache"))).toBe(true);
    expect(reply.after).toContain("Sie erhalten diese E-Mail");
  });

  it("use no du/dich/dir/dein…/euch/euer… (Sie, Ihnen, Ihr… instead)", () => {
    expect(offenders(informalPronoun)).toEqual([]);
  });

  it("use no verb forms that go with du (kannst, hast, bist…)", () => {
    expect(offenders(informalVerb)).toEqual([]);
  });

  it("use no imperatives said to du (Hinterlass, Wähle…: Hinterlassen Sie, Wählen Sie)", () => {
    expect(offenders(informalImperative)).toEqual([]);
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
    // The example (issue 32): the old /de/enroll mixed both forms.
    expect(informalPronoun.test(prose("Hinterlass deine Daten, wir melden uns."))).toBe(true);
    expect(informalImperative.test(prose("Hinterlass deine Daten, wir melden uns."))).toBe(true);
    expect(informalImperative.test(prose("Wähle einen Kurs"))).toBe(true);
    expect(informalImperative.test(prose("Hinterlassen Sie Ihre Daten. Wählen Sie einen Kurs."))).toBe(false);
    expect(informalImperative.test(prose("2 Termine in Folge gefehlt. Ihre Frage an uns."))).toBe(false);
    // "Ihr", "Ihnen", "ihr" (her, their) are no informal address.
    expect(informalPronoun.test(prose("Ihr Kurs beginnt. Wir schreiben Ihnen und ihr."))).toBe(false);
  });
});
