// The texts a server-rendered page carries for hydration (UsedNamespaces, app/i18n/react.tsx):
// the namespaces the page used, in its language and in Vietnamese (the fallback), and nothing
// else; no text can end the <script> element early.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, UsedNamespaces, useTranslation } from "~/i18n/react";
import { TranslationStore, Translator } from "~/i18n/translator";

const store = new TranslationStore();
for (const language of ["vi", "en", "de"]) {
  store.add(language, "common", { nav: { home: `home ${language}` } });
  store.add(language, "home", { hero: { title: `</script><script>alert("${language}")</script>` } });
  store.add(language, "admin-posts", { title: `posts ${language}` });
}

function Page() {
  const { t } = useTranslation("home");
  return <h1>{t("hero.title")}</h1>;
}

/** The page's texts as the browser reads them back (JSON.parse of the script's content). */
function renderedTexts(language: "vi" | "en" | "de") {
  const html = renderToString(
    <I18nProvider i18n={new Translator(store, language)}>
      <Page />
      <UsedNamespaces />
    </I18nProvider>,
  );
  const script = /<script type="application\/json" id="lernhaus-i18n-texts">([\s\S]*?)<\/script>/.exec(html);
  const meta = /<meta name="lernhaus-i18n-namespaces" content="([^"]*)"/.exec(html);
  return { script: script?.[1] ?? "", namespaces: meta?.[1], texts: JSON.parse(script?.[1] ?? "null") };
}

describe("a page's texts for hydration", () => {
  it.each(["en", "de"] as const)(
    "carry the used namespaces in %s and in Vietnamese, no others",
    (language) => {
      const { texts, namespaces } = renderedTexts(language);
      expect(namespaces?.split(",").sort()).toEqual(["common", "home"]);
      expect(Object.keys(texts).sort()).toEqual([
        `${language}|common`,
        `${language}|home`,
        "vi|common",
        "vi|home",
      ]);
      expect(texts[`${language}|home`]).toEqual(store.get(language, "home"));
    },
  );

  it("carry Vietnamese once on a Vietnamese page", () => {
    expect(Object.keys(renderedTexts("vi").texts).sort()).toEqual(["vi|common", "vi|home"]);
  });

  it("cannot end their script element, whatever a text holds", () => {
    const { script, texts } = renderedTexts("en");
    expect(script).not.toContain("<");
    expect(texts["en|home"].hero.title).toBe('</script><script>alert("en")</script>');
  });
});
