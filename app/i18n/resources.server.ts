import { i18n } from "./i18n";

// Bundled into the server build: every language is available synchronously.
const files = import.meta.glob<{ default: Record<string, never> }>("../locales/*/*.json", { eager: true });

for (const [file, module] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (language && namespace) i18n.store.add(language, namespace, module.default);
}

export { i18n };
