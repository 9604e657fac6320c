// React binding of the translator, shaped like react-i18next's: a provider per render tree
// (one per server request, one in the browser) and useTranslation(namespace).
import { createContext, type ReactNode, use, useContext, useMemo, useSyncExternalStore } from "react";
import { jsonForScript } from "~/lib/script-json";
import { i18n as processTranslator } from "./i18n";
import { defaultLanguage, type Language } from "./language";
import { loadNamespace } from "./load.client";
import type { TranslationStore, Translator, Tree } from "./translator";

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
const TEXTS_ID = "lernhaus-i18n-texts";

/** The texts of a page's namespaces, as the server writes them into the page: by
 * "language|namespace", in the page's language and in Vietnamese, the fallback (spec §4). */
type PageTexts = Record<string, Tree>;

/** Rendered after the page: the server writes the namespaces the page used and their texts, so
 * the browser hydrates with them at once (entry.client.tsx) instead of fetching them first, one
 * more round trip before the page responds. In the browser it renders what the server wrote. */
export function UsedNamespaces() {
  const { i18n, language } = useContext(TranslatorContext);
  if (typeof document !== "undefined") {
    const meta = document.querySelector(`meta[name="${NAMESPACES_META}"]`)?.getAttribute("content") ?? "";
    const texts = document.getElementById(TEXTS_ID)?.textContent ?? "{}";
    return <PageTextsTags namespaces={meta} texts={texts} />;
  }
  const namespaces = [...i18n.usedNamespaces];
  const texts: PageTexts = {};
  for (const lang of new Set([language, defaultLanguage])) {
    for (const namespace of namespaces) {
      const tree = i18n.store.get(lang, namespace);
      if (tree) texts[`${lang}|${namespace}`] = tree;
    }
  }
  return <PageTextsTags namespaces={namespaces.join(",")} texts={jsonForScript(texts)} />;
}

function PageTextsTags({ namespaces, texts }: { namespaces: string; texts: string }) {
  return (
    <>
      <meta name={NAMESPACES_META} content={namespaces} />
      {/* Data, not a script: the browser does not run it, so it needs no CSP nonce. */}
      <script
        type="application/json"
        id={TEXTS_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (jsonForScript)
        dangerouslySetInnerHTML={{ __html: texts }}
      />
    </>
  );
}

export function namespacesOfPage(): string[] {
  const content = document.querySelector(`meta[name="${NAMESPACES_META}"]`)?.getAttribute("content") ?? "";
  return content.split(",").filter(Boolean);
}

/** Puts the texts the server wrote into the page into `store` (before hydrating). */
export function addPageTexts(store: TranslationStore) {
  let texts: unknown;
  try {
    texts = JSON.parse(document.getElementById(TEXTS_ID)?.textContent ?? "{}");
  } catch {
    // A page without them (an old cached copy): the namespaces are fetched instead.
  }
  if (typeof texts !== "object" || texts === null) return;
  for (const [key, tree] of Object.entries(texts as PageTexts)) {
    const [language, namespace] = key.split("|");
    if (language && namespace && typeof tree === "object" && tree !== null && !store.has(language, namespace))
      store.add(language, namespace, tree);
  }
}

/** A thenable React reads as settled without waiting (its `status`, as `use` records it). */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

export function useTranslation(namespace = "common") {
  const { i18n, language } = useContext(TranslatorContext);
  // In the browser a namespace arrives with the first page that uses it: suspend until then.
  // Hydration and navigations are transitions, so the current screen stays up meanwhile. The
  // server has every namespace, so it never waits.
  // This hook holds no state of its own (context only, and a cached t): React replays a component
  // that suspended in `use` with the hooks it had already called, and a stateful hook before the
  // suspension (useSyncExternalStore here once) broke that replay when a live update arrived
  // meanwhile ("update hook called on initial render", then React's recoverable error #520).
  //
  // `use` is called on every render, with a settled thenable once the texts are there: React
  // replays a component that suspended with the namespace now loaded, and only a `use` at the same
  // place switches the replay to mounting the hooks after it. Skipped, those hooks were "updated"
  // on a first render (error #467, then #520) — an editor opened by a navigation, whose field
  // calls useState after its first useTranslation("rich-text"), did that.
  const loading = i18n.store.has(language, namespace) ? undefined : loadNamespace(language, namespace);
  use(loading ?? LOADED);
  // The language too: what formats numbers and durations (app/lib/format.ts) follows it.
  return { t: i18n.getFixedT(language, namespace), i18n, language };
}
