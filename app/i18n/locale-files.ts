// Where the browser finds one namespace's texts in one language: a JSON file of the build
// (written by the Vite plugin in vite/locale-files.ts, served with /assets' year-long cache).
// The folder is named by a hash of all the texts, so a deploy that changes any text is fetched
// anew, and the browser needs no map from names to hashed files (ADR 044: that map was
// 1.4 KB of gzipped JavaScript on every page).
export function localeFilePath(version: string, language: string, namespace: string): string {
  return `/assets/locales-${version}/${language}/${namespace}.json`;
}

/** Namespace and language names are file names: letters, digits and dashes only. */
export const LOCALE_FILE_NAME = /^[a-z0-9-]+$/;
