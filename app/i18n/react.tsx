// React binding of the translator, shaped like react-i18next's: a provider per render tree
// (one per server request, one in the browser) and useTranslation(namespace).
import { createContext, type ReactNode, use, useContext, useMemo, useSyncExternalStore } from "react";
import { i18n as processTranslator } from "./i18n";
import type { Language } from "./language";
import { loadNamespace } from "./load.client";
import type { Translator } from "./translator";

type TranslatorState = { i18n: Translator; language: Language };
const TranslatorContext = createContext<TranslatorState>({
  i18n: processTranslator,
  language: processTranslator.language,
});

/** The one place that follows the language: a change re-renders every useTranslation below. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  const language = useSyncExternalStore(
    (listener) => i18n.subscribe(listener),
    () => i18n.language,
    () => i18n.language,
  );
  const state = useMemo(() => ({ i18n, language }), [i18n, language]);
  return <TranslatorContext.Provider value={state}>{children}</TranslatorContext.Provider>;
}

const NAMESPACES_META = "lernhaus-i18n-namespaces";

/** Rendered after the page: the server writes the namespaces the page used, which the browser
 * loads before hydrating (entry.client.tsx), so hydration never waits for translations. */
export function UsedNamespaces() {
  const { i18n } = useContext(TranslatorContext);
  const content =
    typeof document === "undefined"
      ? [...i18n.usedNamespaces].join(",")
      : (document.querySelector(`meta[name="${NAMESPACES_META}"]`)?.getAttribute("content") ?? "");
  return <meta name={NAMESPACES_META} content={content} />;
}

export function namespacesOfPage(): string[] {
  const content = document.querySelector(`meta[name="${NAMESPACES_META}"]`)?.getAttribute("content") ?? "";
  return content.split(",").filter(Boolean);
}

export function useTranslation(namespace = "common") {
  const { i18n, language } = useContext(TranslatorContext);
  // In the browser a namespace arrives with the first page that uses it: suspend until then.
  // Hydration and navigations are transitions, so the current screen stays up meanwhile. The
  // server has every namespace, so it never waits.
  // This hook holds no state of its own (context only, and a cached t): React replays a component
  // that suspended in `use` with the hooks it had already called, and a stateful hook before the
  // suspension (useSyncExternalStore here once) broke that replay when a live update arrived
  // meanwhile ("update hook called on initial render", then React's recoverable error #520).
  if (!i18n.store.has(language, namespace)) {
    const loading = loadNamespace(language, namespace);
    if (loading) use(loading);
  }
  // The language too: what formats numbers and durations (app/lib/format.ts) follows it.
  return { t: i18n.getFixedT(language, namespace), i18n, language };
}
