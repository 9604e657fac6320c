// Every UI string goes through i18n (STYLE.md): this fails when a key is missing in any
// language, or when the code uses a literal key that the Vietnamese texts do not have.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/i18n/language";
import { createT, TranslationStore } from "~/i18n/translator";
import { flattenTranslations, type TranslationTree } from "../support/translation-keys";

const localesDir = path.resolve("app/locales");
function load(language: string, namespace: string) {
  return flattenTranslations(
    JSON.parse(
      fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8"),
    ) as TranslationTree,
  );
}

const namespaces = fs.readdirSync(path.join(localesDir, "vi")).map((file) => file.replace(/\.json$/, ""));

const store = new TranslationStore();
for (const language of languages)
  for (const namespace of namespaces)
    store.add(
      language,
      namespace,
      JSON.parse(
        fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8"),
      ) as TranslationTree,
    );

describe("translations", () => {
  it("have the same files in every language", () => {
    for (const language of languages) {
      const files = fs
        .readdirSync(path.join(localesDir, language))
        .map((file) => file.replace(/\.json$/, ""));
      expect(files.sort(), language).toEqual([...namespaces].sort());
    }
  });

  for (const namespace of namespaces) {
    it(`of "${namespace}" have every key in vi, en and de, none empty`, () => {
      const vi = load("vi", namespace);
      for (const language of languages) {
        const other = load(language, namespace);
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual([...vi.keys()].sort());
        for (const [key, value] of other)
          expect(value.trim(), `${language}/${namespace}.json ${key}`).not.toBe("");
      }
    });
  }

  it("cover every literal key the code uses", () => {
    const sourceFiles = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join("app", file));
    const missing: string[] = [];
    for (const file of sourceFiles) {
      const source = fs.readFileSync(file, "utf8");
      const declared =
        /useTranslation\("([\w-]+)"\)/.exec(source)?.[1] ??
        /getFixedT\([^,()]+,\s*"([\w-]+)"\)/.exec(source)?.[1] ??
        "common";
      for (const match of source.matchAll(/\bt\("([\w.:-]+)"(,\s*\{[^}]*\bcount\b)?/g)) {
        const [namespace, key] = match[1]!.includes(":") ? match[1]!.split(":") : [declared, match[1]!];
        // Resolved by the app's own translator, so that a call it cannot resolve (a count given
        // to a key with or without plural forms, a wrong namespace) fails here, in every language.
        const counts = match[2] ? [0, 1, 2] : [undefined];
        for (const language of languages)
          for (const count of counts)
            if (createT(store, language, namespace)(key!, { count }) === key)
              missing.push(
                `${file}: ${match[1]} (${language}${count === undefined ? "" : `, count ${count}`})`,
              );
      }
      for (const match of source.matchAll(/pageMeta\([^,]+,\s*"([\w.:-]+)"\)/g)) {
        const [namespace, prefix] = match[1]!.includes(":") ? match[1]!.split(":") : ["common", match[1]!];
        for (const suffix of ["title", "description"]) {
          if (!namespaces.includes(namespace!) || !load("vi", namespace!).has(`${prefix}.${suffix}`)) {
            missing.push(`${file}: ${match[1]}.${suffix}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
