// One i18next instance per JavaScript environment. The server adds every language's resources
// (resources.server.ts) and clones the instance per request; the browser loads only the
// languages it shows (load.client.ts).
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage } from "./language";

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: defaultLanguage,
  // spec §4: lookup falls back to the Vietnamese text, then to the key itself.
  fallbackLng: defaultLanguage,
  // Namespaces are the files in app/locales/<language>/; each page uses its own.
  ns: ["common"],
  defaultNS: "common",
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  resources: {},
  react: { useSuspense: false },
});
