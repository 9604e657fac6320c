// The locale files as flat maps, key path → text ("details.title" → "Thanh toán học phí"), for the
// tests that compare languages (tests/unit/translations.test.ts) and look for raw keys on screen
// (tests/component/render.tsx).
export type TranslationTree = { [key: string]: string | TranslationTree };

export function flattenTranslations(tree: TranslationTree, prefix = ""): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") keys.set(full, value);
    else for (const [inner, text] of flattenTranslations(value, full)) keys.set(inner, text);
  }
  return keys;
}
