// A small translator for i18next-format JSON (nested keys, "ns:key", {{name}} interpolation,
// key_one/key_other plurals). It replaces i18next + react-i18next, which cost ~19 KB of gzipped
// JavaScript on every page (docs/decisions/008-small-translator.md). spec §4: lookup falls back
// to the Vietnamese text, then to the key itself.
import { defaultLanguage, type Language } from "./language";

export type Tree = { [key: string]: string | Tree };
export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TranslateOptions) => string;

const DEFAULT_NAMESPACE = "common";

/** The texts of every loaded language and namespace; shared by all translators of a process. */
export class TranslationStore {
  private readonly bundles = new Map<string, Tree>();

  add(language: string, namespace: string, tree: Tree) {
    this.bundles.set(`${language}|${namespace}`, tree);
  }

  has(language: string, namespace: string) {
    return this.bundles.has(`${language}|${namespace}`);
  }

  get(language: string, namespace: string): Tree | undefined {
    return this.bundles.get(`${language}|${namespace}`);
  }

  lookup(language: string, namespace: string, key: string): string | undefined {
    let node: string | Tree | undefined = this.bundles.get(`${language}|${namespace}`);
    for (const part of key.split(".")) {
      if (node === undefined || typeof node === "string") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

export function createT(
  store: TranslationStore,
  language: Language,
  namespace = DEFAULT_NAMESPACE,
): TFunction {
  return (fullKey, options) => {
    const separator = fullKey.indexOf(":");
    const ns = separator > 0 ? fullKey.slice(0, separator) : namespace;
    const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
    // As in i18next, a count picks the plural form when the key has plural forms, and the key
    // itself when it has none: a count is also just a value to interpolate ("Learners
    // ({{count}}/{{capacity}})"), and without this fallback such a text showed its raw key.
    const find = (lang: string) => {
      if (typeof options?.count === "number") {
        return (
          store.lookup(lang, ns, `${key}_${pluralCategory(lang, options.count)}`) ??
          store.lookup(lang, ns, `${key}_other`) ??
          store.lookup(lang, ns, key)
        );
      }
      return store.lookup(lang, ns, key);
    };
    const text = find(language) ?? (language === defaultLanguage ? undefined : find(defaultLanguage));
    if (text === undefined) return options?.defaultValue ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      options && name in options ? String(options[name]) : match,
    );
  };
}

/** A translator for one language over a shared store; the browser's changes language in place. */
export class Translator {
  private listeners = new Set<() => void>();
  /** Namespaces this translator was asked for (a server render: those its page needs). */
  readonly usedNamespaces = new Set<string>([DEFAULT_NAMESPACE]);
  /** One t per language and namespace: a stable function, so components need not memoise it. */
  private readonly fixed = new Map<string, TFunction>();

  constructor(
    readonly store: TranslationStore,
    public language: Language,
  ) {}

  getFixedT(language: Language, namespace?: string) {
    if (namespace) this.usedNamespaces.add(namespace);
    const key = `${language}|${namespace ?? DEFAULT_NAMESPACE}`;
    let t = this.fixed.get(key);
    if (!t) {
      t = createT(this.store, language, namespace);
      this.fixed.set(key, t);
    }
    return t;
  }

  t(key: string, options?: TranslateOptions) {
    return createT(this.store, this.language)(key, options);
  }

  /** A translator for another language sharing these texts (one per server request). */
  withLanguage(language: Language) {
    return new Translator(this.store, language);
  }

  changeLanguage(language: Language) {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
