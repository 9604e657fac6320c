import { i18n } from "./i18n";
import { defaultLanguage, type Language } from "./language";
import { LOCALE_FILE_NAME, localeFilePath } from "./locale-files";

// Each language's namespace is its own JSON file of the build (ADR 044): a page fetches only the
// namespaces it uses, in its language and in Vietnamese, the fallback of spec §4. The page
// itself carries the texts it was rendered with (ADR 043); these fetches serve navigations and
// language switches.
const version = import.meta.env.LOCALES_VERSION as string | undefined;

async function fetchTexts(language: string, namespace: string): Promise<Record<string, never>> {
  if (!version || !LOCALE_FILE_NAME.test(namespace)) return {};
  const response = await fetch(localeFilePath(version, language, namespace));
  if (!response.ok) throw new Error(`texts ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, never>;
}
const pending = new Map<string, Promise<void>>();
/** Namespaces the page has asked for, so that a language change can load them all first. */
const used = new Set<string>(["common"]);

/** Loads a namespace unless it is there already; returns the promise to wait for, if any. */
export function loadNamespace(language: Language, namespace: string): Promise<void> | undefined {
  used.add(namespace);
  const languages = language === defaultLanguage ? [language] : [language, defaultLanguage];
  const missing = languages.filter((lang) => !i18n.store.has(lang, namespace));
  if (missing.length === 0) return undefined;
  const key = `${missing.join(",")}|${namespace}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = Promise.all(
      missing.map(async (lang) => {
        i18n.store.add(lang, namespace, await fetchTexts(lang, namespace));
      }),
    )
      .then(() => undefined)
      .finally(() => {
        // A failed fetch (offline for a moment) is tried again by the next render that needs it.
        pending.delete(key);
      });
    pending.set(key, loading);
  }
  return loading;
}

/** Switches the page's language once every namespace it shows is loaded in that language. */
export async function loadLanguage(language: Language) {
  await Promise.all([...used].map((namespace) => loadNamespace(language, namespace)));
  i18n.changeLanguage(language);
}
