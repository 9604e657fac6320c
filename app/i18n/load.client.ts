import { i18n } from "./i18n";
import { defaultLanguage, type Language } from "./language";

// Each language's namespace file is its own chunk: a page fetches only the namespaces it uses,
// in its language and in Vietnamese, the fallback of spec §4.
const files = import.meta.glob<{ default: Record<string, never> }>("../locales/*/*.json");
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
        const load = files[`../locales/${lang}/${namespace}.json`];
        i18n.store.add(lang, namespace, load ? (await load()).default : {});
      }),
    ).then(() => {
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
