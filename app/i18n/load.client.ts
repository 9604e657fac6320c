import { i18n } from "./i18n";
import { defaultLanguage, type Language } from "./language";

// Each language's files become their own chunks; the browser fetches only what it shows,
// plus Vietnamese as the fallback of spec §4.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

export async function loadLanguage(language: Language) {
  const wanted = language === defaultLanguage ? [language] : [language, defaultLanguage];
  await Promise.all(
    Object.entries(files).map(async ([file, load]) => {
      const [, lang, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
      if (!lang || !namespace || !wanted.includes(lang as Language)) return;
      if (i18n.hasResourceBundle(lang, namespace)) return;
      i18n.addResourceBundle(lang, namespace, (await load()).default, true, true);
    }),
  );
  await i18n.changeLanguage(language);
}
